import type { Db } from '#db/index.ts';
import { dropLeftovers } from '#db/site-audit-drop.ts';
import { closeReads, openReads } from '#db/site-audit-reads.ts';
import {
  completeSiteAudit,
  finishSiteAudit,
  markRunning,
  pruneSiteAudits,
  requeueSiteAudit,
  saveProgress,
} from '#db/site-audits.ts';
import { isCrawlStartError } from '#server/lib/crawler/index.ts';
import type { TimeSlicer } from '#server/lib/crawler/time-slice.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import {
  ANALYSIS_BATCH,
  READ_POLL_MS,
  READ_WAIT_MS,
  type ExternalCheckSettings,
  type SiteAuditLimits,
  siteChecksFor,
  type SiteChecksSetting,
} from '#server/config/site-audit-defaults.ts';
import { runSiteAudit, type AuditProgress, type RunSiteAuditOptions } from './audit.ts';
import type { SharedReads } from './shared/remote-pages.ts';
import type { PartInput } from './shared/part-job.ts';
import type { AuditRenderer } from './render/renderer.ts';
import { diffAgainstPrevious } from './diff.ts';
import { pageRows, reportFacts } from './report.ts';
import { loadResumedCrawl } from './resume.ts';
import { boundAuditCache } from './sqlite-cache.ts';
import { storedExperienceSummaries, writeStoredPages } from './stored-pages.ts';
import { stepClock } from './steps.ts';

/** What an audit's job carries (its id is the audit's id). */
export interface AuditInput {
  visitor: string;
  url: string;
  /** Typed without a scheme: https first, http when the site has no TLS. */
  httpFallback: boolean;
  createdAt: string;
  /** Render JavaScript: pages are read from their DOM rendered in Chromium (absent in audits queued before). */
  render?: boolean;
  /** Check links, scripts and stylesheets on other sites too (absent in audits queued before it existed). */
  checkExternalLinks?: boolean;
  /** A lower page cap for this audit (a monitored run's MONITOR_MAX_PAGES); SITE_AUDIT_MAX_PAGES still holds. */
  maxPages?: number;
  /** The monitor run this audit is for (server/features/monitoring): its thread compares and alerts when it ends. */
  monitorRun?: string;
}

/** Why an audit asked to render JavaScript did not, when this server has no browser. */
export const NO_BROWSER = 'JavaScript was not rendered: this server has no browser; the site was read as raw HTML.';

/** How a try ended: stored as such, or `skipped` when the audit had ended before it started. */
export type AuditOutcome = 'done' | 'failed' | 'cancelled' | 'skipped';

/** A failure the audit cannot explain to its visitor (the crawl start errors explain themselves). */
export const UNEXPECTED_FAILURE = 'The audit failed unexpectedly; please try again.';
/** Stored as the error of an audit its visitor cancelled. */
export const CANCELLED = 'Cancelled.';
/** Progress is written to the audit's row at most this often (the first snapshot a watcher reads). */
const PROGRESS_SAVE_MS = 250;

/** What one try of an audit needs; in a job thread (job.ts). */
export interface AuditRunDeps {
  db: Db;
  fetcher: CrawlFetcher;
  limits: SiteAuditLimits;
  /** How other sites' URLs are checked when an audit asks (default EXTERNAL_CHECK_DEFAULTS). */
  external?: ExternalCheckSettings;
  /** Answers per batch written to the crawl store (SITE_AUDIT_WRITE_BATCH; default CRAWL_WRITE_BATCH). */
  writeBatch?: number;
  /** Queued URLs leased from the crawl store at a time (SITE_AUDIT_FRONTIER_BATCH; default FRONTIER_BATCH). */
  frontierBatch?: number;
  /** Where the analysis runs (SITE_AUDIT_SITE_CHECKS; default `memory`; `store` streams it from the crawl store; `auto` by the page cap). */
  siteChecks?: SiteChecksSetting;
  /** URLs of the crawl store the analysis reads at a time (SITE_AUDIT_ANALYSIS_BATCH; default ANALYSIS_BATCH). */
  analysisBatch?: number;
  /** Finished audits kept; older ones are pruned after each audit. */
  keep: number;
  slicer: TimeSlicer;
  now: () => Date;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** A browser for an audit that renders JavaScript (one per try, closed when it ends); undefined without Chromium. */
  makeRenderer?: () => AuditRenderer | undefined;
  /** Several workers read each audit's pages (SITE_AUDIT_WORKERS above 1, on PostgreSQL; decision 0071). */
  shared?: SharedAudits;
  /** Reader threads for an audit analysed from the store, not shared, not rendered (SITE_AUDIT_READERS; 0073). */
  readers?: RunSiteAuditOptions['readers'];
  /** Where `db` was opened (the job thread's): the store's checks run on a thread of their own (0074). */
  checksThread?: RunSiteAuditOptions['checksThread'];
}

