import { threadId } from 'node:worker_threads';
import { dialectOf } from '#db/index.ts';
import { finishSiteAudit } from '#db/site-audits.ts';
import type { Config } from '#server/config/index.ts';
import type { AppJobDeps } from '#server/job-deps.ts';
import { eventLoopSlicer } from '#server/lib/crawler/time-slice.ts';
import { defineJob, JOB_REASONS } from '#server/lib/jobs/types.ts';
import { findAuditChromium } from '#server/lib/browser/launch.ts';
import { createAuditRenderer, type AuditRenderer } from './render/renderer.ts';
import type { AuditProgress } from './audit.ts';
import { SITE_AUDIT_PART_JOB, type PartInput } from './shared/part-job.ts';
import { runAuditTry, UNEXPECTED_FAILURE, type AuditInput, type AuditOutcome } from './run.ts';

/** The audit's job name in the job system (server/jobs.ts lists the definition). */
export const SITE_AUDIT_JOB = 'site-audit';
/** Progress events go out at most this often; the last state always goes out. */
const PROGRESS_INTERVAL_MS = 250;

/** What a try answers: how it ended, and the thread it ran in (never the main thread, 0). */
export interface AuditResult {
  status: AuditOutcome;
  threadId: number;
}

/** The reasons the job system gives that a visitor can read as they are; others are logged. */
const READABLE_REASONS: readonly string[] = [JOB_REASONS.serverStopped, JOB_REASONS.workerStopped];

/** What the visitor reads when the audit's thread went past SITE_AUDIT_HEAP_MB. */
export const OUT_OF_MEMORY =
  'This site needed more memory than this server allows for one audit. Try again with fewer pages, or ask the site operator to raise SITE_AUDIT_HEAP_MB.';

/**
 * The job failed for good (its thread or process died, the database refused): the audit says so.
 * Answers whether this call stored it (an audit already ended keeps its ending, and is not logged again).
 */
export async function storeJobFailure(
  deps: { db: AppJobDeps['db']; log: { error(obj: object, msg?: string): void } },
  id: string,
  reason: string,
): Promise<boolean> {
  const readable = READABLE_REASONS.includes(reason);
  const stored = await finishSiteAudit(deps.db, id, {
    status: 'failed',
    error: reason === JOB_REASONS.outOfMemory ? OUT_OF_MEMORY : readable ? reason : UNEXPECTED_FAILURE,
    finishedAt: new Date().toISOString(),
  });
  if (stored && !readable && reason !== JOB_REASONS.outOfMemory)
    deps.log.error({ err: new Error(reason), audit: id }, 'site audit job failed outside its handler');
  return stored;
}

/**
 * The whole-site audit as a durable job (docs/decisions/0032): crawling, parsing, matching and
 * saving run in a job thread, never on the event loop that serves pages. Two tries: a try cut off
 * (the server or its worker stopped) runs again from the start, once; then the audit fails with
 * the reason. Its concurrency is SITE_AUDIT_MAX_RUNNING, per process that runs jobs.
 */
/**
 * A browser for one audit that renders JavaScript: chrome-headless-shell when installed, else Chromium
 * (CHROMIUM_PATH; launch.ts findAuditChromium), through the audit's guarded fetcher.
 */
function auditRenderer(deps: AppJobDeps): AuditRenderer | undefined {
  const settings = deps.config.siteAuditRender;
  const chromiumPath = findAuditChromium(settings.chromiumPath, deps.config.mobileTest.chromiumPath);
  if (!chromiumPath) return undefined;
  return createAuditRenderer({
    chromiumPath,
    fetcher: deps.crawlFetchers.siteAudit,
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    waitMs: settings.waitMs,
    memoryMb: settings.memoryMb,
    maxPages: settings.maxPages,
    maxPageBytes: deps.config.siteAudit.limits.maxPageBytes,
    log: { info: (message) => deps.log.info(message), warn: (message) => deps.log.warn(message) },
  });
}

export const siteAuditJob = {
  ...defineJob<AuditInput, AuditProgress, AuditResult, AppJobDeps>({
    name: SITE_AUDIT_JOB,
    concurrency: 2,
    attempts: 2,
    // A try that throws is the database refusing a write: worth one more try a moment later.
    backoffMs: 1_000,
    progressIntervalMs: PROGRESS_INTERVAL_MS,
    async run(job, deps) {
      const settings = deps.config.siteAudit;
      const status = await runAuditTry(
        {
          db: deps.db,
          fetcher: deps.crawlFetchers.siteAudit,
          limits: settings.limits,
          external: settings.external,
          keep: settings.keep,
          writeBatch: settings.writeBatch,
          frontierBatch: settings.frontierBatch,
          siteChecks: settings.siteChecks,
          analysisBatch: settings.analysisBatch,
          // Their fetchers are made as deps.crawlFetchers.siteAudit is (reader/thread.ts).
          readers: {
            threads: settings.readers,
            fetcherConfig: { fetchAllowPrivate: deps.config.fetchAllowPrivate, siteUrl: deps.config.siteUrl },
          },
          checksThread: deps.database && { database: deps.database, heapMb: settings.heapMb },
          slicer: eventLoopSlicer,
          now: () => new Date(),
          log: deps.log,
          makeRenderer: () => auditRenderer(deps),
          // Parts on the workers share the queue engine's PostgreSQL; one process reads its own pages.
          ...(dialectOf(deps.db) === 'postgres' && settings.workers > 1
            ? {
                shared: {
                  workers: settings.workers,
                  leaseMs: settings.readLeaseMs,
                  startPart: (input: PartInput, id: string) => deps.jobs.enqueue(SITE_AUDIT_PART_JOB, input, { id }),
                },
              }
            : {}),
        },
        job,
      );
      return { status, threadId };
    },
    async onFailed(_input, id, reason, deps) {
      await storeJobFailure(deps, id, reason);
    },
  }),
  concurrencyFrom: (config: Config) => config.siteAudit.maxRunning,
  heapLimitFrom: (config: Config) => config.siteAudit.heapMb,
};
