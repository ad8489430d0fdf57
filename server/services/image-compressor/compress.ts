import { loadSharp } from './load-sharp.ts';
import type { Metadata, Sharp } from 'sharp';
import { DomainError, InvalidInputError } from '#server/services/domain-errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
export type OutputChoice = 'same' | 'webp' | 'avif';

export interface CompressOptions {
  quality: number;
  output: OutputChoice;
  /** Decoded-pixel ceiling (width × height × frames); protects memory from decompression bombs. */
  maxPixels: number;
}

export interface CompressedImage {
  data: Buffer;
  format: ImageFormat;
  mimeType: string;
  width: number;
  height: number;
  originalSize: number;
  compressedSize: number;
}

const MIME: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

const UNSUPPORTED = 'Unsupported image type. Please upload a JPEG, PNG, WebP, AVIF or GIF image.';

/** Decides the type from the decoded header, never from the file name or the browser's MIME guess. */
export async function detectFormat(input: Buffer): Promise<{ format: ImageFormat; width: number; height: number; pages: number }> {
  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    meta = await sharp(input, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidInputError(UNSUPPORTED);
  }
  const format = normaliseFormat(meta);
  if (!format || !meta.width || !meta.height) throw new InvalidInputError(UNSUPPORTED);
  const pages = meta.pages ?? 1;
  return { format, width: meta.width, height: meta.pageHeight ?? meta.height, pages };
}

function normaliseFormat(meta: Metadata): ImageFormat | undefined {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif') return meta.format;
  // libheif reports AVIF as "heif" with an av1 compression; HEIC (hevc) is not something browsers can show.
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return undefined;
}

export async function compressImage(input: Buffer, options: CompressOptions): Promise<CompressedImage> {
  if (input.length === 0) throw new InvalidInputError('Please select an image file');
  const detected = await detectFormat(input);
  const pixels = detected.width * detected.height * detected.pages;
  if (pixels > options.maxPixels) {
    const mp = (n: number) => (n / 1_000_000).toFixed(1);
    throw new InvalidInputError(`The image is too large: ${mp(pixels)} megapixels (the limit is ${mp(options.maxPixels)} megapixels).`);
  }
  const format: ImageFormat = options.output === 'same' ? detected.format : options.output;
  const animated = detected.pages > 1 && (format === 'gif' || format === 'webp');

  try {
    // sharp drops EXIF/XMP/IPTC (incl. GPS) unless asked to keep them; autoOrient bakes the
    // orientation tag into the pixels first so nothing looks rotated once the tag is gone.
    const sharp = await loadSharp();
    let pipeline = sharp(input, { animated, limitInputPixels: options.maxPixels });
    if (!animated) pipeline = pipeline.autoOrient();
    pipeline = applyEncoder(pipeline, format, options.quality);
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      format,
      mimeType: MIME[format],
      width: info.width,
      height: info.pageHeight ?? info.height,
      originalSize: input.length,
      compressedSize: data.length,
    };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new InvalidInputError('The image is too large to process.');
    throw new InvalidInputError('The image could not be decoded; it may be damaged or truncated.');
  }
}

function applyEncoder(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'png':
      // Palette quantisation (libimagequant) is where PNG savings come from; at 100 stay lossless.
      return quality >= 100
        ? pipeline.png({ compressionLevel: 9, effort: 10 })
        : pipeline.png({ palette: true, quality, compressionLevel: 9, effort: 7 });
    case 'webp':
      return pipeline.webp({ quality, effort: 4 });
    case 'avif':
      return pipeline.avif({ quality, effort: 4 });
    case 'gif':
      return pipeline.gif({ effort: 7, colours: Math.max(16, Math.round((quality / 100) * 256)), interFrameMaxError: quality >= 100 ? 0 : 8 });
  }
}
