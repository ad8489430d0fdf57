import { z } from 'zod';

/**
 * The log analyser's API (issue 36): what requests carry (zod, checked on the server) and what answers
 * hold (types the widget imports; islands import no zod).
 */

/** POST /api/log-files: the multipart form's fields besides the files. */
export const uploadFields = z.object({
  auditId: z
    .string()
    .trim()
    .transform((value) => value.replace(/^.*\/site-audit\//, '').replace(/[?#].*$/, ''))
    .pipe(z.string().regex(ID_PATTERN, 'AuditId must be the id (or the report link) of a finished site audit'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const URLS_PER_PAGE_MAX = 500;

/** GET /api/log-files/:id/urls (and urls.csv): which bot, verified or not, a page of the list. */
export const urlsQuery = z.object({
  bot: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'Bot must be a bot id such as googlebot')
    .optional(),
  verified: z.enum(['true', 'false'], { error: 'Verified must be true or false' }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(URLS_PER_PAGE_MAX).default(50),
});

export const JOIN_LISTS = ['never-crawled', 'not-in-audit', 'excluded-but-crawled'] as const;

/** GET /api/log-files/:id/join.csv?list= */
export const joinQuery = z.object({ list: z.enum(JOIN_LISTS) });

export type {
  JoinedListView,
  LogBotView,
  LogDaysResponse,
  LogFileStatus,
  LogFileView,
  LogSpendView,
  LogUrlRow,
  LogUrlsResponse,
} from '#views/model/log-files.ts';
import { ID_PATTERN } from '#views/model/ids.ts';
