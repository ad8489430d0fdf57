import { z } from 'zod';
import { startUrlSchema } from '../sitemap-generator/schema.ts';
import type { Severity } from '#views/model/site-audit.ts';
import type { AuditLink, AuditLinkGroups } from '#views/model/site-audit-report.ts';
import type { DiffCause } from '#views/model/site-audit-diff.ts';
import type { PageExperienceSection } from '#views/model/page-experience-report.ts';

/**
 * POST /api/site-audits: the website to audit, typed as people type it (a bare domain gets https://),
 * whether to render JavaScript, and whether to check links, scripts and stylesheets on other sites
 * (both off unless asked; the form asks for the external check).
 */
export const startAuditBody = z.object({
  url: startUrlSchema,
  /** Render JavaScript: each page is loaded in a browser and read from its rendered DOM (slower). */
  render: z.boolean({ error: 'render must be true or false' }).optional().default(false),
  checkExternalLinks: z.boolean({ error: 'checkExternalLinks must be true or false.' }).default(false),
});
export type StartAuditBody = z.input<typeof startAuditBody>;

export const PAGES_PER_REQUEST_MAX = 200;

/** GET /api/site-audits/:id/pages: paging, an issue filter and a URL search. */
export const pagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGES_PER_REQUEST_MAX).default(50),
  issue: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, 'Issue must be an issue type id')
    .optional(),
  q: z.string().max(200).optional(),
  /** Rendered audits: worst first by a lab Core Web Vital. */
  sort: z.enum(['lcp', 'cls', 'tbt'], { error: 'sort must be lcp, cls or tbt' }).optional(),
});

/** URLs of one issue type sent at once (GET /api/site-audits/:id/issues/:type): a page, never the whole list. */
export const ISSUE_URLS_PER_REQUEST_MAX = 200;

/** GET /api/site-audits/:id/issues/:type: a page of the type's URLs. */
export const issueUrlsQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  perPage: z.coerce
    .number({ error: 'perPage must be a whole number from 1' })
    .int('perPage must be a whole number from 1')
    .min(1, 'perPage must be a whole number from 1')
    .max(ISSUE_URLS_PER_REQUEST_MAX, `perPage must be at most ${ISSUE_URLS_PER_REQUEST_MAX}`)
    .default(50),
});

/** GET /api/site-audits/:id/issues: with q, only the types with a URL containing it (counted by those URLs). */
export const issuesQuery = z.object({
  q: z
    .string({ error: 'q must be text' })
    .max(200, 'q must be at most 200 characters')
    .optional()
    .transform((text) => text?.trim() || undefined),
});

/** Live progress: URLs crawled of those found, then other sites' URLs checked (when asked). */
export interface AuditProgressView {
  crawled: number;
  discovered: number;
  externalChecked?: number;
  externalTotal?: number;
  /** While crawling, after its first seconds: URLs per second lately and the time left at that rate. */
  pagesPerSecond?: number;
  secondsLeft?: number;
}

export type AuditStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface AuditSummary {
  /** URLs in the pages list: every URL crawled but the scripts and stylesheets. */
  pages: number;
  /** Scripts and stylesheets crawled (the resources list); absent in audits stored before it existed. */
  resources?: number;
  score: number;
  errors: number;
  warnings: number;
  notices: number;
}

export interface AuditDiff {
  previousId: string;
  /** Regressions with what followed from them (views/model/site-audit-diff.ts); absent in audits stored before. */
  causes?: DiffCause[];
  newIssues: Array<{ type: string; url: string }>;
  fixedIssues: Array<{ type: string; url: string }>;
  newCount: number;
  fixedCount: number;
}

export interface AuditReportFacts {
  siteUrl: string;
  stoppedBy: 'complete' | 'page-limit' | 'time-limit' | 'byte-limit' | 'aborted';
  durationMs: number;
  crawlDelayMs: number;
  hasSitemap: boolean;
  /** Only for audits run with "Render JavaScript": pages rendered, and why rendering stopped part way. */
  render?: { rendered: number; stopped: string | null; startPage?: string };
  /** Rendered audits only (absent in those stored before): lab Core Web Vitals and axe across the pages. */
  pageExperience?: PageExperienceSection;
  /** What the audit was asked for (absent in audits stored before): a re-run asks for the same. */
  options?: { render: boolean; checkExternalLinks: boolean };
  sitemaps: Array<{ url: string; kind: string | null; valid: boolean; urls: number; error: string | null }>;
}

/** GET /api/site-audits/:id */
export interface AuditView {
  id: string;
  url: string;
  status: AuditStatus;
  progress: AuditProgressView;
  summary?: AuditSummary;
  diff?: AuditDiff;
  report?: AuditReportFacts;
  error?: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface AuditListItem {
  id: string;
  url: string;
  status: AuditStatus;
  progress: { crawled: number; discovered: number };
  createdAt: string;
  finishedAt: string | null;
  score?: number;
  pages?: number;
}

/** GET /api/site-audits/:id/issues: a type's count, its URLs read a page at a time (AuditIssueUrls). */
export interface AuditIssueGroup {
  type: string;
  severity: Severity;
  title: string;
  count: number;
  /** Link issues: each link (target, anchor text, position) with the pages that carry it. */
  links?: AuditLinkGroups;
}

/** GET /api/site-audits/:id/issues/:type?page=&perPage= */
export interface AuditIssueUrls {
  type: string;
  total: number;
  page: number;
  perPage: number;
  urls: Array<{ url: string; detail: string }>;
}

/** How a listed URL answered: the first facts of a page and of a resource alike. */
export interface AuditResponseFacts {
  status: number;
  error: string | null;
  blocked: boolean;
  contentType: string | null;
  ttfbMs: number;
  bytes: number;
  redirectTo: string | null;
}

export interface AuditPageRow {
  url: string;
  issues: string[];
  /** The links behind this page's link issues, by issue type. */
  links?: Array<{ type: string; links: AuditLink[] }>;
  facts: AuditResponseFacts & {
    depth: number | null;
    inlinks: number;
    inSitemap: boolean;
    title: string | null;
    description: string | null;
    h1: string | null;
    words: number | null;
    noindex: boolean | null;
    lang: string | null;
    canonical: string | null;
    /** Lab Core Web Vitals, only for pages rendered by an audit run with "Render JavaScript". */
    lcpMs?: number | null;
    cls?: number;
    tbtMs?: number;
  };
}

/** A script or stylesheet in the report's resources list (GET /api/site-audits/:id/resources). */
export interface AuditResourceRow {
  url: string;
  issues: string[];
  facts: AuditResponseFacts & {
    /** "script", "stylesheet" or "script and stylesheet". */
    loadedAs: string;
    /** Pages that load it. */
    loadedBy: number;
  };
}

export interface AuditPagesResponse<Row = AuditPageRow> {
  total: number;
  page: number;
  perPage: number;
  pages: Row[];
}
