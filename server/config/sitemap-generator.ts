import { CRAWL_DEFAULTS } from '#server/lib/crawler/defaults.ts';
import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const sitemapGenerator = defineSection({
  env: {
    SITEMAP_MAX_PAGES: wholeNumber({ min: 1, max: 1_000_000, fallback: CRAWL_DEFAULTS.maxPages }),
    SITEMAP_MAX_DEPTH: wholeNumber({ min: 1, max: 1000, fallback: CRAWL_DEFAULTS.maxDepth }),
    SITEMAP_CONCURRENCY: wholeNumber({ min: 1, max: 64, fallback: CRAWL_DEFAULTS.concurrency }),
    SITEMAP_PAGE_TIMEOUT_MS: wholeNumber({ min: 1, max: 120_000, fallback: CRAWL_DEFAULTS.pageTimeoutMs }),
    SITEMAP_CRAWL_TIMEOUT_MS: wholeNumber({ min: 1, max: 3_600_000, fallback: CRAWL_DEFAULTS.crawlTimeoutMs }),
    SITEMAP_MAX_PAGE_BYTES: wholeNumber({ min: 1, max: 100 * 1024 * 1024, fallback: CRAWL_DEFAULTS.maxPageBytes }),
    SITEMAP_MAX_RUNNING: wholeNumber({ min: 1, max: 100, fallback: 4 }),
    SITEMAP_KEEP: wholeNumber({ min: 1, max: 100_000, fallback: 500 }),
    SITEMAP_RATE_LIMIT: wholeNumber({ min: 1, max: 10_000, fallback: 10 }),
  },
  read: (env) => ({
    maxPages: env.SITEMAP_MAX_PAGES,
    maxDepth: env.SITEMAP_MAX_DEPTH,
    concurrency: env.SITEMAP_CONCURRENCY,
    pageTimeoutMs: env.SITEMAP_PAGE_TIMEOUT_MS,
    crawlTimeoutMs: env.SITEMAP_CRAWL_TIMEOUT_MS,
    maxPageBytes: env.SITEMAP_MAX_PAGE_BYTES,
    /**
     * Crawls at once in each process that runs jobs (its job threads), and the cap on crawls queued
     * or running across all processes (counted in the shared queue).
     */
    maxRunning: env.SITEMAP_MAX_RUNNING,
    /** Generated sitemaps kept (records and files); older ones are deleted. */
    keep: env.SITEMAP_KEEP,
    /** Sitemap generations one IP may start per 10 minutes. */
    rateLimitPer10Min: env.SITEMAP_RATE_LIMIT,
  }),
});

export type SitemapGeneratorSettings = ReturnType<typeof sitemapGenerator.read>;
