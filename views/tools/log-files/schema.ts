import { z } from 'zod';

/**
 * The log analyser's API (issue 36): what requests carry (zod, checked on the server) and what answers
 * hold (types the widget imports; islands import no zod).
 */

const id22 = /^[A-Za-z0-9_-]{22}$/;

/** POST /api/log-files: the multipart form's fields besides the files. */
export const uploadFields = z.object({
  auditId: z
    .string()
    .trim()
    .transform((value) => value.replace(/^.*\/site-audit\//, '').replace(/[?#].*$/, ''))
    .pipe(z.string().regex(id22, 'AuditId must be the id (or the report link) of a finished site audit'))
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

export type LogFileStatus = 'queued' | 'running' | 'done' | 'failed';

export interface LogBotView {
  bot: string;
  name: string;
  verified: number;
  unverified: number;
  /** Whether its operator publishes addresses (or DNS names) this server can check. */
  verifiable: boolean;
}

export interface LogSpendView {
  bot: string;
  verified: boolean;
  hits: number;
  urls: number;
  parameters: number;
  redirects: number;
  errors: number;
}

export interface JoinedListView {
  total: number;
  urls: Array<{ url: string; hits: number; reason?: string }>;
}

/** GET /api/log-files/:id */
export interface LogFileView {
  id: string;
  status: LogFileStatus;
  error?: string;
  files: Array<{ name: string; bytes: number }>;
  progress?: { bytesRead: number; bytesTotal: number; lines: number };
  formats: string[];
  lines: number;
  unparsed: number;
  /** The first lines that did not parse, addresses masked. */
  unparsedSamples: string[];
  range: { from: string; to: string } | null;
  bots: LogBotView[];
  /** Hits from people and clients that are no known bot. */
  otherHits: number;
  spend: LogSpendView[];
  dns: { enabled: boolean; lookups: number };
  /** The join with a site audit, when one was named (null: none named, or it was gone). */
  join: {
    auditId: string;
    auditUrl: string;
    neverCrawled: JoinedListView;
    notInAudit: JoinedListView;
    excludedButCrawled: JoinedListView;
  } | null;
  auditId: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface LogUrlRow {
  url: string;
  hits: number;
  bytes: number;
  statuses: Record<string, number>;
  firstSeen: string;
  lastSeen: string;
}

/** GET /api/log-files/:id/urls */
export interface LogUrlsResponse {
  total: number;
  page: number;
  perPage: number;
  urls: LogUrlRow[];
}

/** GET /api/log-files/:id/days: each day's hits by bot and by status. */
export interface LogDaysResponse {
  days: Array<{ day: string; hits: number; bots: Record<string, number>; statuses: Record<string, number> }>;
}
