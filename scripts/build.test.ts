import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
// @ts-expect-error plain ESM build helper without type declarations
import { forbidServerImports } from './lib/forbid-server-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function bundle(contents: string) {
  return esbuild.build({
    absWorkingDir: root,
    stdin: { contents, resolveDir: `${root}client`, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [forbidServerImports(root)],
  });
}

test('the client build fails when its graph reaches server/ or db/', async () => {
  await expect(
    bundle("import { loadConfig } from '#server/config/index.ts'; console.log(loadConfig);"),
  ).rejects.toThrow(/client bundle imports server-only module server\/config\/index\.ts/);
  await expect(bundle("import { openDatabase } from '#db/index.ts'; console.log(openDatabase);")).rejects.toThrow(
    /db\/index\.ts/,
  );
});

test('client and views modules build fine', async () => {
  const result = await bundle(
    "import { separateWithCommas } from '#views/tools/comma-separator/logic.ts'; console.log(separateWithCommas('a'));",
  );
  expect(result.errors).toEqual([]);
});
