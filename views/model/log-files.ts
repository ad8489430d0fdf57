/** What the log analyser's API answers (issue 36): the types the server builds and the widget reads. */

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
