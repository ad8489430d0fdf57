import { availableParallelism } from 'node:os';
import { ENCODER_BUDGETS, estimateJobMs, type EncoderBudget } from './budgets.ts';
import { MIME_TYPES, timeoutMessage, type EncodedImage, type ImageFormat, type ProbedImage } from './compress.ts';
import { ImageCompressorError } from './errors.ts';
import { inspectUpload, type CompressChoices, type InspectedUpload } from './inspect.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { spawnEncoderWorker } from './spawn-worker.ts';
import { createWorkerPool, type EncodeJob, type WorkerPool, type WorkerProcess } from './worker-pool.ts';

export { EXTENSIONS, MIME_TYPES, type ImageFormat, type MetadataChoice, type OutputChoice } from './compress.ts';
export { ImageCompressorError, type ImageErrorCode } from './errors.ts';
export { ENCODER_BUDGETS } from './budgets.ts';
export type { CompressChoices, InspectedUpload } from './inspect.ts';

export interface ImageCompressorOptions {
  /** Encoder workers at once (IMAGE_JOBS); one per CPU by default. */
  concurrency?: number;
  /** Jobs that may wait (IMAGE_QUEUE). */
  maxQueued?: number;
  /** Estimated memory of all running encodes (IMAGE_MEMORY_MB). */
  memoryBudgetBytes?: number;
  /** Time from a request's arrival to its answer (IMAGE_DEADLINE_MS). */
  deadlineMs?: number;
  maxPerClient?: number;
  retryAfterSeconds?: number;
  /** Overall pixel ceiling whatever the encoder. */
  maxPixels?: number;
  /** Per-encoder overrides (tests shrink the time budgets). */
  budgets?: Partial<Record<ImageFormat, Partial<EncoderBudget>>>;
  spawnWorker?: () => WorkerProcess;
  idleMs?: number;
  onCrash?: (detail: { code: number | null; signal: NodeJS.Signals | null }) => void;
  now?: () => number;
}

export interface CompressedImage {
  data: Buffer;
  format: ImageFormat;
  mimeType: string;
  width: number;
  height: number;
  originalSize: number;
  compressedSize: number;
  /** True when re-encoding did not make the file smaller, so the upload's own bytes are returned. */
  keptOriginal: boolean;
}

export interface ImageCompressor {
  /** Checks type and pixel budget; throws an ImageCompressorError before any quota or queue is spent. */
  inspect(input: Buffer, fields: CompressChoices): Promise<InspectedUpload>;
  /** `deadline` (epoch ms) defaults to now + deadlineMs; the API passes the request's arrival + deadlineMs. */
  compress(
    upload: InspectedUpload,
    request?: { client?: string; signal?: AbortSignal; deadline?: number },
  ): Promise<CompressedImage>;
  stats(): { running: number; queued: number; bytesInFlight: number; workers: number; killed: number };
  close(): void;
}

export const DEFAULT_MAX_PIXELS = 50_000_000;
export const DEFAULT_MEMORY_BUDGET_BYTES = 768 * 1024 * 1024;
export const DEFAULT_DEADLINE_MS = 25_000;