/** What an audit's job needs to share its pages with parts on the workers. */
export interface SharedAudits {
  /** Parts started per audit (SITE_AUDIT_WORKERS). */
  workers: number;
  /** How long a part's claim holds (SITE_AUDIT_READ_LEASE_MS). */
  leaseMs: number;
  /** Starts a part's job (the job system's enqueue, from this thread). */
  startPart(input: PartInput, id: string): Promise<unknown>;
  /** Pages handed over at once per page fetched at once (default SHARED_DEPTH; a test hands one at a time). */
  depth?: number;
}

/**
 * A shared audit's page is in flight from the moment it is handed over until its answer is taken, database trips
 * included: twice as many are handed over as the parts fetch at once between them (SITE_AUDIT_CONCURRENCY).
 */
const SHARED_DEPTH = 2;

/** One try as the job system hands it over. */
export interface AuditTry {
  id: string;
  input: AuditInput;
  /** Aborted with 'cancel' (its visitor) or 'shutdown' (the process stops: tried again later). */
  signal: AbortSignal;
  progress(progress: AuditProgress): void;
  /** The job's try (1 for the first): a shared audit's parts read for one try (default 1). */
  attempt?: number;
}

/**
 * One try of an audit: marks it running (dropping what an earlier try left), crawls, and stores the
 * report (done), or the audit as failed or cancelled; prunes old audits. A try the server stops
 * puts the audit back in line and throws, so that the job system tries it again or fails it.
 */
export async function runAuditTry(deps: AuditRunDeps, job: AuditTry): Promise<AuditOutcome> {
  const { db, now } = deps;
  await boundAuditCache(db);
  // What a process that died while dropping an ended audit's rows left (db/site-audit-drop.ts).
  await dropLeftovers(db);
  if (!(await markRunning(db, job.id, now().toISOString()))) return 'skipped';
  let latest: AuditProgress = { crawled: 0, discovered: 1 };
  // The first progress tells watchers it runs. Writes go one after another, the newest last, and
  // stop before the end is stored; a failed one is only a stale counter.
  job.progress(latest);
  let saving = Promise.resolve();
  let lastSaved = -Infinity;
  let stored = false;
  const onProgress = (progress: AuditProgress) => {
    latest = progress;
    job.progress(progress);
    if (stored || Date.now() - lastSaved < PROGRESS_SAVE_MS) return;
    lastSaved = Date.now();
    saving = saving
      .then(() => saveProgress(db, job.id, progress))
      .catch((error: unknown) => deps.log?.warn({ err: error, audit: job.id }, 'site audit progress not saved'));
  };
  const settle = () => {
    stored = true;
    return saving;
  };
  try {
    return await crawlAndStore(deps, job, onProgress, () => latest, settle);
  } finally {
    await settle();
    await pruneSiteAudits(db, deps.keep).catch((error: unknown) =>
      deps.log?.warn({ err: error }, 'old site audits not pruned'),
    );
  }
}

