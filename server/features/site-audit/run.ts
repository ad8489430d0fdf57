import type { Db } from '#db/index.ts';
import {
  completeSiteAudit,
  finishSiteAudit,
  issuesOnlyIn,
  previousDoneAudit,
  type SiteAuditStatus,
} from '#db/site-audits.ts';
import { isCrawlStartError } from '#server/lib/crawler/index.ts';
import type { TimeSlicer } from '#server/lib/crawler/time-slice.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import type { JobHandle, RunningJob, StopReason } from '#server/lib/jobs.ts';
import { runSiteAudit, type AuditProgress, type SiteAuditLimits } from './audit.ts';
import { DIFF_LIST_LIMIT, pageRows, reportFacts } from './report.ts';

export type AuditEvent =
  | { type: 'status'; status: SiteAuditStatus }
  | { type: 'progress'; progress: AuditProgress }
  | { type: 'done'; summary: unknown }
  | { type: 'failed'; error: string }
  | { type: 'cancelled' };

/** What an audit job carries (its key is the audit's id). */
export interface AuditInput {
  visitor: string;
  url: string;
  /** Typed without a scheme: https first, http when the site has no TLS. */
  httpFallback: boolean;
  createdAt: string;
}

export type AuditJob = JobHandle<AuditInput, AuditProgress, AuditEvent>;

/** Why an audit ended without a report when the server stopped under it, by what it was doing. */
export const SHUTDOWN_REASON = {
  queued: 'The server stopped before this audit could start; please run it again.',
  running: 'The server stopped while this audit was running; please run it again.',
} as const;

/** What one audit's work needs from the service. */
export interface AuditRunDeps {
  db: Db;
  fetcher: CrawlFetcher;
  limits: SiteAuditLimits;
  slicer: TimeSlicer;
  now: () => Date;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

/**
 * One audit's work once it runs: the crawl, then the report stored (done), or the audit stored as
 * failed or stopped. Answers the events that tell its end; the caller sends them once nothing is
 * left to wait for. `progressSaved` is the last progress write, awaited before the end is stored.
 */
export async function crawlAndStore(
  deps: AuditRunDeps,
  job: RunningJob<AuditInput, AuditProgress, AuditEvent>,
  onProgress: (progress: AuditProgress) => void,
  progressSaved: () => Promise<void>,
): Promise<AuditEvent[]> {
  const { db, now } = deps;
  try {
    const outcome = await runSiteAudit({
      startUrl: job.input.url,
      httpFallback: job.input.httpFallback,
      fetcher: deps.fetcher,
      limits: deps.limits,
      signal: job.signal,
      onProgress,
      slicer: deps.slicer,
    });
    await progressSaved();
    if (job.signal.aborted) return [await storeStopped(deps, job, job.signal.reason as StopReason, 'running')];
    const summary = outcome.summary;
    const saved = await completeSiteAudit(
      db,
      job.key,
      {
        finishedAt: now().toISOString(),
        crawled: job.progress.crawled,
        discovered: job.progress.discovered,
        summary,
        report: reportFacts(outcome),
        pages: pageRows(outcome),
        issues: outcome.issues.map((issue) => ({
          type: issue.type,
          url: issue.url,
          severity: issue.severity,
          detail: issue.detail,
        })),
        diff: (trx) => diffAgainstPrevious(trx, job),
      },
      { breathe: () => deps.slicer.breathe(), signal: job.signal },
    );
    if (!saved) return [await storeStopped(deps, job, job.signal.reason as StopReason, 'running')];
    deps.log?.info(
      { audit: job.key, pages: summary.pages, ms: outcome.durationMs, stoppedBy: outcome.stoppedBy },
      'site audit done',
    );
    return [
      { type: 'progress', progress: job.progress },
      { type: 'done', summary },
    ];
  } catch (error) {
    await progressSaved();
    if (job.signal.aborted) return [await storeStopped(deps, job, job.signal.reason as StopReason, 'running')];
    const message = isCrawlStartError(error) ? error.message : 'The audit failed unexpectedly; please try again.';
    if (!isCrawlStartError(error)) deps.log?.warn({ err: error, audit: job.key }, 'site audit failed');
    await finishSiteAudit(db, job.key, { status: 'failed', error: message, finishedAt: now().toISOString() });
    return [{ type: 'failed', error: message }];
  }
}

/**
 * Stores an audit stopped by its owner (cancelled) or by the server shutting down (failed, saying
 * whether it was still queued or running); answers the event that says so.
 */
export async function storeStopped(
  deps: Pick<AuditRunDeps, 'db' | 'now'>,
  job: AuditJob,
  reason: StopReason,
  was: 'queued' | 'running',
): Promise<AuditEvent> {
  const cancelled = reason === 'cancel';
  const shutdownMessage = SHUTDOWN_REASON[was];
  await finishSiteAudit(deps.db, job.key, {
    status: cancelled ? 'cancelled' : 'failed',
    error: cancelled ? 'Cancelled.' : shutdownMessage,
    finishedAt: deps.now().toISOString(),
  });
  return cancelled ? { type: 'cancelled' } : { type: 'failed', error: shutdownMessage };
}

/** Runs inside the transaction that marks the audit done (`trx`), after its issues are written. */
async function diffAgainstPrevious(trx: Db, job: AuditJob) {
  const previousId = await previousDoneAudit(trx, { id: job.key, ...job.input });
  if (!previousId) return undefined;
  const added = await issuesOnlyIn(trx, job.key, previousId, DIFF_LIST_LIMIT);
  const fixed = await issuesOnlyIn(trx, previousId, job.key, DIFF_LIST_LIMIT);
  return {
    previousId,
    newIssues: added.items,
    fixedIssues: fixed.items,
    newCount: added.total,
    fixedCount: fixed.total,
  };
}
