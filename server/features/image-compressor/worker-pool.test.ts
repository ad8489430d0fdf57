import { afterEach, expect, test, vi } from 'vitest';
import type { EncodeOptions } from './compress.ts';
import { ImageCompressorError } from './errors.ts';
import { fakeEncoderWorkers } from '#test/helpers/fake-encoder-worker.ts';
import { createWorkerPool, type EncodeJob } from './worker-pool.ts';
import { nextTurn as flush, rejectionOf } from '#test/helpers/async.ts';

afterEach(() => {
  vi.useRealTimers();
});

function poolWithFakes(overrides: { idleMs?: number; recycleAboveBytes?: number } = {}) {
  const { spawn, spawned } = fakeEncoderWorkers();
  const crashes: unknown[] = [];
  const pool = createWorkerPool({
    spawn,
    idleMs: overrides.idleMs ?? 30_000,
    recycleAboveBytes: overrides.recycleAboveBytes ?? 1_000_000,
    onCrash: (detail) => crashes.push(detail),
  });
  return { pool, spawned, crashes };
}

const options: EncodeOptions = {
  quality: 70,
  format: 'avif',
  animated: false,
  maxPixels: 16_000_000,
  timeoutSeconds: 15,
};

function job(overrides: Partial<EncodeJob> = {}): EncodeJob {
  return {
    input: Buffer.from('image bytes'),
    options,
    estimatedBytes: 1000,
    timeoutMs: 15_000,
    onTimeout: () => new ImageCompressorError('encode-timeout', 'too slow'),
    ...overrides,
  };
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ImageCompressorError);

test('a job waits for the worker to be ready, then gets the result back; the worker is reused', async () => {
  const { pool, spawned } = poolWithFakes();
  const first = pool.encode(job());
  await flush();
  expect(spawned[0].sent).toEqual([]);
  spawned[0].ready();
  await flush();
  expect(spawned[0].sent).toHaveLength(1);
  spawned[0].reply({
    id: spawned[0].sent[0].id,
    ok: true,
    data: new Uint8Array([1, 2, 3]),
    format: 'avif',
    width: 4,
    height: 3,
  });
  const result = await first;
  expect([...result.data]).toEqual([1, 2, 3]);
  expect([result.format, result.width, result.height]).toEqual(['avif', 4, 3]);

  const second = pool.encode(job());
  await flush();
  expect(spawned).toHaveLength(1);
  spawned[0].reply({
    id: spawned[0].sent[1].id,
    ok: true,
    data: new Uint8Array([9]),
    format: 'avif',
    width: 1,
    height: 1,
  });
  expect([...(await second).data]).toEqual([9]);
  expect(pool.stats()).toEqual({ workers: 1, busy: 0, killed: 0 });
});

test('past its time budget the worker is killed at once and the job fails with the budget error', async () => {
  vi.useFakeTimers();
  const { pool, spawned } = poolWithFakes();
  const running = pool.encode(job({ timeoutMs: 15_000 }));
  const outcome = failure(running);
  spawned[0].ready();
  await vi.advanceTimersByTimeAsync(14_999);
  expect(spawned[0].killedWith).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  const error = await outcome;
  expect([error.code, error.message]).toEqual(['encode-timeout', 'too slow']);
  expect(spawned[0].killedWith).toBe('SIGKILL');
  expect(pool.stats()).toMatchObject({ workers: 0, busy: 0, killed: 1 });
  // The next job gets a fresh worker.
  void pool.encode(job()).catch(() => undefined);
  expect(spawned).toHaveLength(2);
  pool.close();
});

test('a client who leaves mid-encode has the worker killed and the slot freed', async () => {
  const { pool, spawned } = poolWithFakes();
  const left = new AbortController();
  const running = pool.encode(job({ signal: left.signal }));
  spawned[0].ready();
  await flush();
  expect(spawned[0].sent).toHaveLength(1);
  left.abort();
  expect((await failure(running)).code).toBe('cancelled');
  expect(spawned[0].killedWith).toBe('SIGKILL');
  expect(pool.stats()).toEqual({ workers: 0, busy: 0, killed: 1 });
});

test('a worker that dies mid-job (out of memory) fails that job and is reported', async () => {
  const { pool, spawned, crashes } = poolWithFakes();
  const running = pool.encode(job());
  spawned[0].ready();
  await flush();
  spawned[0].emit('exit', null, 'SIGKILL');
  const error = await failure(running);
  expect([error.code, error.message]).toEqual([
    'encoder-failed',
    'The image could not be compressed: the encoder ran out of memory or failed.',
  ]);
  expect(crashes).toEqual([{ code: null, signal: 'SIGKILL' }]);
  expect(pool.stats().workers).toBe(0);
});

test("an encoder's own error comes through and the worker stays for the next job", async () => {
  const { pool, spawned } = poolWithFakes();
  const running = pool.encode(job());
  spawned[0].ready();
  await flush();
  spawned[0].reply({ id: spawned[0].sent[0].id, ok: false, code: 'undecodable', message: 'damaged' });
  expect((await failure(running)).code).toBe('undecodable');
  expect(pool.stats()).toEqual({ workers: 1, busy: 0, killed: 0 });
});

test('idle workers exit after idleMs; a worker that ran a big job is replaced right away', async () => {
  vi.useFakeTimers();
  const { pool, spawned } = poolWithFakes({ idleMs: 30_000, recycleAboveBytes: 5000 });
  const small = pool.encode(job({ estimatedBytes: 100 }));
  spawned[0].ready();
  await vi.advanceTimersByTimeAsync(0);
  spawned[0].reply({
    id: spawned[0].sent[0].id,
    ok: true,
    data: new Uint8Array([1]),
    format: 'avif',
    width: 1,
    height: 1,
  });
  await small;
  await vi.advanceTimersByTimeAsync(29_999);
  expect(pool.stats().workers).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(pool.stats().workers).toBe(0);
  expect(spawned[0].killedWith).toBe('SIGKILL');

  const big = pool.encode(job({ estimatedBytes: 6000 }));
  spawned[1].ready();
  await vi.advanceTimersByTimeAsync(0);
  spawned[1].reply({
    id: spawned[1].sent[0].id,
    ok: true,
    data: new Uint8Array([1]),
    format: 'avif',
    width: 1,
    height: 1,
  });
  await big;
  expect(spawned[1].killedWith).toBe('SIGKILL');
  expect(pool.stats().workers).toBe(0);
});

test('an already aborted job never reaches a worker', async () => {
  const { pool, spawned } = poolWithFakes();
  const left = new AbortController();
  left.abort();
  expect((await failure(pool.encode(job({ signal: left.signal })))).code).toBe('cancelled');
  expect(spawned).toHaveLength(0);
});
