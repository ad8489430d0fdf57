import { z } from 'zod';
import { CRAWL_DEFAULTS } from '#server/services/crawler/crawl.ts';

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

const settingsSchema = z.object({
  SITEMAP_MAX_PAGES: positiveInt(CRAWL_DEFAULTS.maxPages, 1_000_000),
  SITEMAP_MAX_DEPTH: positiveInt(CRAWL_DEFAULTS.maxDepth, 1000),
  SITEMAP_CONCURRENCY: positiveInt(CRAWL_DEFAULTS.concurrency, 64),
  SITEMAP_PAGE_TIMEOUT_MS: positiveInt(CRAWL_DEFAULTS.pageTimeoutMs, 120_000),
  SITEMAP_CRAWL_TIMEOUT_MS: positiveInt(CRAWL_DEFAULTS.crawlTimeoutMs, 3_600_000),
  SITEMAP_MAX_PAGE_BYTES: positiveInt(CRAWL_DEFAULTS.maxPageBytes, 100 * 1024 * 1024),
  /** Crawls of different sites allowed at once across all visitors. */
  SITEMAP_MAX_RUNNING: positiveInt(4, 100),
  /** Generated sitemaps kept (records and files); older ones are deleted. */
  SITEMAP_KEEP: positiveInt(500, 100_000),
  /** Sitemap generations one IP may start per 10 minutes. */
  SITEMAP_RATE_LIMIT: positiveInt(10, 10_000),
});

export interface SitemapSettings {
  maxPages: number;
  maxDepth: number;
  concurrency: number;
  pageTimeoutMs: number;
  crawlTimeoutMs: number;
  maxPageBytes: number;
  maxRunning: number;
  keep: number;
  rateLimitPer10Min: number;
}

/** Reads the SITEMAP_* variables; throws a message naming each bad one (the app fails fast). */
export function sitemapSettings(env: Record<string, string | undefined>): SitemapSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('SITEMAP_') && value !== undefined && value !== ''));
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    throw new Error(`Invalid configuration:\n${result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  }
  const s = result.data;
  return {
    maxPages: s.SITEMAP_MAX_PAGES,
    maxDepth: s.SITEMAP_MAX_DEPTH,
    concurrency: s.SITEMAP_CONCURRENCY,
    pageTimeoutMs: s.SITEMAP_PAGE_TIMEOUT_MS,
    crawlTimeoutMs: s.SITEMAP_CRAWL_TIMEOUT_MS,
    maxPageBytes: s.SITEMAP_MAX_PAGE_BYTES,
    maxRunning: s.SITEMAP_MAX_RUNNING,
    keep: s.SITEMAP_KEEP,
    rateLimitPer10Min: s.SITEMAP_RATE_LIMIT,
  };
}
