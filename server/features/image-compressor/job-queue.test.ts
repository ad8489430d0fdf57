import { afterEach, expect, test, vi } from 'vitest';
import { ImageCompressorError } from './errors.ts';
import { createJobQueue, type JobQueueOptions } from './job-queue.ts';
import { nextTurn as flush, rejectionOf } from '#test/helpers/async.ts';

afterEach(() => {
  vi.useRealTimers();
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function queueWith(overrides: Partial<JobQueueOptions> = {}) {
  return createJobQueue({
    concurrency: 2,
    maxQueued: 5,
    memoryBudgetBytes: 1000,
    maxPerClient: 10,
    retryAfterSeconds: 3,
    ...overrides,
  });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ImageCompressorError);

/** `count` jobs of cost 1, each held until its gate opens; `started` lists them as they start. */
function gatedJobs(queue: ReturnType<typeof queueWith>, count: number) {
  const gates = Array.from({ length: count }, () => deferred());
  const started: number[] = [];
  const runs = gates.map((gate, i) =>
    queue.run({ cost: 1 }, async () => {
      started.push(i);
      await gate.promise;
      return i;
    }),
  );
  return { gates, started, runs };
}

test('runs at most `concurrency` jobs at once and starts waiting jobs in order', async () => {
  const queue = queueWith();
  const { gates, started, runs } = gatedJobs(queue, 3);
  await flush();
  expect(started).toEqual([0, 1]);
  expect(queue.stats()).toEqual({ running: 2, queued: 1, bytesInFlight: 2 });
  gates[0].resolve();
  await runs[0];
  await flush();
  expect(started).toEqual([0, 1, 2]);
  gates[1].resolve();
  gates[2].resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  expect(queue.stats()).toEqual({ running: 0, queued: 0, bytesInFlight: 0 });
});

test('a job waits until its estimated memory fits beside the running ones, even with a free slot', async () => {
  const queue = queueWith({ concurrency: 4, memoryBudgetBytes: 1000 });
  const big = deferred();
  const started: string[] = [];
  const first = queue.run({ cost: 700 }, async () => {
    started.push('big');
    await big.promise;
  });
  const second = queue.run({ cost: 400 }, async () => {
    started.push('second');
  });
  // FIFO: a small job behind the waiting one does not overtake it.
  const third = queue.run({ cost: 10 }, async () => {
    started.push('third');
  });
  await flush();
  expect(started).toEqual(['big']);
  expect(queue.stats()).toMatchObject({ running: 1, queued: 2, bytesInFlight: 700 });
  big.resolve();
  await Promise.all([first, second, third]);
  expect(started).toEqual(['big', 'second', 'third']);
});

test('a job larger than the whole budget still runs alone instead of stalling the line', async () => {
  const queue = queueWith({ memoryBudgetBytes: 100 });
  expect(await queue.run({ cost: 5000 }, async () => 'ran')).toBe('ran');
});

test('a full queue refuses at once with busy and Retry-After', async () => {
  const queue = queueWith({ concurrency: 1, maxQueued: 1, retryAfterSeconds: 7 });
  const gate = deferred();
  const first = queue.run({ cost: 1 }, () => gate.promise);
  const second = queue.run({ cost: 1 }, () => Promise.resolve());
  const error = await failure(queue.run({ cost: 1 }, () => Promise.resolve()));
  expect([error.code, error.retryAfterSeconds, error.message]).toEqual([
    'busy',
    7,
    'The image compressor is busy. Please try again in a few seconds.',
  ]);
  gate.resolve();
  await Promise.all([first, second]);
});

test('a waiting job whose client leaves is dropped and never runs', async () => {
  const queue = queueWith({ concurrency: 1 });
  const gate = deferred();
  const first = queue.run({ cost: 1 }, () => gate.promise);
  const left = new AbortController();
  let ran = false;
  const waiting = queue.run({ cost: 1, signal: left.signal }, async () => {
    ran = true;
  });
  await flush();
  expect(queue.stats().queued).toBe(1);
  left.abort();
  expect((await failure(waiting)).code).toBe('cancelled');
  expect(queue.stats().queued).toBe(0);
  gate.resolve();
  await first;
  expect(ran).toBe(false);
});

test('a waiting job past its deadline is dropped with a retryable busy answer', async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  const queue = queueWith({ concurrency: 1, retryAfterSeconds: 4 });
  const gate = deferred();
  const first = queue.run({ cost: 1 }, () => gate.promise);
  let ran = false;
  const late = queue.run({ cost: 1, deadline: 1_000_000 + 25_000 }, async () => {
    ran = true;
  });
  const outcome = failure(late);
  await vi.advanceTimersByTimeAsync(24_999);
  expect(queue.stats().queued).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  const error = await outcome;
  expect([error.code, error.retryAfterSeconds]).toEqual(['deadline', 4]);
  expect(queue.stats().queued).toBe(0);
  gate.resolve();
  await first;
  expect(ran).toBe(false);
});

test('one client may hold maxPerClient jobs; the next is refused, others still get in', async () => {
  const queue = queueWith({ concurrency: 1, maxPerClient: 2 });
  const gate = deferred();
  const mine = [
    queue.run({ cost: 1, client: 'a' }, () => gate.promise),
    queue.run({ cost: 1, client: 'a' }, () => gate.promise),
  ];
  const error = await failure(queue.run({ cost: 1, client: 'a' }, () => Promise.resolve()));
  expect([error.code, error.message]).toEqual([
    'client-limit',
    'You already have 2 images being compressed. Please wait for them to finish.',
  ]);
  const other = queue.run({ cost: 1, client: 'b' }, () => Promise.resolve('b ran'));
  gate.resolve();
  await Promise.all(mine);
  expect(await other).toBe('b ran');
  // Finished jobs no longer count against the client.
  expect(await queue.run({ cost: 1, client: 'a' }, () => Promise.resolve('again'))).toBe('again');
});

test('a failing job frees its slot and its memory', async () => {
  const queue = queueWith({ concurrency: 1, maxQueued: 0 });
  await expect(queue.run({ cost: 900 }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(queue.stats()).toEqual({ running: 0, queued: 0, bytesInFlight: 0 });
  expect(await queue.run({ cost: 900 }, () => Promise.resolve('ok'))).toBe('ok');
});

test('with a deadline, a job that could not finish behind the work ahead is refused at once, not after waiting', async () => {
  vi.useFakeTimers({ now: 0 });
  const queue = queueWith({ concurrency: 1, retryAfterSeconds: 5 });
  const gate = deferred();
  const first = queue.run({ cost: 1, expectedMs: 20_000, deadline: 25_000 }, () => gate.promise);
  // 20 s ahead plus its own 10 s passes the 25 s deadline: refused now, told to come back when the line is clear.
  const late = await failure(queue.run({ cost: 1, expectedMs: 10_000, deadline: 25_000 }, () => Promise.resolve()));
  expect([late.code, late.retryAfterSeconds, late.message]).toEqual([
    'busy',
    20,
    'The image compressor is busy and could not finish your image in time. Please try again in a few seconds.',
  ]);
  expect(queue.stats().queued).toBe(0);
  // A small job still fits before the deadline, so it waits its turn.
  const small = queue.run({ cost: 1, expectedMs: 2_000, deadline: 25_000 }, () => Promise.resolve('small ran'));
  expect(queue.stats().queued).toBe(1);
  gate.resolve();
  await first;
  expect(await small).toBe('small ran');
});

test('when a slot frees up, only as many waiting jobs start as there are slots (the slot is taken before the next waiter is looked at)', async () => {
  const queue = queueWith({ concurrency: 1 });
  const { gates, started, runs } = gatedJobs(queue, 4);
  await flush();
  expect(started).toEqual([0]);
  expect(queue.stats()).toEqual({ running: 1, queued: 3, bytesInFlight: 1 });
  gates[0].resolve();
  await runs[0];
  await flush();
  expect(started).toEqual([0, 1]);
  expect(queue.stats()).toEqual({ running: 1, queued: 2, bytesInFlight: 1 });
  gates[1].resolve();
  await runs[1];
  await flush();
  expect(started).toEqual([0, 1, 2]);
  gates[2].resolve();
  gates[3].resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  expect(queue.stats()).toEqual({ running: 0, queued: 0, bytesInFlight: 0 });
});
