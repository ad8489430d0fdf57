import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createRuns, mergeRuns, type RunRow } from './runs.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function runsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'log-runs-'));
  dirs.push(dir);
  return join(dir, 'runs');
}

const row = (text: string, combo: number, hits: number, first: number, last = first): RunRow => ({
  text,
  combo,
  hits,
  bytes: hits * 10,
  first,
  last,
});

async function merged(files: readonly string[], batchRows: number): Promise<RunRow[][]> {
  const batches: RunRow[][] = [];
  for await (const batch of mergeRuns(files, batchRows)) batches.push(batch);
  return batches;
}

test('runs merge into each key once, in order, hits and bytes summed, first and last seen the extremes', async () => {
  const runs = createRuns(runsDir());
  await runs.write([row('/', 2000, 2, 50, 60), row('/a', 2000, 1, 10), row('/b?x=1', 2404, 1, 5)]);
  await runs.write([row('/', 2000, 1, 40), row('/', 2301, 4, 70, 90), row('/b?x=1', 2404, 3, 1, 2)]);
  await runs.write([]);
  await runs.write([row('/', 2000, 5, 55, 100), row('/c', 3200, 1, 7)]);
  expect(runs.files()).toHaveLength(4);
  expect(await merged(runs.files(), 2)).toEqual([
    [row('/', 2000, 8, 40, 100), row('/', 2301, 4, 70, 90)],
    [row('/a', 2000, 1, 10), row('/b?x=1', 2404, 4, 1, 5)],
    [row('/c', 3200, 1, 7)],
  ]);
});

test('no runs merge into nothing; a try after a stopped one starts from an empty directory, and remove takes it away', async () => {
  expect(await merged([], 10)).toEqual([]);
  const dir = runsDir();
  await createRuns(dir).write([row('/stale', 2000, 9, 1)]);
  writeFileSync(join(dir, 'run-7.tsv'), '/left\t2000\t1\t1\t1\t1\n');
  const again = createRuns(dir);
  await again.write([row('/', 2000, 1, 1)]);
  expect(readdirSync(dir)).toEqual(['run-0.tsv']);
  expect(await merged(again.files(), 10)).toEqual([[row('/', 2000, 1, 1)]]);
  await again.remove();
  expect(existsSync(dir)).toBe(false);
});
