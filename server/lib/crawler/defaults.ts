/** Crawl bounds when the caller gives none (the sitemap generator's SITEMAP_* defaults). */
export const CRAWL_DEFAULTS = {
  concurrency: 8,
  maxPages: 5000,
  maxDepth: 50,
  pageTimeoutMs: 15_000,
  crawlTimeoutMs: 180_000,
  maxPageBytes: 5 * 1024 * 1024,
  maxCrawlDelayMs: 10_000,
  maxReportedSkips: 1000,
} as const;
