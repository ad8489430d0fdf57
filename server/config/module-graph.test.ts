import { build } from 'esbuild';
import { expect, test } from 'vitest';

/** The project's own files that loading `entry` reaches (packages left out), as esbuild resolves them. */
async function filesReachedFrom(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs).sort();
}

// Every process and job thread loads the configuration first: it must stay small, and a feature's
// defaults live below it (server/config/site-audit-defaults.ts), never in the feature (docs/decisions/0052).
test('loading the configuration reaches at most 40 files, none of them a feature', async () => {
  const files = await filesReachedFrom('server/config/index.ts');
  expect(files.filter((file) => file.startsWith('server/features/'))).toEqual([]);
  expect(files.length).toBeGreaterThan(10);
  expect(files.length).toBeLessThanOrEqual(40);
});
