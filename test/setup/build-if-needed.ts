import { spawnSync } from 'node:child_process';

/**
 * Unit and API tests render pages with the real asset manifest and a few start dist/server.js,
 * so `npm run test:unit` on a fresh clone builds first. `--if-needed` compares a hash of every
 * build input with the last build's, so after `npm test`'s own build this costs one hash.
 */
export default function buildIfNeeded(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The build failed (exit ${result.status}); unit tests need it.`);
}
