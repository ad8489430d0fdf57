import { z } from 'zod';

import { MAX_INDEX_URLS, MAX_URL_LENGTH, NOT_CHECKED_TEXT } from './limits.ts';

export { MAX_INDEX_URLS, MAX_URL_LENGTH, NOT_CHECKED_TEXT };

export const indexCheckRequestSchema = z.object({
  urls: z
    .array(z.string({ error: 'Each URL must be text.' }).max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`), {
      error: 'Send {"urls": [...]} with one URL per entry.',
    })
    .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, 'Please enter at least one URL').max(MAX_INDEX_URLS, `At most ${MAX_INDEX_URLS} URLs can be checked at once.`)),
});

export interface IndexRow {
  url: string;
  /** Where the URL ended up after redirects (null when it could not be fetched). */
  finalUrl: string | null;
  indexable: boolean;
  /** Why: the blocking signals, or a one-line all-clear. */
  reasons: string[];
  /** Final HTTP status, or null when the fetch failed. */
  status: number | null;
  /** From a configured search provider only; null means "not checked". */
  indexed: boolean | null;
  /** Provider detail (coverage state) or why it was not asked. */
  indexedNote: string;
}
