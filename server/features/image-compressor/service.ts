import { availableParallelism } from 'node:os';
import { ENCODER_BUDGETS, estimateJobBytes, estimateJobMs, maxPixelsFor, type EncoderBudget } from './budgets.ts';
import {
  detectFormat,
  MIME_TYPES,
  timeoutMessage,
  type ImageFormat,
  type MetadataChoice,
  type OutputChoice,
  type ProbedImage,
} from './compress.ts';
import { ImageCompressorError } from './errors.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { spawnEncoderWorker } from './spawn-worker.ts';
import { createWorkerPool, type WorkerPool, type WorkerProcess } from './worker-pool.ts';

export { EXTENSIONS, MIME_TYPES, type ImageFormat, type MetadataChoice, type OutputChoice } from './compress.ts';
export { ImageCompressorError, type ImageErrorCode } from './errors.ts';
export { ENCODER_BUDGETS } from './budgets.ts';

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

/** An upload that passed every check and is ready to queue; `inspect` makes one. */
export interface InspectedUpload {
  input: Buffer;
  probe: ProbedImage;
  output: ImageFormat;
  /** "Auto": the formats tried, smallest result wins (output is the first). */
  candidates: ImageFormat[];
  quality: number;
  resize?: { width?: number; height?: number };
  progressive: boolean;
  metadata: MetadataChoice;
  animated: boolean;
  pixels: number;
  cost: number;
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

/** What the visitor chose besides the file. */
export interface CompressChoices {
  quality: number;
  output: OutputChoice;
  /** Fit inside width × height (either may be absent), or a longest side; never enlarged. */
  width?: number;
  height?: number;
  longestSide?: number;
  progressive?: boolean;
  metadata?: MetadataChoice;
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

const megapixels = (n: number) => (n / 1_000_000).toFixed(1);

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

  async function inspect(input: Buffer, fields: CompressChoices): Promise<InspectedUpload> {
    const probe = await detectFormat(input);
    const limitOf = (format: ImageFormat) =>
      Math.min(budget(format).maxPixels, maxPixelsFor(format, input.length, memoryBudgetBytes, maxPixels));
    const pixelsAs = (format: ImageFormat) =>
      probe.width * probe.height * (probe.pages > 1 && (format === 'gif' || format === 'webp') ? probe.pages : 1);
    // Auto: the original format, WebP and AVIF, each where its pixel budget allows (an animation
    // only where frames survive: GIF and WebP).
    const candidates: ImageFormat[] =
      fields.output === 'auto'
        ? [...new Set<ImageFormat>([probe.format, 'webp', 'avif'])].filter(
            (format) =>
              (probe.pages === 1 || format === 'gif' || format === 'webp') && pixelsAs(format) <= limitOf(format),
          )
        : [fields.output === 'same' ? probe.format : fields.output];
    const output: ImageFormat = candidates[0] ?? probe.format;
    const animated = probe.pages > 1 && (output === 'gif' || output === 'webp');
    const pixels = pixelsAs(output);
    const limit = limitOf(output);
    if (pixels > limit) {
      const encoder = fields.output === 'same' ? '' : ` for ${output.toUpperCase()} output`;
      const hint =
        output === 'avif' || output === 'webp'
          ? ' Keep the original format for larger images, or resize the image first.'
          : '';
      throw new ImageCompressorError(
        'too-many-pixels',
        `The image is too large: ${megapixels(pixels)} megapixels (the limit is ${megapixels(limit)} megapixels${encoder}).${hint}`,
      );
    }
    const side = fields.longestSide;
    const width = side ?? fields.width;
    const height = side ?? fields.height;
    return {
      input,
      probe,
      output,
      candidates,
      quality: fields.quality,
      resize: width || height ? { width, height } : undefined,
      progressive: fields.progressive ?? true,
      metadata: fields.metadata ?? 'strip',
      animated,
      pixels,
      cost: Math.max(...candidates.map((format) => estimateJobBytes(pixelsAs(format), format, input.length))),
    };
  }

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
      () => {
        const left = deadline - now();
        const encoderMs = seconds * 1000;
        // Whichever ends first: the encoder's own budget (the image's fault: 422) or the request's deadline (ours: 503).
        const byDeadline = left < encoderMs;
        return pool.encode({
          input: upload.input,
          estimatedBytes: upload.cost,
          timeoutMs: Math.max(0, Math.min(left, encoderMs)),
          signal: request.signal,
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
            maxPixels: Math.min(encoderMaxPixels, maxPixels) * (upload.animated ? upload.probe.pages : 1),
            timeoutSeconds: Math.max(1, Math.floor(Math.min(left, encoderMs) / 1000)),
          },
        });
      },
    );
    const original = upload.input.length;
    // A resized image is what was asked for even when it is not smaller; otherwise never hand back
    // a bigger file than the one uploaded.
    if (encoded.data.length >= original && !resized(upload, encoded)) {
      // Never hand back a bigger file than the one uploaded: the visitor's own bytes are the better result.
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

  return {
    inspect,
    compress,
    stats: () => ({ ...queue.stats(), workers: pool.stats().workers, killed: pool.stats().killed }),
    close: () => pool.close(),
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
