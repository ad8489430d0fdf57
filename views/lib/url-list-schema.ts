import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

/**
 * The URL list the bulk checkers' APIs take (redirect checker, index checker): lines are trimmed and
 * empty ones dropped (spec 5), then 1 to `max` remain. Server-side only, as every zod schema.
 */
export function urlListSchema(max: number) {
  return z
    .array(
      z
        .string({ error: 'Each URL must be text.' })
        .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
      {
        error: 'Send {"urls": [...]} with one URL per entry.',
      },
    )
    .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .min(1, 'Please enter at least one URL')
        .max(max, `At most ${max} URLs can be checked at once.`),
    );
}
