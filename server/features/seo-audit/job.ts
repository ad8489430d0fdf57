import { availableParallelism } from 'node:os';
import { threadId } from 'node:worker_threads';
import type { Config } from '#server/config/index.ts';
import { measurePageExperience } from '#server/lib/browser/page-render/experience.ts';
import { HARD_STOP_GRACE_MS, type MobileRenderer } from '#server/lib/browser/page-render/renderer.ts';
import { BusyError } from '#server/lib/domain-errors.ts';
import { failureOf, failureOrThrow, type JobFailure } from '#server/lib/jobs/awaited.ts';
import { defineJob, type JobDeps } from '#server/lib/jobs/index.ts';
import type { TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { AuditReport } from '#views/model/seo-audit.ts';
import { IMAGE_WEIGHT_LIMITS } from './image-weight.ts';
import { createPageSpeedClient, PAGESPEED_TIMEOUT_MS } from './pagespeed.ts';
import { AUDIT_LIMITS, auditUrl } from './service.ts';

/*
 * The one-page SEO audit as a job (docs/decisions/0052): the page's fetch (an endless body, a gzip
 * bomb: read and inflated to 5 MB at most), its parse, the checks and the image weights run in a job
 * thread, never on the event loop that serves pages. The request stays request-bound: client.ts
 * enqueues the job and waits for its result (server/lib/jobs/awaited.ts). The thread's Chromium (the
 * mobile test's, server/job-deps.ts) renders the page beside the parse for its page experience
 * (docs/decisions/0061).
 */

export const SEO_AUDIT_JOB = 'seo-audit';

/** Audits at once per process that runs jobs: one per CPU (a hostile page's parse takes a core for a moment). */
export const SEO_AUDIT_CONCURRENCY = Math.max(1, availableParallelism());

/** What parsing and checking a 5 MB page may take on a busy machine, past its fetches. */
const PARSE_MS = 5_000;

export interface SeoAuditInput {
  target: TypedTarget;
  /** Epoch ms: the request stops waiting for a job still queued then, so a later start audits for nobody. */
  startBy: number;
}

/** Sent as the audit starts: the longest it may take, which the waiting request times. */
export interface SeoAuditProgress {
  limitMs: number;
}

export type SeoAuditResult = ({ report: AuditReport } | { failure: JobFailure }) & {
  /** The job thread's id (worker_threads.threadId), never 0 (the main thread): for the tests only. */
  thread: number;
};

/** What a job thread builds for the audit (server/jobs.ts createDeps gives every job these). */
interface SeoAuditDeps extends JobDeps {
  config: Pick<Config, 'pageSpeed' | 'mobileTest'>;
  fetcher: SafeFetcher;
  /** The thread's Chromium (undefined without one): the page experience section says so. */
  mobileRenderer(): MobileRenderer | undefined;
}

/** The longest the page's render takes (the mobile test's time limit and its hard stop's grace). */
export function renderLimitMs(mobileTest: Pick<Config['mobileTest'], 'timeoutMs'>): number {
  return mobileTest.timeoutMs + HARD_STOP_GRACE_MS;
}

/**
 * The longest one audit takes once started: the page (and its http fallback for a bare domain), then
 * its images and its render, which run side by side, each within its own limit, or Google's PageSpeed
 * call, which runs beside them.
 */
export function auditLimitMs(options: { pageSpeed: boolean; httpFallback: boolean; renderMs: number }): number {
  const page =
    AUDIT_LIMITS.timeoutMs * (options.httpFallback ? 2 : 1) +
    Math.max(IMAGE_WEIGHT_LIMITS.deadlineMs, options.renderMs) +
    PARSE_MS;
  return Math.max(page, options.pageSpeed ? PAGESPEED_TIMEOUT_MS : 0);
}

/** Every thread and queue place is taken, or the wait ran out: a `busy` domain error (503 + Retry-After). */
export class SeoAuditBusyError extends BusyError {
  constructor() {
    super('The SEO audit is busy with other pages. Please try again in a few seconds.', 10);
  }
}

export const seoAuditJob = defineJob<SeoAuditInput, SeoAuditProgress, SeoAuditResult, SeoAuditDeps>({
  name: SEO_AUDIT_JOB,
  concurrency: SEO_AUDIT_CONCURRENCY,
  // A visitor waits for it: a try cut off by a restart is not tried again for nobody.
  attempts: 1,
  backoffMs: 0,
  progressIntervalMs: 0,
  // The report is read once by the waiting request.
  retentionMs: 10 * 60_000,
  async run(job, deps) {
    if (Date.now() > job.input.startBy) return { failure: failureOf(new SeoAuditBusyError())!, thread: threadId };
    const settings = deps.config.pageSpeed;
    job.progress({
      limitMs: auditLimitMs({
        pageSpeed: settings !== null,
        httpFallback: job.input.target.httpFallback,
        renderMs: renderLimitMs(deps.config.mobileTest),
      }),
    });
    try {
      const pageSpeed = settings ? createPageSpeedClient({ ...settings, fetcher: deps.fetcher }) : null;
      const report = await auditUrl(job.input.target, {
        fetcher: deps.fetcher,
        pageSpeed,
        signal: job.signal,
        measureExperience: (url, signal) => measurePageExperience(deps.mobileRenderer(), url, signal),
      });
      return { report, thread: threadId };
    } catch (error) {
      return { failure: failureOrThrow(error), thread: threadId };
    }
  },
});
