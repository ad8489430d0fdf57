import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

import { DEFAULT_RESOLUTION, RESOLUTIONS } from './logic.ts';

const videoUrl = z
  .string({ error: 'Please enter a video URL.' })
  .trim()
  .min(1, 'Please enter a video URL.')
  .max(MAX_URL_LENGTH, `The video URL is too long (${MAX_URL_LENGTH} characters at most).`);

export const videoUrlSchema = z.object({ videoUrl });

export const pinterestRequestSchema = z.object({
  videoUrl,
  resolution: z.coerce
    .number({ error: 'Resolution must be one of 1080, 720, 480 or 360.' })
    .refine(
      (value) => (RESOLUTIONS as readonly number[]).includes(value),
      'Resolution must be one of 1080, 720, 480 or 360.',
    )
    .default(DEFAULT_RESOLUTION),
});

export type PinterestRequest = z.infer<typeof pinterestRequestSchema>;
