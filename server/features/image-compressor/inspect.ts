import { estimateJobBytes, maxPixelsFor, type EncoderBudget } from './budgets.ts';
import {
  detectFormat,
  type ImageFormat,
  type MetadataChoice,
  type OutputChoice,
  type ProbedImage,
} from './compress.ts';
import { ImageCompressorError } from './errors.ts';

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

/** What the pixel checks go by: each encoder's budget, the memory budget, and the overall ceiling. */
export interface PixelLimits {
  budget: (format: ImageFormat) => EncoderBudget;
  memoryBudgetBytes: number;
  maxPixels: number;
}

const megapixels = (n: number) => (n / 1_000_000).toFixed(1);

function tooManyPixels(output: ImageFormat, pixels: number, limit: number, fields: CompressChoices) {
  const encoder = fields.output === 'same' ? '' : ` for ${output.toUpperCase()} output`;
  const hint =
    output === 'avif' || output === 'webp'
      ? ' Keep the original format for larger images, or resize the image first.'
      : '';
  return new ImageCompressorError(
    'too-many-pixels',
    `The image is too large: ${megapixels(pixels)} megapixels (the limit is ${megapixels(limit)} megapixels${encoder}).${hint}`,
  );
}

/**
 * Checks an upload's type and pixel budget and settles what will be encoded: the output format
 * (or, for "Auto", the candidates), the resize, and the job's estimated memory. Throws an
 * ImageCompressorError before any quota or queue is spent.
 */
export async function inspectUpload(
  input: Buffer,
  fields: CompressChoices,
  limits: PixelLimits,
): Promise<InspectedUpload> {
  const probe = await detectFormat(input);
  const limitOf = (format: ImageFormat) =>
    Math.min(
      limits.budget(format).maxPixels,
      maxPixelsFor(format, input.length, limits.memoryBudgetBytes, limits.maxPixels),
    );
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
  const pixels = pixelsAs(output);
  if (pixels > limitOf(output)) throw tooManyPixels(output, pixels, limitOf(output), fields);
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
    animated: probe.pages > 1 && (output === 'gif' || output === 'webp'),
    pixels,
    cost: Math.max(...candidates.map((format) => estimateJobBytes(pixelsAs(format), format, input.length))),
  };
}
