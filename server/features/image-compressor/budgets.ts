import type { ImageFormat } from './compress.ts';

/**
 * What one encode may cost, per output encoder. Measured on the 2-core box with other work running
 * (docs/decisions/0017-image-compressor-limits.md): AVIF (libaom through libheif) holds the whole
 * frame plus encoder state, about 33 bytes per pixel and ~0.4 s per megapixel at effort 0; WebP and
 * mozjpeg about 7 bytes per pixel (WebP ~0.4 s per megapixel); PNG palette quantisation (libimagequant) is the slowest per pixel
 * on photos but PNG photos rarely fit the 15 MB upload. `seconds` is the encode's time budget:
 * sharp's own `timeout` stops the libvips part, and the worker process is killed when the encoder
 * itself (which sharp cannot interrupt) runs past it.
 */
export interface EncoderBudget {
  maxPixels: number;
  seconds: number;
  bytesPerPixel: number;
  /** Measured encode time per megapixel on the loaded 2-core box: used to refuse at once what cannot finish in time. */
  msPerMegapixel: number;
}

export const ENCODER_BUDGETS: Record<ImageFormat, EncoderBudget> = {
  jpeg: { maxPixels: 50_000_000, seconds: 20, bytesPerPixel: 8, msPerMegapixel: 260 },
  png: { maxPixels: 50_000_000, seconds: 20, bytesPerPixel: 10, msPerMegapixel: 1200 },
  gif: { maxPixels: 50_000_000, seconds: 20, bytesPerPixel: 10, msPerMegapixel: 1000 },
  webp: { maxPixels: 24_000_000, seconds: 15, bytesPerPixel: 8, msPerMegapixel: 400 },
  avif: { maxPixels: 16_000_000, seconds: 15, bytesPerPixel: 34, msPerMegapixel: 400 },
};

/** How long one job is expected to encode (at least 300 ms: starting a worker and moving the bytes). */
export function estimateJobMs(pixels: number, output: ImageFormat): number {
  return Math.max(300, Math.round((pixels / 1_000_000) * ENCODER_BUDGETS[output].msPerMegapixel));
}

/** Memory one job is expected to need: decoded pixels and encoder state, plus the upload and the result. */
export function estimateJobBytes(pixels: number, output: ImageFormat, inputBytes: number): number {
  return Math.ceil(pixels * ENCODER_BUDGETS[output].bytesPerPixel + inputBytes * 2);
}

/** The pixel ceiling for an encoder: its own budget, lowered when the whole memory budget could not hold it. */
export function maxPixelsFor(
  output: ImageFormat,
  inputBytes: number,
  memoryBudgetBytes: number,
  overallMaxPixels: number,
): number {
  const byMemory = Math.floor((memoryBudgetBytes - inputBytes * 2) / ENCODER_BUDGETS[output].bytesPerPixel);
  return Math.max(0, Math.min(ENCODER_BUDGETS[output].maxPixels, overallMaxPixels, byMemory));
}
