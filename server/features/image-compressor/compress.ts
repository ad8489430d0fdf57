import exifReader from 'exif-reader';
import type { Metadata, Sharp } from 'sharp';
import { ImageCompressorError, NO_IMAGE, UNSUPPORTED } from './errors.ts';
import { loadSharp } from './load-sharp.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
export type OutputChoice = 'same' | 'webp' | 'avif' | 'auto';
export type MetadataChoice = 'strip' | 'copyright' | 'keep';

export interface EncodeOptions {
  quality: number;
  format: ImageFormat;
  /**
   * "Auto": every format here is encoded and the smallest result wins (`format` is the first).
   * Absent or one entry: only `format`.
   */
  candidates?: ImageFormat[];
  /** Fit inside this box, aspect kept, never enlarged. */
  resize?: { width?: number; height?: number };
  /** Progressive JPEG (interlaced PNG): shows early on slow connections. */
  progressive?: boolean;
  /** EXIF/XMP/IPTC: dropped (default, GPS included), only copyright and author kept, or all kept. */
  metadata?: MetadataChoice;
  /** Decoded-pixel ceiling handed to libvips as a backstop to the check made before queueing. */
  maxPixels: number;
  /** Whole seconds for sharp's own timeout; 0 = none. */
  timeoutSeconds: number;
  /** Keep every frame (animated GIF/WebP in, GIF/WebP out). */
  animated: boolean;
}

export interface EncodedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

export interface ProbedImage {
  format: ImageFormat;
  width: number;
  height: number;
  pages: number;
  /** EXIF orientation tag, when present. */
  orientation?: number;
}

export const MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export const EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

/** Decides the type from the decoded header, never from the file name or the browser's MIME guess. */
export async function detectFormat(input: Buffer): Promise<ProbedImage> {
  if (input.length === 0) throw new ImageCompressorError('no-image', NO_IMAGE);
  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    // metadata() reads the header only: cheap enough to run in the server process.
    meta = await sharp(input, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageCompressorError('unsupported', UNSUPPORTED);
  }
  const format = normaliseFormat(meta);
  if (!format || !meta.width || !meta.height) throw new ImageCompressorError('unsupported', UNSUPPORTED);
  return {
    format,
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    pages: meta.pages ?? 1,
    orientation: meta.orientation,
  };
}

function normaliseFormat(meta: Metadata): ImageFormat | undefined {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif')
    return meta.format;
  // libheif reports AVIF as "heif" with an av1 compression; HEIC (hevc) is not something browsers can show.
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return undefined;
}

/**
 * Re-encodes one image. Runs inside an encoder worker process (worker.ts), never in the server.
 * With several candidates ("auto") each is encoded in turn and the smallest result is answered.
 */
export async function encodeImage(input: Buffer, options: EncodeOptions): Promise<EncodedImage> {
  const formats = options.candidates?.length ? options.candidates : [options.format];
  let best: EncodedImage | null = null;
  for (const format of formats) {
    const encoded = await encodeAs(input, { ...options, format });
    if (!best || encoded.data.length < best.data.length) best = encoded;
  }
  return best!;
}

async function encodeAs(input: Buffer, options: EncodeOptions): Promise<EncodedImage> {
  try {
    // sharp drops EXIF/XMP/IPTC (incl. GPS) unless asked to keep them; autoOrient bakes the
    // orientation tag into the pixels first so nothing looks rotated once the tag is gone.
    const sharp = await loadSharp();
    let pipeline = sharp(input, { animated: options.animated, limitInputPixels: options.maxPixels });
    if (!options.animated) pipeline = pipeline.autoOrient();
    if (options.resize && (options.resize.width || options.resize.height))
      pipeline = pipeline.resize({
        width: options.resize.width,
        height: options.resize.height,
        fit: 'inside',
        withoutEnlargement: true,
      });
    if (options.metadata === 'keep') pipeline = pipeline.keepMetadata();
    else if (options.metadata === 'copyright') {
      const credit = await copyrightOf(pipeline);
      if (credit) pipeline = pipeline.withExif({ IFD0: credit });
    }
    pipeline = applyEncoder(pipeline, options.format, options.quality, options.progressive === true);
    if (options.timeoutSeconds > 0) pipeline = pipeline.timeout({ seconds: options.timeoutSeconds });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format: options.format, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/timeout/i.test(message))
      throw new ImageCompressorError('encode-timeout', timeoutMessage(options.format, options.timeoutSeconds));
    if (/pixel limit/i.test(message))
      throw new ImageCompressorError('too-many-pixels', 'The image is too large to process.');
    throw new ImageCompressorError('undecodable', 'The image could not be decoded; it may be damaged or truncated.');
  }
}

export function timeoutMessage(format: ImageFormat, seconds: number): string {
  const name = format === 'jpeg' ? 'JPEG' : format.toUpperCase();
  const alternative =
    format === 'avif' ? ' Try WebP or keep the original format, or use a smaller image.' : ' Try a smaller image.';
  return `Compressing this image as ${name} took longer than the ${seconds}-second limit, so it was stopped.${alternative}`;
}

/** The upload's own copyright and author (EXIF IFD0), to be written into the result; null when it has none. */
async function copyrightOf(pipeline: Sharp): Promise<Record<string, string> | null> {
  const { exif } = await pipeline.metadata();
  if (!exif) return null;
  let tags: { Image?: { Copyright?: unknown; Artist?: unknown } };
  try {
    tags = exifReader(exif);
  } catch {
    return null;
  }
  const credit: Record<string, string> = {};
  for (const name of ['Copyright', 'Artist'] as const) {
    const value = tags.Image?.[name];
    if (typeof value === 'string' && value.trim()) credit[name] = value.trim();
  }
  return Object.keys(credit).length > 0 ? credit : null;
}

function applyEncoder(pipeline: Sharp, format: ImageFormat, quality: number, progressive: boolean): Sharp {
  switch (format) {
    case 'jpeg':
      // The mozjpeg preset is always progressive: a baseline JPEG gets its other settings one by one.
      return progressive
        ? pipeline.jpeg({ quality, mozjpeg: true })
        : pipeline.jpeg({
            quality,
            progressive: false,
            trellisQuantisation: true,
            overshootDeringing: true,
            quantisationTable: 3,
          });
    case 'png':
      // Palette quantisation (libimagequant) is where PNG savings come from; at 100 stay lossless.
      return quality >= 100
        ? pipeline.png({ compressionLevel: 9, effort: 10, progressive })
        : pipeline.png({ palette: true, quality, compressionLevel: 9, effort: 7, progressive });
    case 'webp':
      return pipeline.webp({ quality, effort: 4 });
    case 'avif':
      // Effort 0 instead of sharp's default 4: measured 10-30x faster for files within 2 % in size (docs/decisions/0017).
      return pipeline.avif({ quality, effort: 0 });
    case 'gif':
      return pipeline.gif({
        effort: 7,
        colours: Math.max(16, Math.round((quality / 100) * 256)),
        interFrameMaxError: quality >= 100 ? 0 : 8,
      });
  }
}
