import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { bundleForBrowser, serverOnlyInputs } from '#test/helpers/bundle.ts';

// Lint checks each file's own imports; this checks what really reaches the browser: every island
// bundled with everything it imports, transitively (docs/decisions/0005 and 0014).
const ISLANDS = readdirSync('views', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('Widget.tsx'))
  .map((path) => `views/${path}`)
  .sort();

test('no island bundles zod, server/ or db/ code', async () => {
  expect(ISLANDS.length).toBeGreaterThan(20);
  const { metafile } = await bundleForBrowser(ISLANDS);
  expect(serverOnlyInputs(metafile)).toEqual([]);
});
