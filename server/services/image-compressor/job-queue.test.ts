import { expect, test } from 'vitest';
import { BusyError } from '#server/services/domain-errors.ts';
import { createJobQueue } from './job-queue.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

test('runs at most `concurrency` jobs at once and starts waiting jobs in order', async () => {
  const queue = createJobQueue({ concurrency: 2, maxQueued: 5, retryAfterSeconds: 3 });
  const gates = [deferred(), deferred(), deferred()];
  const started: number[] = [];
  const runs = gates.map((gate, i) => queue.run(async () => { started.push(i); await gate.promise; return i; }));
  await Promise.resolve();
  expect(started).toEqual([0, 1]);
  expect(queue.stats()).toEqual({ running: 2, queued: 1 });
  gates[0].resolve();
  await runs[0];
  await Promise.resolve();
  expect(started).toEqual([0, 1, 2]);
  gates[1].resolve();
  gates[2].resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  expect(queue.stats()).toEqual({ running: 0, queued: 0 });
});

test('a saturated queue refuses with 503 and Retry-After', async () => {
  const queue = createJobQueue({ concurrency: 1, maxQueued: 1, retryAfterSeconds: 7 });
  const gate = deferred();
  const first = queue.run(() => gate.promise);
  const second = queue.run(() => Promise.resolve());
  const error = await queue.run(() => Promise.resolve()).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(BusyError);
  expect((error as BusyError).retryAfterSeconds).toBe(7);
  gate.resolve();
  await Promise.all([first, second]);
});

test('a failing job frees its slot', async () => {
  const queue = createJobQueue({ concurrency: 1, maxQueued: 0, retryAfterSeconds: 1 });
  await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await queue.run(() => Promise.resolve('ok'))).toBe('ok');
});
