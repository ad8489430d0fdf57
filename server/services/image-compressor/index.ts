import { availableParallelism } from 'node:os';
import { compressImage, type CompressOptions, type CompressedImage } from './compress.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

export { EXTENSIONS, type CompressedImage, type ImageFormat, type OutputChoice } from './compress.ts';

export interface ImageCompressorOptions {
  concurrency?: number;
  maxQueued?: number;
  retryAfterSeconds?: number;
  maxPixels?: number;
}

export interface ImageCompressor {
  compress(input: Buffer, options: Omit<CompressOptions, 'maxPixels'>): Promise<CompressedImage>;
  stats(): { running: number; queued: number };
}

export const DEFAULT_MAX_PIXELS = 50_000_000;

export function createImageCompressor(options: ImageCompressorOptions = {}): ImageCompressor {
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
  const queue: JobQueue = createJobQueue({
    concurrency,
    maxQueued: options.maxQueued ?? 16,
    retryAfterSeconds: options.retryAfterSeconds ?? 5,
  });
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  return {
    compress: (input, compressOptions) => queue.run(() => compressImage(input, { ...compressOptions, maxPixels })),
    stats: queue.stats,
  };
}
