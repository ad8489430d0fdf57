import type { ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { afterEach, expect, onTestFinished, test, vi } from 'vitest';
import { fakeEncoderWorkers } from '#test/helpers/fake-encoder-worker.ts';
import { ImageCompressorError } from './errors.ts';
import { createImageCompressor, type ImageCompressorOptions } from './service.ts';
import { spawnEncoderWorker } from './spawn-worker.ts';
import { rejectionOf } from '#test/helpers/async.ts';

afterEach(() => {
  vi.useRealTimers();
});

function noisy(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i * 2654435761) >>> 26)) & 255;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A compressor on real encoder processes; every child it forks is kept so a test can watch it exit. */
function realCompressor(options: ImageCompressorOptions = {}) {
  const children: ChildProcess[] = [];
  const compressor = createImageCompressor({
    concurrency: 1,
    ...options,
    spawnWorker: () => {
      const child = spawnEncoderWorker();
      children.push(child as unknown as ChildProcess);
      return child;
    },
  });
  onTestFinished(() => compressor.close());
  return { compressor, children };
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ImageCompressorError);

test('an upload is encoded in a separate worker process and comes back smaller', async () => {
  const { compressor, children } = realCompressor();
  const input = await noisy(320, 240).jpeg({ quality: 98 }).toBuffer();
  const result = await compressor.compress(await compressor.inspect(input, { quality: 60, output: 'webp' }));
  expect([result.format, result.mimeType, result.width, result.height, result.keptOriginal]).toEqual([
    'webp',
    'image/webp',
    320,
    240,
    false,
  ]);
  expect(result.compressedSize).toBe(result.data.length);
  expect(result.compressedSize).toBeLessThan(input.length);
  expect((await sharp(result.data).metadata()).format).toBe('webp');
  expect(children).toHaveLength(1);
  expect(children[0].pid).not.toBe(process.pid);
});

test('when re-encoding does not shrink the file, the upload itself comes back and says so', async () => {
  const { compressor } = realCompressor();
  // Already squeezed hard at quality 10: re-encoding at 100 can only grow it.
  const input = await noisy(200, 150).jpeg({ quality: 10 }).toBuffer();
  const result = await compressor.compress(await compressor.inspect(input, { quality: 100, output: 'same' }));
  expect(result.keptOriginal).toBe(true);
  expect(result.data.equals(input)).toBe(true);
  expect([result.format, result.originalSize, result.compressedSize, result.width, result.height]).toEqual([
    'jpeg',
    input.length,
    input.length,
    200,
    150,
  ]);
});

test('a conversion that comes out larger also returns the original, in its own format', async () => {
  const { compressor } = realCompressor();
  const input = await noisy(120, 90).jpeg({ quality: 10 }).toBuffer();
  const result = await compressor.compress(await compressor.inspect(input, { quality: 100, output: 'webp' }));
  expect([result.keptOriginal, result.format, result.mimeType]).toEqual([true, 'jpeg', 'image/jpeg']);
});

