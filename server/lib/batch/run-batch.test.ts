import { afterEach, expect, test, vi } from 'vitest';
import { runBatch } from './run-batch.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A worker whose calls wait until the test settles them; records the signal each call got. */
function controlledWorker() {
  const calls = new Map<
    string,
    { resolve: (value: string) => void; reject: (error: unknown) => void; signal: AbortSignal }
  >();
  const worker = (item: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls.set(item, { resolve, reject, signal });
    });
  return { worker, calls };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const unfinished = (item: string) => `timed out ${item}`;

test('results keep input order and no more than the limit run at once', async () => {
  vi.useFakeTimers();
  const { worker, calls } = controlledWorker();
  const batch = runBatch(['a', 'b', 'c', 'd'], { concurrency: 2, deadlineMs: 30_000 }, worker, unfinished);
  await flush();
  expect([...calls.keys()]).toEqual(['a', 'b']);
  calls.get('b')!.resolve('done b');
  await flush();
  expect([...calls.keys()]).toEqual(['a', 'b', 'c']);
  calls.get('c')!.resolve('done c');
  calls.get('a')!.resolve('done a');
  await flush();
  calls.get('d')!.resolve('done d');
  expect(await batch).toEqual(['done a', 'done b', 'done c', 'done d']);
  // The deadline timer is gone once the batch is done.
  expect(vi.getTimerCount()).toBe(0);
});

test('at the deadline, work in flight is cancelled and every unfinished item is reported as timed out', async () => {
  vi.useFakeTimers();
  const { worker, calls } = controlledWorker();
  const batch = runBatch(['a', 'b', 'c'], { concurrency: 2, deadlineMs: 25_000 }, worker, unfinished);
  await flush();
  calls.get('a')!.resolve('done a');
  await flush();
  expect([...calls.keys()]).toEqual(['a', 'b', 'c']);
  await vi.advanceTimersByTimeAsync(24_999);
  expect(calls.get('b')!.signal.aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await batch).toEqual(['done a', 'timed out b', 'timed out c']);
  expect(calls.get('b')!.signal.aborted).toBe(true);
  // A worker that fails after the deadline changes nothing (and is no unhandled rejection).
  calls.get('b')!.reject(new Error('cancelled'));
  await flush();
});

test('items not started by the deadline are never started', async () => {
  vi.useFakeTimers();
  const { worker, calls } = controlledWorker();
  const batch = runBatch(['a', 'b', 'c'], { concurrency: 1, deadlineMs: 1000 }, worker, unfinished);
  await vi.advanceTimersByTimeAsync(1000);
  expect(await batch).toEqual(['timed out a', 'timed out b', 'timed out c']);
  expect([...calls.keys()]).toEqual(['a']);
});

test('when the client leaves, work stops at once', async () => {
  vi.useFakeTimers();
  const { worker, calls } = controlledWorker();
  const client = new AbortController();
  const batch = runBatch(['a', 'b'], { concurrency: 1, deadlineMs: 25_000, signal: client.signal }, worker, unfinished);
  await flush();
  client.abort();
  expect(await batch).toEqual(['timed out a', 'timed out b']);
  expect(calls.get('a')!.signal.aborted).toBe(true);
  expect([...calls.keys()]).toEqual(['a']);
  expect(vi.getTimerCount()).toBe(0);
});

test('a worker that fails for a real reason fails the batch', async () => {
  vi.useFakeTimers();
  const { worker, calls } = controlledWorker();
  const batch = runBatch(['a'], { concurrency: 1, deadlineMs: 1000 }, worker, unfinished);
  await flush();
  calls.get('a')!.reject(new TypeError('bug'));
  await expect(batch).rejects.toThrow('bug');
});
