import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/*
 * The flag reset must reach the threads and only them. Each child below allocates the same garbage in
 * a worker thread and in its main thread (a ring of 20 arrays of 50,000 slots: 8 MB live, 160 MB made)
 * and prints both heaps' sizes afterwards. With --single-threaded-gc (no concurrent marking) V8's sizing
 * is the same run after run, however busy the machine is.
 */
const module = fileURLToPath(new URL('./thread-heaps.ts', import.meta.url));
/** What each thread prints once it has churned: its heap's size (MB), or its new space's (MB, both semi-spaces). */
const HEAP_SIZE = 'Math.round(v8.getHeapStatistics().total_heap_size / 1e6)';
const NEW_SPACE = `v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576`;
const CHURN = (measure: string) => `const v8 = require('node:v8'); const keep = [];
for (let i = 0; i < 400; i += 1) { keep.push(new Array(50000).fill({ i })); if (keep.length > 20) keep.shift(); }
${measure}`;
const SCRIPT = (reset: boolean, measure: string) => `
${reset ? `await import(${JSON.stringify(module)});` : ''}
const { Worker } = await import('node:worker_threads');
const { createRequire } = await import('node:module');
const require = createRequire(import.meta.url);
const thread = await new Promise((resolve, reject) => {
  const worker = new Worker(${JSON.stringify(`const { parentPort } = require('node:worker_threads'); parentPort.postMessage(eval(${JSON.stringify(CHURN(measure))}));`)}, { eval: true, execArgv: [] });
  worker.once('message', resolve);
  worker.once('error', reject);
});
const main = eval(${JSON.stringify(CHURN(measure))});
console.log(JSON.stringify({ thread, main }));
`;

function heaps(flags: string[], reset: boolean, measure = HEAP_SIZE): { thread: number; main: number } {
  const out = execFileSync(
    process.execPath,
    ['--single-threaded-gc', ...flags, '--import', 'tsx', '--input-type=module', '-e', SCRIPT(reset, measure)],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as { thread: number; main: number };
}

test('with --initial-old-space-size=128 the main thread keeps the larger start, threads get V8 default', () => {
  const plain = heaps([], false);
  const flagged = heaps(['--initial-old-space-size=128'], false);
  const reset = heaps(['--initial-old-space-size=128'], true);
  // The reset also gives threads 4 MB semi-spaces (below), which changes how far their heaps grow.
  const smallYoung = heaps(['--max-semi-space-size=4'], false);
  // The flag, left alone, reaches threads: their heaps grow further before a full collection.
  expect(flagged.thread).toBeGreaterThan(plain.thread * 1.2);
  // Reset: threads are sized as without the flag (with their semi-spaces), the main thread as with it.
  expect(reset.thread).toBeLessThanOrEqual(smallYoung.thread * 1.05);
  expect(reset.main).toBeGreaterThanOrEqual(flagged.main * 0.9);
});

test('with --max-semi-space-size=8 the main thread keeps its young generation, threads get 4 MB semi-spaces', () => {
  const flagged = heaps(['--max-semi-space-size=8'], false, NEW_SPACE);
  const reset = heaps(['--max-semi-space-size=8'], true, NEW_SPACE);
  // Left alone, the flag reaches threads: their new space grows to two semi-spaces of 8 MB.
  expect(flagged).toEqual({ thread: 16, main: 16 });
  // Reset (THREAD_SEMI_SPACE_MB, not imported here: importing it sets this process's flags): two of 4 MB.
  expect(reset).toEqual({ thread: 8, main: 16 });
});
