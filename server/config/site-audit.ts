import { SITE_AUDIT_LIMITS } from '#server/features/site-audit/audit.ts';
import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const siteAudit = defineSection({
  env: {
    SITE_AUDIT_CONCURRENCY: wholeNumber({ min: 1, max: 64, fallback: SITE_AUDIT_LIMITS.concurrency }),
    SITE_AUDIT_MAX_PAGES: wholeNumber({ min: 1, max: 50_000, fallback: SITE_AUDIT_LIMITS.maxPages }),
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
  },
  read: (env) => ({
    limits: {
      concurrency: env.SITE_AUDIT_CONCURRENCY,
      maxPages: env.SITE_AUDIT_MAX_PAGES,
      pageTimeoutMs: env.SITE_AUDIT_PAGE_TIMEOUT_MS,
      crawlTimeoutMs: env.SITE_AUDIT_TIMEOUT_MS,
      maxPageBytes: env.SITE_AUDIT_MAX_PAGE_BYTES,
      maxTotalBytes: env.SITE_AUDIT_MAX_TOTAL_BYTES,
      maxCrawlDelayMs: SITE_AUDIT_LIMITS.maxCrawlDelayMs,
    },
    /** Audits crawling at once across all visitors; the rest wait in order. */
    maxRunning: env.SITE_AUDIT_MAX_RUNNING,
    /** Audits allowed to wait; past it a new one is refused with 503. */
    maxQueued: env.SITE_AUDIT_MAX_QUEUED,
    /** Finished audits kept (with their pages and issues); older ones are deleted. */
    keep: env.SITE_AUDIT_KEEP,
    /** Audits one IP may start per 10 minutes. */
    rateLimitPer10Min: env.SITE_AUDIT_RATE_LIMIT,
  }),
});

export type SiteAuditSettings = ReturnType<typeof siteAudit.read>;