async function crawlAndStore(
  deps: AuditRunDeps,
  job: AuditTry,
  onProgress: (progress: AuditProgress) => void,
  latest: () => AuditProgress,
  settle: () => Promise<void>,
): Promise<AuditOutcome> {
  const { db, now } = deps;
  const limits =
    job.input.maxPages === undefined
      ? deps.limits
      : { ...deps.limits, maxPages: Math.min(deps.limits.maxPages, job.input.maxPages) };
  const siteChecks = deps.siteChecks && siteChecksFor(deps.siteChecks, limits.maxPages);
  // An earlier try whose process died left its crawl in the store: this one carries on from it (an analysis
  // from the store reads the pages' records there, so they are not read back into memory).
  const resume = await loadResumedCrawl(db, job.id, { records: siteChecks !== 'store' });
  if (resume) deps.log?.info({ audit: job.id, stored: resume.nodes.length }, 'site audit resumed');
  const renderer = job.input.render ? deps.makeRenderer?.() : undefined;
  // A thread that exits (the job system's close) may not wait: its browser is killed with it.
  const killBrowser = () => renderer?.kill();
  if (renderer) process.once('exit', killBrowser);
  try {
    const shared = await startParts(deps, job);
    const outcome = await runSiteAudit({
      startUrl: job.input.url,
      httpFallback: job.input.httpFallback,
      externalLinks: job.input.checkExternalLinks === true && (deps.external ?? true),
      fetcher: deps.fetcher,
      limits,
      signal: job.signal,
      onProgress,
      slicer: deps.slicer,
      renderer,
      crawlStore: { db, auditId: job.id, batchPages: deps.writeBatch, frontierBatch: deps.frontierBatch },
      siteChecks,
      analysisBatch: deps.analysisBatch,
      resume,
      shared,
      // runSiteAudit reads with them only when the audit is neither shared nor rendered.
      ...(siteChecks === 'store' ? { readers: deps.readers, checksThread: deps.checksThread } : {}),
    }).finally(async () => {
      if (deps.shared) await closeReads(db, job.id);
      // Cancelled, failed or done: the audit's browser closes before the try ends.
      process.removeListener('exit', killBrowser);
      await renderer?.close();
    });
    if (job.input.render && !renderer) outcome.render = { rendered: 0, stopped: NO_BROWSER };
    await settle();
    if (job.signal.aborted) return stopped(deps, job);
    const summary = outcome.summary;
    const step = stepClock(outcome.analysisSteps);
    if (outcome.issuesStored) {
      await writeStoredPages(db, job.id, outcome, {
        batchSize: deps.analysisBatch ?? ANALYSIS_BATCH,
        breathe: () => deps.slicer.breathe(),
        aborted: () => job.signal.aborted,
      });
      step('pages');
    }
    const saved = await completeSiteAudit(
      db,
      job.id,
      {
        finishedAt: now().toISOString(),
        url: outcome.crawledUrl,
        crawled: latest().crawled,
        discovered: latest().discovered,
        summary,
        report: {
          // In store mode the records left memory with their batches (0065): the rendered pages' are read back.
          ...reportFacts(
            outcome,
            outcome.issuesStored && outcome.render
              ? await storedExperienceSummaries(db, job.id, deps.analysisBatch ?? ANALYSIS_BATCH)
              : undefined,
          ),
          options: { render: job.input.render === true, checkExternalLinks: job.input.checkExternalLinks === true },
        },
        pages: outcome.issuesStored ? [] : pageRows(outcome),
        issues: outcome.issues.map((issue) => ({
          type: issue.type,
          url: issue.url,
          severity: issue.severity,
          detail: issue.detail,
          ...(issue.links?.length ? { links: issue.links } : {}),
        })),
        diff: (trx) => diffAgainstPrevious(trx, { id: job.id, ...job.input }, outcome.crawledUrl),
      },
      {
        breathe: () => deps.slicer.breathe(),
        signal: job.signal,
        // Watchers show the report now, not after the crawl store's drop (seconds at 100,000 pages).
        onStored: () => job.progress({ ...latest(), stored: true }),
      },
    );
    if (!saved) return stopped(deps, job);
    step('report');
    deps.log?.info(
      {
        audit: job.id,
        pages: summary.pages,
        ...(outcome.readers ? { readers: outcome.readers } : {}),
        ms: outcome.durationMs,
        ...(outcome.analysisSteps ? { analysis: outcome.analysisSteps } : {}),
        stoppedBy: outcome.stoppedBy,
        ...(renderer ? { render: renderer.timings() } : {}),
      },
      'site audit done',
    );
    return 'done';
  } catch (error) {
    await settle();
    if (job.signal.aborted) return stopped(deps, job);
    const message = isCrawlStartError(error) ? error.message : UNEXPECTED_FAILURE;
    if (!isCrawlStartError(error)) deps.log?.warn({ err: error, audit: job.id }, 'site audit failed');
    await finishSiteAudit(db, job.id, { status: 'failed', error: message, finishedAt: now().toISOString() });
    return 'failed';
  }
}

/**
 * A shared audit (0071; not one that renders, whose pages are read by its browser here): its reads opened for
 * this try, and its parts started on the workers. Undefined: the audit reads its pages itself.
 */
async function startParts(deps: AuditRunDeps, job: AuditTry): Promise<SharedReads | undefined> {
  const shared = deps.shared;
  if (!shared || shared.workers < 2 || job.input.render) return undefined;
  const attempt = job.attempt ?? 1;
  await openReads(deps.db, job.id, attempt);
  for (let part = 1; part <= shared.workers; part += 1)
    await shared.startPart({ auditId: job.id, attempt, part }, `${job.id}-t${attempt}-p${part}`);
  return {
    depth: shared.depth ?? SHARED_DEPTH,
    pollMs: READ_POLL_MS,
    waitMs: READ_WAIT_MS,
    leaseMs: shared.leaseMs,
    close: () => closeReads(deps.db, job.id),
  };
}

/**
 * A try stopped by its visitor is stored as cancelled. One the server stopped goes back in line
 * and throws: the job system tries it again in this or another process, or fails it with its reason.
 */
async function stopped(deps: Pick<AuditRunDeps, 'db' | 'now'>, job: AuditTry): Promise<AuditOutcome> {
  if (job.signal.reason === 'cancel') {
    await finishSiteAudit(deps.db, job.id, {
      status: 'cancelled',
      error: CANCELLED,
      finishedAt: deps.now().toISOString(),
    });
    return 'cancelled';
  }
  await requeueSiteAudit(deps.db, job.id);
  throw new Error('The server stopped while this audit was running.');
}