export function createImageCompressor(options: ImageCompressorOptions = {}): ImageCompressor {
  const now = options.now ?? Date.now;
  const memoryBudgetBytes = options.memoryBudgetBytes ?? DEFAULT_MEMORY_BUDGET_BYTES;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const budget = (format: ImageFormat): EncoderBudget => ({ ...ENCODER_BUDGETS[format], ...options.budgets?.[format] });
  const queue: JobQueue = createJobQueue({
    concurrency: options.concurrency ?? Math.max(1, availableParallelism()),
    maxQueued: options.maxQueued ?? 16,
    memoryBudgetBytes,
    maxPerClient: options.maxPerClient ?? 4,
    retryAfterSeconds: options.retryAfterSeconds ?? 5,
    now,
  });
  const pool: WorkerPool = createWorkerPool({
    spawn: options.spawnWorker ?? spawnEncoderWorker,
    idleMs: options.idleMs ?? 30_000,
    recycleAboveBytes: 256 * 1024 * 1024,
    onCrash: options.onCrash,
  });

  async function compress(
    upload: InspectedUpload,
    request: { client?: string; signal?: AbortSignal; deadline?: number } = {},
  ): Promise<CompressedImage> {
    const deadline = request.deadline ?? now() + deadlineMs;
    // "Auto" encodes each candidate in turn: their budgets add up.
    const seconds = upload.candidates.reduce((sum, format) => sum + budget(format).seconds, 0);
    const encoderMaxPixels = Math.min(...upload.candidates.map((format) => budget(format).maxPixels));
    const expectedMs = upload.candidates.reduce((sum, format) => sum + estimateJobMs(upload.pixels, format), 0);
    const encoded = await queue.run(
      { cost: upload.cost, expectedMs, client: request.client, deadline, signal: request.signal },
      () =>
        pool.encode(
          encodeJob(upload, {
            leftMs: deadline - now(),
            seconds,
            maxPixels: Math.min(encoderMaxPixels, maxPixels),
            signal: request.signal,
          }),
        ),
    );
    return compressedImage(upload, encoded);
  }

  return {
    inspect: (input, fields) => inspectUpload(input, fields, { budget, memoryBudgetBytes, maxPixels }),
    compress,
    stats: () => ({ ...queue.stats(), workers: pool.stats().workers, killed: pool.stats().killed }),
    close: () => pool.close(),
  };
}

/**
 * The encoder's job for an upload: `leftMs` until the request's deadline, `seconds` the encoders'
 * own budget. Whichever ends first stops it: the encoder's budget (the image's fault: 422) or the
 * request's deadline (ours: 503).
 */
function encodeJob(
  upload: InspectedUpload,
  limits: { leftMs: number; seconds: number; maxPixels: number; signal?: AbortSignal },
): EncodeJob {
  const { leftMs, seconds } = limits;
  const encoderMs = seconds * 1000;
  const byDeadline = leftMs < encoderMs;
  return {
    input: upload.input,
    estimatedBytes: upload.cost,
    timeoutMs: Math.max(0, Math.min(leftMs, encoderMs)),
    signal: limits.signal,
    onTimeout: () =>
      byDeadline
        ? new ImageCompressorError(
            'deadline',
            'The image compressor is busy and could not finish your image in time. Please try again in a few seconds.',
            5,
          )
        : new ImageCompressorError('encode-timeout', timeoutMessage(upload.output, seconds)),
    options: {
      quality: upload.quality,
      format: upload.output,
      candidates: upload.candidates,
      resize: upload.resize,
      progressive: upload.progressive,
      metadata: upload.metadata,
      animated: upload.animated,
      maxPixels: limits.maxPixels * (upload.animated ? upload.probe.pages : 1),
      timeoutSeconds: Math.max(1, Math.floor(Math.min(leftMs, encoderMs) / 1000)),
    },
  };
}

/**
 * What the visitor gets back. A resized image is what was asked for even when it is not smaller;
 * otherwise never hand back a bigger file than the one uploaded: the visitor's own bytes are the
 * better result.
 */
function compressedImage(upload: InspectedUpload, encoded: EncodedImage): CompressedImage {
  const original = upload.input.length;
  if (encoded.data.length >= original && !resized(upload, encoded)) {
    const { width, height } = orientedSize(upload.probe);
    return {
      data: upload.input,
      format: upload.probe.format,
      mimeType: MIME_TYPES[upload.probe.format],
      width,
      height,
      originalSize: original,
      compressedSize: original,
      keptOriginal: true,
    };
  }
  return {
    data: encoded.data,
    format: encoded.format,
    mimeType: MIME_TYPES[encoded.format],
    width: encoded.width,
    height: encoded.height,
    originalSize: original,
    compressedSize: encoded.data.length,
    keptOriginal: false,
  };
}

/** The result has other dimensions than the upload (a resize that took effect). */
function resized(upload: InspectedUpload, encoded: { width: number; height: number }): boolean {
  const shown = orientedSize(upload.probe);
  return encoded.width !== shown.width || encoded.height !== shown.height;
}

/** EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height. */
function orientedSize(probe: ProbedImage): { width: number; height: number } {
  return probe.orientation !== undefined && probe.orientation >= 5
    ? { width: probe.height, height: probe.width }
    : { width: probe.width, height: probe.height };
}
