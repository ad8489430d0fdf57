/*
 * The site audit's built-in limits: the fallbacks of its SITE_AUDIT_* variables (site-audit.ts) and
 * what the audit uses when a caller gives none (server/features/site-audit). They live here, below
 * both, so that loading the configuration does not load the audit (docs/decisions/0052).
 */

export interface SiteAuditLimits {
  concurrency: number;
  /**
   * Requests sent to the site at most: robots.txt, sitemap files, pages, redirects, images,
   * scripts, stylesheets and files alike. External checks (other sites) have their own cap.
   */
  maxPages: number;
  pageTimeoutMs: number;
  crawlTimeoutMs: number;
  maxPageBytes: number;
  /** Bytes read from the whole site before the audit stops. */
  maxTotalBytes: number;
  /** Longest Crawl-delay honoured; longer values are clamped. */
  maxCrawlDelayMs: number;
}

/** Answers per batch the crawl writes to its store (decision 0059): a transaction every 200 pages keeps commits few and a batch small. */
export const CRAWL_WRITE_BATCH = 200;

/**
 * URLs per batch the analysis reads back from the store to run the page and node rules (decision 0063): 2,000
 * pages' records and the URLs they name are some 20 MB. From 500 (0070's addendum): a URL named by pages of
 * several batches is read once a batch, and on a 20,000-page audit the page and node rules took a third less
 * time, the server's CPU a sixth less.
 */
export const ANALYSIS_BATCH = 2_000;

/** Queued URLs a crawl leases from its store at a time (decision 0064): what memory holds of its queue. */
export const FRONTIER_BATCH = 500;

/** A shared audit (0071): how often the audit's job and its parts look for answers and pages to read (ms). */
export const READ_POLL_MS = 5;
/** A shared audit's page no part claimed within this (ms) is read by the audit's job itself. */
export const READ_WAIT_MS = 5_000;

/**
 * Where an audit's analysis runs (decisions 0062, 0065, 0070): `memory` from its nodes, `store` over its
 * crawl store with bounded memory, `auto` (the default) memory up to MEMORY_ANALYSIS_MAX_PAGES pages of
 * page cap and the store above.
 */
export const SITE_CHECKS = ['auto', 'memory', 'store'] as const;
export type SiteChecksSetting = (typeof SITE_CHECKS)[number];
export type SiteChecks = Exclude<SiteChecksSetting, 'auto'>;

/** The largest page cap the in-memory analysis takes: it holds every page's record until the audit ends. */
export const MEMORY_ANALYSIS_MAX_PAGES = 50_000;

/** The largest page cap an audit may have (the store's analysis; memory grows by about 0.5 KB a URL). */
export const MAX_AUDIT_PAGES = 10_000_000;

/** Where an audit with this page cap runs its analysis. */
export function siteChecksFor(setting: SiteChecksSetting, maxPages: number): SiteChecks {
  if (setting !== 'auto') return setting;
  return maxPages > MEMORY_ANALYSIS_MAX_PAGES ? 'store' : 'memory';
}

export const SITE_AUDIT_LIMITS: SiteAuditLimits = {
  concurrency: 8,
  maxPages: 5000,
  pageTimeoutMs: 15_000,
  crawlTimeoutMs: 15 * 60_000,
  maxPageBytes: 5 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxCrawlDelayMs: 10_000,
};

/** How the audit checks other sites' URLs (links, scripts, stylesheets): politely, and bounded. */
export interface ExternalCheckSettings {
  /** Distinct external URLs checked at most per audit (the first ones found); the rest are not checked. */
  maxUrls: number;
  /** Requests in flight at most, all hosts together. */
  concurrency: number;
  /** Requests in flight at most to one host. */
  perHost: number;
  /** One request's time limit; past it the URL is reported as timed out. */
  timeoutMs: number;
}

export const EXTERNAL_CHECK_DEFAULTS: ExternalCheckSettings = {
  maxUrls: 1000,
  concurrency: 8,
  perHost: 2,
  timeoutMs: 10_000,
};
