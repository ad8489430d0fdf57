import { z } from 'zod';

import { MAX_RESIZE_PX, METADATA_CHOICES, OUTPUT_CHOICES, QUALITY_DEFAULT, QUALITY_MAX, QUALITY_MIN } from './logic.ts';

export {
  MAX_BATCH_FILES,
  MAX_RESIZE_PX,
  METADATA_CHOICES,
  MAX_UPLOAD_BYTES,
  OUTPUT_CHOICES,
  QUALITY_DEFAULT,
  QUALITY_MAX,
  QUALITY_MIN,
} from './logic.ts';

// Multipart fields arrive as strings; an empty field means "not given".
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function resizeSide(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number of pixels from 1 to ${MAX_RESIZE_PX}.` })
    .int(`${name} must be a whole number of pixels.`)
    .min(1, `${name} must be at least 1 pixel.`)
    .max(MAX_RESIZE_PX, `${name} must be at most ${MAX_RESIZE_PX} pixels.`);
}

export const compressFieldsSchema = z.object({
  quality: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `Quality must be a number from ${QUALITY_MIN} to ${QUALITY_MAX}.` })
      .int(`Quality must be a whole number from ${QUALITY_MIN} to ${QUALITY_MAX}.`)
      .min(QUALITY_MIN, `Quality must be at least ${QUALITY_MIN}.`)
      .max(QUALITY_MAX, `Quality must be at most ${QUALITY_MAX}.`)
      .default(QUALITY_DEFAULT),
  ),
  format: z.preprocess(
    blankToUndefined,
    z.enum(OUTPUT_CHOICES, { error: 'Format must be same, webp, avif or auto.' }).default('same'),
  ),
  width: z.preprocess(blankToUndefined, resizeSide('Width').optional()),
  height: z.preprocess(blankToUndefined, resizeSide('Height').optional()),
  longestSide: z.preprocess(blankToUndefined, resizeSide('Longest side').optional()),
  progressive: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', 'on', '1', '0'], { error: 'Progressive must be true or false.' })
      .transform((value) => value === 'true' || value === 'on' || value === '1')
      .default(true),
  ),
  metadata: z.preprocess(
    blankToUndefined,
    z.enum(METADATA_CHOICES, { error: 'Metadata must be strip, copyright or keep.' }).default('strip'),
  ),
});

export type CompressFields = z.infer<typeof compressFieldsSchema>;

export const compressResponseSchema = z.object({
  compressedImageUrl: z.string(),
  originalSize: z.number(),
  compressedSize: z.number(),
  format: z.string(),
  width: z.number(),
  height: z.number(),
  /** The upload's base name with the output extension. */
  fileName: z.string(),
  /** Re-encoding did not make the file smaller, so the upload's own bytes came back. */
  keptOriginal: z.boolean(),
});

export type CompressResponse = z.infer<typeof compressResponseSchema>;
