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
const CHURN = `const v8 = require('node:v8'); const keep = [];
for (let i = 0; i < 400; i += 1) { keep.push(new Array(50000).fill({ i })); if (keep.length > 20) keep.shift(); }
Math.round(v8.getHeapStatistics().total_heap_size / 1e6)`;
const SCRIPT = (reset: boolean) => `
${reset ? `await import(${JSON.stringify(module)});` : ''}
const { Worker } = await import('node:worker_threads');
const { createRequire } = await import('node:module');
const require = createRequire(import.meta.url);
const thread = await new Promise((resolve, reject) => {
  const worker = new Worker(${JSON.stringify(`const { parentPort } = require('node:worker_threads'); parentPort.postMessage(eval(${JSON.stringify(CHURN)}));`)}, { eval: true, execArgv: [] });
  worker.once('message', resolve);
  worker.once('error', reject);
});
const main = eval(${JSON.stringify(CHURN)});
console.log(JSON.stringify({ thread, main }));
`;

function heaps(flags: string[], reset: boolean): { thread: number; main: number } {
  const out = execFileSync(
    process.execPath,
    ['--single-threaded-gc', ...flags, '--import', 'tsx', '--input-type=module', '-e', SCRIPT(reset)],
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
  // The flag, left alone, reaches threads: their heaps grow further before a full collection.
  expect(flagged.thread).toBeGreaterThan(plain.thread * 1.2);
  // Reset: threads are sized as without the flag, the main thread as with it.
  expect(reset.thread).toBeLessThanOrEqual(plain.thread * 1.05);
  expect(reset.main).toBeGreaterThanOrEqual(flagged.main * 0.9);
});
