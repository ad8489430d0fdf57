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
  | 'robots'
  | 'noindex'
  | 'canonical'
  | 'redirect'
  | 'status'
  | 'non-html'
  | 'external'
  | 'nofollow'
  | 'error'
  | 'cap'
  /** Matched an exclude pattern: neither fetched nor listed. */
  | 'excluded'
  /** Fetched (its links followed) but matched no include pattern, so not listed. */
  | 'not-included';

export interface SkippedUrl {
  url: string;
  reason: SkipReason;
  detail: string;
}

export interface ListedPage {
  url: string;
  /** W3C datetime from the page's Last-Modified header, when it sent a valid one. */
  lastmod?: string;
  /** The page's `<title>`, for the HTML sitemap. */
  title?: string;
  /** Absolute http(s) URLs of the page's images, each once, in page order (when asked for). */
  images?: string[];
  /** The page's hreflang alternates, absolute, each once (when asked for). */
  alternates?: { hreflang: string; href: string }[];
}

/** A link the crawl followed to a URL on the site that answered an error or could not be fetched. */
export interface BrokenLink {
  /** The page that links to it (or redirects to it, or names it as canonical). */
  source: string;
  target: string;
  /** The HTTP status; null when no answer came (refused, timed out, reset). */
  status: number | null;
  detail: string;
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
  /** Returns the pattern a URL matches when it must be neither fetched nor listed. */
  exclude?: (url: string) => string | null;
  /** When given: a fetched page is listed only when this returns a (matching) pattern. */
  include?: (url: string) => string | null;
  /** List noindex pages too (default false). */
  listNoindex?: boolean;
  /** List pages whose canonical is another URL too (default false). */
  listNonCanonical?: boolean;
  /** Collect each listed page's images (default false). */
  images?: boolean;
  /** Collect each listed page's hreflang alternates (default false). */
  alternates?: boolean;
  /** How many broken links the report lists one by one (counts stay exact). */
  maxReportedBrokenLinks?: number;
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
  /** Links to URLs on the site that answered 4xx/5xx or could not be fetched, sorted by target then source. */
  brokenLinks: BrokenLink[];
  /** Every broken link met (source, target pairs), also those past the listing limit. */
  brokenLinksTotal: number;
}

export interface CrawlResult {
  pages: ListedPage[];
  report: CrawlReport;
}
