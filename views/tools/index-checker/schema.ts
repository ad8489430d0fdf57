import { z } from 'zod';

import { MAX_INDEX_URLS, MAX_URL_LENGTH } from './rules.ts';

export { MAX_INDEX_URLS, MAX_URL_LENGTH };

export const indexCheckRequestSchema = z.object({
  urls: z
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
        .max(MAX_INDEX_URLS, `At most ${MAX_INDEX_URLS} URLs can be checked at once.`),
    ),
});
