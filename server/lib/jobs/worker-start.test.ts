import { afterEach, expect, test, vi } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { startWhenReady } from './worker-start.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A stand-in for a BullMQ Worker: ready or not, and what was done to it. */
function fakeWorker(ready: boolean) {
  const worker = {
    ran: false,
    closed: false,
    waitUntilReady: () => (ready ? Promise.resolve() : Promise.reject(new Error('Connection terminated unexpectedly'))),
    run: async () => {
      worker.ran = true;
    },
    close: async () => {
      worker.closed = true;
    },
  };
  return worker;
}

const log = createLogger('silent');

test('a Worker that could not start is closed and a new one made after a pause, until one starts; only that one runs', async () => {
  vi.useFakeTimers();
  const made = [fakeWorker(false), fakeWorker(false), fakeWorker(true)];
  const queue = [...made];
  const started = startWhenReady(() => queue.shift()!, { closed: () => false, log, job: 'site-audit' });
  await vi.advanceTimersByTimeAsync(999);
  expect(queue).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1); // 1 s after the first failure
  await vi.advanceTimersByTimeAsync(2_000); // then 2 s
  expect(await started).toBe(made[2]);
  expect(made.map((worker) => [worker.ran, worker.closed])).toEqual([
    [false, true],
    [false, true],
    [true, false],
  ]);
});

test('the job system closing ends the tries: nothing more is made, and a Worker ready too late does not run', async () => {
  let closed = false;
  const late = fakeWorker(true);
  const started = startWhenReady(
    () => {
      closed = true;
      return late;
    },
    { closed: () => closed, log, job: 'site-audit' },
  );
  expect(await started).toBeUndefined();
  expect([late.ran, late.closed]).toEqual([false, true]);
});
