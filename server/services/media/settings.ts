import { z } from 'zod';

const origin = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value) => value || fallback)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://www.youtube.com' }))
    .transform((value) => value.replace(/\/+$/, ''));

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

const schema = z.object({
  YOUTUBE_ORIGIN: origin('https://www.youtube.com'),
  PINTEREST_ORIGIN: origin('https://www.pinterest.com'),
  PIN_IT_ORIGIN: origin('https://pin.it'),
  INSTAGRAM_ORIGIN: origin('https://www.instagram.com'),
  /** Largest video file the relay streams. */
  MEDIA_MAX_BYTES: positiveInt(100 * 1024 * 1024, 2 * 1024 * 1024 * 1024),
  /** Image compressions running at once (default: CPU count) and allowed to wait. */
  IMAGE_JOBS: z.coerce.number().int().min(1).max(64).optional(),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  PDF_FONT_PATH: z.string().trim().optional(),
});

export type MediaSettings = z.infer<typeof schema>;

/** Optional media settings from the environment; a bad value fails fast with the variable's name. */
export function mediaSettings(raw: Record<string, string | undefined>): MediaSettings {
  const picked = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, raw[key] === '' ? undefined : raw[key]]));
  const result = schema.safeParse(picked);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  return result.data;
}
