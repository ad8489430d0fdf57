import type { Readable } from 'node:stream';

/**
 * The slice of the guarded fetcher (docs/contracts/safe-fetch.md) the crawler uses. Typed
 * structurally so the real `createSafeFetcher()` result plugs straight in.
 */
export interface CrawlFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
  onTooLarge?: 'error' | 'truncate';
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface CrawlFetchResponse<Body> {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Body;
  /** Time to first byte as the fetcher measured it (the guarded fetcher always sets it). */
  timings?: { ttfbMs: number };
}

export interface CrawlFetcher {
  fetch(url: string, options?: CrawlFetchOptions): Promise<CrawlFetchResponse<Buffer>>;
  stream(url: string, options?: CrawlFetchOptions): Promise<CrawlFetchResponse<Readable>>;
}

export type SkipReason =
  'robots' | 'noindex' | 'canonical' | 'redirect' | 'status' | 'non-html' | 'external' | 'nofollow' | 'error' | 'cap';

export interface SkippedUrl {
  url: string;
  reason: SkipReason;
  detail: string;
}

export interface ListedPage {
  url: string;
  /** W3C datetime from the page's Last-Modified header, when it sent a valid one. */
  lastmod?: string;
}

export interface CrawlProgress {
  /** Pages listed in the sitemap so far. */
  found: number;
  /** URLs waiting to be fetched or being fetched. */
  queued: number;
  skipped: number;
}

export interface CrawlOptions {
  startUrl: string;
  fetcher: CrawlFetcher;
  /** Product token matched against robots.txt groups and `<meta name="...">`. */
  botName: string;
  concurrency?: number;
  maxPages?: number;
  maxDepth?: number;
  pageTimeoutMs?: number;
  crawlTimeoutMs?: number;
  maxPageBytes?: number;
  /** Longest Crawl-delay we wait between requests; longer values are clamped (and reported). */
  maxCrawlDelayMs?: number;
  /** How many skipped URLs the report lists one by one (counts stay exact). */
  maxReportedSkips?: number;
  onProgress?: (progress: CrawlProgress) => void;
  signal?: AbortSignal;
  /** The visitor typed a bare domain: when https fails at the connection, crawl the site over http. */
  httpFallback?: boolean;
}

export type StopReason = 'complete' | 'page-limit' | 'time-limit' | 'byte-limit' | 'aborted';

export interface CrawlReport {
  startUrl: string;
  /** Where the crawl really started after following the start page's redirects. */
  siteUrl: string;
  pages: number;
  stoppedBy: StopReason;
  durationMs: number;
  crawlDelayMs: number;
  skippedCounts: Partial<Record<SkipReason, number>>;
  skipped: SkippedUrl[];
  /** True when more URLs were skipped than `skipped` lists. */
  skippedTruncated: boolean;
}

export interface CrawlResult {
  pages: ListedPage[];
  report: CrawlReport;
}