test('each encoder has its own pixel budget: 20 MP is fine as PNG but too many for AVIF, and WebP stops at 24 MP', async () => {
  const { compressor } = realCompressor();
  // Flat colour keeps these files a few hundred kilobytes; only the pixel count matters here.
  const twenty = await sharp({ create: { width: 5_000, height: 4_000, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  await expect(compressor.inspect(twenty, { quality: 70, output: 'same' })).resolves.toMatchObject({
    output: 'png',
    pixels: 20_000_000,
  });
  const avif = await failure(compressor.inspect(twenty, { quality: 70, output: 'avif' }));
  expect([avif.code, avif.message]).toEqual([
    'too-many-pixels',
    'The image is too large: 20.0 megapixels (the limit is 16.0 megapixels for AVIF output). Keep the original format for larger images, or resize the image first.',
  ]);
  const forty = await sharp({ create: { width: 8_000, height: 5_000, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  expect((await failure(compressor.inspect(forty, { quality: 70, output: 'webp' }))).message).toContain(
    '(the limit is 24.0 megapixels for WEBP output)',
  );
  const sixty = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  expect((await failure(compressor.inspect(sixty, { quality: 70, output: 'same' }))).message).toBe(
    'The image is too large: 60.0 megapixels (the limit is 50.0 megapixels).',
  );
});

test('a small memory budget lowers the pixel ceiling so one job can always fit', async () => {
  const { compressor } = realCompressor({ memoryBudgetBytes: 64 * 1024 * 1024 });
  const image = await sharp({ create: { width: 3_000, height: 3_000, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  // (64 MB minus twice the upload) at 34 bytes per AVIF pixel: just under 2 MP, shown rounded.
  expect((await failure(compressor.inspect(image, { quality: 70, output: 'avif' }))).message).toMatch(
    /^The image is too large: 9\.0 megapixels \(the limit is 2\.0 megapixels for AVIF output\)/,
  );
});

test('a client who leaves mid-encode gets the encoder process killed, not just ignored', async () => {
  const { compressor, children } = realCompressor();
  const input = await noisy(2000, 1500).jpeg({ quality: 95 }).toBuffer();
  const left = new AbortController();
  const running = compressor.compress(await compressor.inspect(input, { quality: 70, output: 'avif' }), {
    signal: left.signal,
  });
  expect(compressor.stats()).toMatchObject({ running: 1, workers: 1 });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    children[0].once('exit', (_code, signal) => resolve(signal)),
  );
  left.abort();
  expect((await failure(running)).code).toBe('cancelled');
  expect(await exited).toBe('SIGKILL');
  expect(compressor.stats()).toMatchObject({ running: 0, queued: 0, bytesInFlight: 0, workers: 0, killed: 1 });
});

test('an encode past its time budget is stopped by killing its process', async () => {
  // 50 ms cannot even start a worker, let alone encode 3 MP as AVIF.
  const { compressor, children } = realCompressor({ budgets: { avif: { seconds: 0.05 } } });
  const input = await noisy(2000, 1500).jpeg({ quality: 95 }).toBuffer();
  const error = await failure(compressor.compress(await compressor.inspect(input, { quality: 70, output: 'avif' })));
  expect(error.code).toBe('encode-timeout');
  expect(
    children[0].signalCode ??
      (await new Promise((resolve) => children[0].once('exit', (_c, signal) => resolve(signal)))),
  ).toBe('SIGKILL');
});

test('the request deadline covers the wait in line: a job that cannot start in time is dropped with 503 material', async () => {
  vi.useFakeTimers({ now: 0 });
  const { spawn, spawned } = fakeEncoderWorkers();
  const compressor = createImageCompressor({ concurrency: 1, deadlineMs: 25_000, spawnWorker: spawn });
  const input = await noisy(64, 48).jpeg().toBuffer();
  const upload = await compressor.inspect(input, { quality: 70, output: 'same' });
  const first = failure(compressor.compress(upload));
  const second = failure(compressor.compress(upload));
  spawned[0].ready();
  await vi.advanceTimersByTimeAsync(19_999);
  expect(compressor.stats()).toMatchObject({ running: 1, queued: 1 });
  // The first job's encoder budget (20 s for JPEG) ends; the second has 5 s left when it starts.
  await vi.advanceTimersByTimeAsync(1);
  const firstError = await first;
  expect(firstError.code).toBe('encode-timeout');
  spawned[1].ready();
  await vi.advanceTimersByTimeAsync(4_999);
  expect(compressor.stats()).toMatchObject({ running: 1, queued: 0 });
  await vi.advanceTimersByTimeAsync(1);
  const secondError = await second;
  expect([secondError.code, secondError.retryAfterSeconds]).toEqual(['deadline', 5]);
  expect(spawned.every((worker) => worker.killedWith === 'SIGKILL')).toBe(true);
  compressor.close();
});
