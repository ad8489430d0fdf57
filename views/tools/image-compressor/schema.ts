import { z } from 'zod';

import { OUTPUT_CHOICES, QUALITY_DEFAULT, QUALITY_MAX, QUALITY_MIN } from './logic.ts';

export {
  MAX_BATCH_FILES,
  MAX_UPLOAD_BYTES,
  OUTPUT_CHOICES,
  QUALITY_DEFAULT,
  QUALITY_MAX,
  QUALITY_MIN,
} from './logic.ts';

// Multipart fields arrive as strings; an empty field means "not given".
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

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
    z.enum(OUTPUT_CHOICES, { error: 'Format must be same, webp or avif.' }).default('same'),
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
