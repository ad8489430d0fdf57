import {
  ANALYSIS_BATCH,
  CRAWL_WRITE_BATCH,
  EXTERNAL_CHECK_DEFAULTS,
  FRONTIER_BATCH,
  MAX_AUDIT_PAGES,
  MEMORY_ANALYSIS_MAX_PAGES,
  SITE_AUDIT_LIMITS,
  SITE_CHECKS,
  siteChecksFor,
  type SiteChecks,
} from './site-audit-defaults.ts';
import { oneOf, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/**
 * The default heap ceiling of an audit's thread for a page cap (SITE_AUDIT_HEAP_MB=0), at least 128 MB:
 * 96 MB and 6 KB a page where the analysis runs on the audit's nodes (`memory`, which holds every page's
 * record), 1 KB a page where it runs from the crawl store (`store`, which holds each URL, its slim node and
 * its place in the frontier, whatever the page cap).
 */
export function auditHeapMb(maxPages: number, siteChecks: SiteChecks): number {
  const held = maxPages * (siteChecks === 'memory' ? 6 : 1);
  return Math.max(128, Math.ceil(96 + held / 1024));
}

export const siteAudit = defineSection({
  env: {
    SITE_AUDIT_CONCURRENCY: wholeNumber({ min: 1, max: 64, fallback: SITE_AUDIT_LIMITS.concurrency }),
    SITE_AUDIT_MAX_PAGES: wholeNumber({ min: 1, max: MAX_AUDIT_PAGES, fallback: SITE_AUDIT_LIMITS.maxPages }),
    SITE_AUDIT_PAGE_TIMEOUT_MS: wholeNumber({ min: 1, max: 120_000, fallback: SITE_AUDIT_LIMITS.pageTimeoutMs }),
    SITE_AUDIT_TIMEOUT_MS: wholeNumber({ min: 1, max: 6 * 3_600_000, fallback: SITE_AUDIT_LIMITS.crawlTimeoutMs }),
    SITE_AUDIT_MAX_PAGE_BYTES: wholeNumber({
      min: 1,
      max: 100 * 1024 * 1024,
      fallback: SITE_AUDIT_LIMITS.maxPageBytes,
    }),
    SITE_AUDIT_MAX_TOTAL_BYTES: wholeNumber({
      min: 1,
      max: 100 * 1024 * 1024 * 1024,
      fallback: SITE_AUDIT_LIMITS.maxTotalBytes,
    }),
    SITE_AUDIT_MAX_RUNNING: wholeNumber({ min: 1, max: 20, fallback: 2 }),
    SITE_AUDIT_MAX_QUEUED: wholeNumber({ min: 1, max: 1000, fallback: 20 }),
    SITE_AUDIT_KEEP: wholeNumber({ min: 1, max: 100_000, fallback: 200 }),
    SITE_AUDIT_RATE_LIMIT: wholeNumber({ min: 1, max: 10_000, fallback: 10 }),
    SITE_AUDIT_HEAP_MB: wholeNumber({ min: 0, max: 16_384, fallback: 0 }),
    SITE_AUDIT_WRITE_BATCH: wholeNumber({ min: 1, max: 10_000, fallback: CRAWL_WRITE_BATCH }),
    SITE_AUDIT_ANALYSIS_BATCH: wholeNumber({ min: 1, max: 100_000, fallback: ANALYSIS_BATCH }),
    SITE_AUDIT_FRONTIER_BATCH: wholeNumber({ min: 1, max: 100_000, fallback: FRONTIER_BATCH }),
    SITE_AUDIT_SITE_CHECKS: oneOf(SITE_CHECKS, 'auto'),
    SITE_AUDIT_WORKERS: wholeNumber({ min: 1, max: 64, fallback: 1 }),
    SITE_AUDIT_READ_LEASE_MS: wholeNumber({ min: 0, max: 600_000, fallback: 0 }),
    SITE_AUDIT_READERS: wholeNumber({ min: 0, max: 8, fallback: 0 }),
    SITE_AUDIT_EXTERNAL_MAX_URLS: wholeNumber({ min: 1, max: 50_000, fallback: EXTERNAL_CHECK_DEFAULTS.maxUrls }),
    SITE_AUDIT_EXTERNAL_CONCURRENCY: wholeNumber({ min: 1, max: 64, fallback: EXTERNAL_CHECK_DEFAULTS.concurrency }),
    SITE_AUDIT_EXTERNAL_TIMEOUT_MS: wholeNumber({ min: 1, max: 120_000, fallback: EXTERNAL_CHECK_DEFAULTS.timeoutMs }),
  },
  read: (env, report) => {
    if (env.SITE_AUDIT_SITE_CHECKS === 'memory' && env.SITE_AUDIT_MAX_PAGES > MEMORY_ANALYSIS_MAX_PAGES)
      report(
        'SITE_AUDIT_SITE_CHECKS',
        `is memory, which holds every page until the audit ends: at most ${MEMORY_ANALYSIS_MAX_PAGES.toLocaleString('en-US')} pages (SITE_AUDIT_MAX_PAGES is ${env.SITE_AUDIT_MAX_PAGES}); use auto or store`,
      );
    return {
      limits: {
        concurrency: env.SITE_AUDIT_CONCURRENCY,
        maxPages: env.SITE_AUDIT_MAX_PAGES,
        pageTimeoutMs: env.SITE_AUDIT_PAGE_TIMEOUT_MS,
        crawlTimeoutMs: env.SITE_AUDIT_TIMEOUT_MS,
        maxPageBytes: env.SITE_AUDIT_MAX_PAGE_BYTES,
        maxTotalBytes: env.SITE_AUDIT_MAX_TOTAL_BYTES,
        maxCrawlDelayMs: SITE_AUDIT_LIMITS.maxCrawlDelayMs,
      },
      /**
       * Heap ceiling of an audit's thread (MB): near it garbage is collected harder, so one audit's
       * memory stays bounded; an audit that truly needs more fails with a message saying so. 0 (the
       * default) sizes it from the page cap: 96 MB plus 6 KB a page (1 KB where the analysis runs from the
       * crawl store), at least 128 MB.
       */
      heapMb:
        env.SITE_AUDIT_HEAP_MB ||
        auditHeapMb(env.SITE_AUDIT_MAX_PAGES, siteChecksFor(env.SITE_AUDIT_SITE_CHECKS, env.SITE_AUDIT_MAX_PAGES)),
      /** Answers per batch written to the audit's crawl store, one transaction each (what a resumed audit fetches again at most, plus those in flight). */
      writeBatch: env.SITE_AUDIT_WRITE_BATCH,
      /** URLs (with their pages' records) the analysis reads from the crawl store per batch to run the page and node rules. */
      analysisBatch: env.SITE_AUDIT_ANALYSIS_BATCH,
      /** Queued URLs an audit's crawl leases from its crawl store at a time: what memory holds of its queue. */
      frontierBatch: env.SITE_AUDIT_FRONTIER_BATCH,
      /** Where the analysis runs: the audit's nodes (`memory`, the default), or its crawl store, findings written as they come (`store`, 0065). */
      siteChecks: env.SITE_AUDIT_SITE_CHECKS,
      /**
       * Workers that read one audit's pages (0071): above 1, with DATABASE_URL, the audit's job hands its pages
       * to this many part jobs (one per worker process at a time), each reading its share of the concurrency.
       */
      workers: env.SITE_AUDIT_WORKERS,
      /** How long a part's claim on a page holds (ms): then another reads it (0: the page timeout plus 30 s). */
      readLeaseMs: env.SITE_AUDIT_READ_LEASE_MS || env.SITE_AUDIT_PAGE_TIMEOUT_MS + 30_000,
      /**
       * Reader threads of an audit whose analysis runs from the crawl store (0073): they fetch and read its pages
       * beside the audit's thread, which keeps the crawl, for a machine with cores to spare; 0 (the default) reads
       * them in the audit's thread. An audit analysed in memory, a shared one and one that renders JavaScript read
       * their pages in their own thread.
       */
      readers: env.SITE_AUDIT_READERS,
      /** Checks of other sites' URLs, when an audit asks for them (2 at a time per host, always). */
      external: {
        maxUrls: env.SITE_AUDIT_EXTERNAL_MAX_URLS,
        concurrency: env.SITE_AUDIT_EXTERNAL_CONCURRENCY,
        perHost: EXTERNAL_CHECK_DEFAULTS.perHost,
        timeoutMs: env.SITE_AUDIT_EXTERNAL_TIMEOUT_MS,
      },
      /** Audits crawling at once across all visitors; the rest wait in order. */
      maxRunning: env.SITE_AUDIT_MAX_RUNNING,
      /** Audits allowed to wait; past it a new one is refused with 503. */
      maxQueued: env.SITE_AUDIT_MAX_QUEUED,
      /** Finished audits kept (with their pages and issues); older ones are deleted. */
      keep: env.SITE_AUDIT_KEEP,
      /** Audits one IP may start per 10 minutes. */
      rateLimitPer10Min: env.SITE_AUDIT_RATE_LIMIT,
    };
  },
});

export type SiteAuditSettings = ReturnType<typeof siteAudit.read>;
