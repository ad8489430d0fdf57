import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

// Lint checks each file's own imports; this checks what really reaches the browser: every island
// bundled with everything it imports, transitively (docs/decisions/0005 and 0013).
const ISLANDS = readdirSync('views', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('Widget.tsx'))
  .map((path) => `views/${path}`)
  .sort();

test('no island bundles zod, server/ or db/ code', async () => {
  expect(ISLANDS.length).toBeGreaterThan(20);
  const result = await build({
    entryPoints: ISLANDS,
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((path) => /node_modules\/zod\/|^server\/|^db\//.test(path))).toEqual([]);
});
