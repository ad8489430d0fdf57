import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { importCircles, importGraph, longFunctions, trackedSources } from '#test/helpers/source-graph.ts';

/*
 * The house rules a reviewer would otherwise count by hand (../shared/ARCHITECTURE.md, issue 32), over the
 * git-tracked sources of server/ db/ views/ client/ scripts/, tests left out. Each failure names its offenders.
 */

const sources = trackedSources();

test('no import circle, type imports included', () => {
  expect(importCircles(importGraph(sources)).map((circle) => circle.join(' → '))).toEqual([]);
});

test('no function longer than 200 lines, and at most 6 longer than 120', () => {
  const long = longFunctions(sources, 120).map(({ at, name, lines }) => `${lines} lines: ${name} (${at})`);
  expect(long.filter((entry) => Number.parseInt(entry, 10) > 200)).toEqual([]);
  expect(long.length, `functions over 120 lines:\n${long.join('\n')}`).toBeLessThanOrEqual(6);
});

test('no file in db/ longer than 400 lines (one module per table)', () => {
  const long = sources
    .filter((file) => file.startsWith('db/'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter(({ lines }) => lines > 400)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});

test('loading the configuration (server/config/index.ts) reaches at most 40 of our files', async () => {
  const { metafile } = await build({
    entryPoints: ['server/config/index.ts'],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const reached = Object.keys(metafile.inputs).sort();
  expect(reached.length, `server/config/index.ts loads:\n${reached.join('\n')}`).toBeLessThanOrEqual(40);
});
