import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { insertImage } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { imageWidths } from '#views/model/posts.ts';

/** Uploaded images: bytes of the file, and pixels of the picture (a small file can decode to a huge one). */
export const IMAGE_LIMITS = { bytes: 8 * 1024 * 1024, pixels: 40_000_000 } as const;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'heif']);

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/**
 * Stores an uploaded image as AVIF and WebP renditions at the widths pages ask for (never wider than
 * the original), turned upright by its EXIF orientation and stripped of metadata (camera, GPS).
 */
export async function storeImage(db: Db, input: Buffer, now: number): Promise<StoredImage> {
  if (input.length === 0) throw new InvalidInputError('The image file is empty.');
  if (input.length > IMAGE_LIMITS.bytes)
    throw new InvalidInputError(`The image is larger than ${IMAGE_LIMITS.bytes / 1024 / 1024} MB.`);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidInputError('The file is not an image this site can read (JPEG, PNG, WebP, AVIF or GIF).');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new InvalidInputError('The file is not an image this site can read (JPEG, PNG, WebP, AVIF or GIF).');
  if (meta.width * meta.height > IMAGE_LIMITS.pixels)
    throw new InvalidInputError(`The image has more than ${IMAGE_LIMITS.pixels / 1_000_000} million pixels.`);
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  const files: Array<{ width: number; format: string; body: Buffer }> = [];
  for (const w of imageWidths(width)) {
    const resized = sharp(input, { limitInputPixels: IMAGE_LIMITS.pixels }).rotate().resize({ width: w });
    files.push({ width: w, format: 'webp', body: await resized.clone().webp({ quality: 78 }).toBuffer() });
    files.push({ width: w, format: 'avif', body: await resized.clone().avif({ quality: 55, effort: 3 }).toBuffer() });
  }
  const id = randomBytes(16).toString('hex');
  await insertImage(db, { id, width, height, created_at: now }, files);
  return { id, width, height };
}
