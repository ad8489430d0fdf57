import type { Db } from '#db/index.ts';
import {
  failUnfinished,
  getSiteAudit,
  insertSiteAudit,
  listSiteAudits,
  markRunning,
  pruneSiteAudits,
  saveProgress,
  type SiteAuditRow,
} from '#db/site-audits.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import { eventLoopSlicer, type TimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createJobRegistry, type RunningJob, type StopReason } from '#server/lib/jobs.ts';
import { typedUrl } from '#views/model/url-input.ts';
import type { AuditProgress, SiteAuditLimits } from './audit.ts';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '#server/lib/domain-errors.ts';
import { crawlAndStore, storeStopped, type AuditEvent, type AuditInput, type AuditJob } from './run.ts';

export { SHUTDOWN_REASON, type AuditEvent } from './run.ts';

export interface SiteAuditServiceSettings {
  limits: SiteAuditLimits;
  maxRunning: number;
  maxQueued: number;
  keep: number;
}

export interface SiteAuditServiceOptions {
  db: Db;
  fetcher: CrawlFetcher;
  settings: SiteAuditServiceSettings;
  log?: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  now?: () => Date;
  /** Shares the event loop with the pages being served, crawl and save alike (default: this thread's one slicer). */
  slicer?: TimeSlicer;
}

export type AuditListener = (event: AuditEvent) => void;

/** Why an audit ended without a report when the server restarted under it, by what it was doing (SHUTDOWN_REASON: stopped). */
export const RESTART_REASON = {
  queued: 'The server restarted before this audit could start; please run it again.',
  running: 'The server restarted while this audit was running; please run it again.',
} as const;
/** A busy or closing service: worth trying again after this many seconds. */
const RETRY_AFTER_SECONDS = 60;
/** Progress events go out at most this often; the last state always goes out. */
const PROGRESS_INTERVAL_MS = 250;
/** The registry's 128-bit random keys, base64url: unguessable, so a report link can be shared safely. */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Site audits as jobs: queued in order, at most `maxRunning` crawling at once, stored in the database
 * when done, cancellable, observable. Framework-free; throws domain errors for the API to map.
 */
export function createSiteAuditService(options: SiteAuditServiceOptions) {
  const { db, settings } = options;
  const slicer = options.slicer ?? eventLoopSlicer;
  const now = options.now ?? (() => new Date());
  const work = { db, fetcher: options.fetcher, limits: settings.limits, slicer, now, log: options.log };
  // The registry's hooks are synchronous and the database is not: each accepted audit's insert is kept
  // here until the audit has run or was dropped, and whatever touches the row first waits for it.
  const recorded = new Map<string, Promise<void>>();
  // A queued audit dropped by cancel or close is stored as ended here; close() and cancel() wait for it.
  const ending = new Map<string, Promise<void>>();
  const jobs = createJobRegistry<AuditInput, AuditProgress, AuditEvent, void>({
    maxRunning: settings.maxRunning,
    maxQueued: settings.maxQueued,
    refusals: {
      full: {
        message: 'The site audit is busy with other sites; please try again in a few minutes.',
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      },
      closing: {
        message: 'The server is restarting; please try again in a minute.',
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      },
    },
    initialProgress: { crawled: 0, discovered: 1 },
    progressIntervalMs: PROGRESS_INTERVAL_MS,
    run,
    onAccepted: (job) => void recorded.set(job.key, insertSiteAudit(db, { id: job.key, ...job.input })),
    onDropped: dropped,
  });

  async function run(job: RunningJob<AuditInput, AuditProgress, AuditEvent>): Promise<void> {
    try {
      await recorded.get(job.key);
    } finally {
      recorded.delete(job.key);
    }
    await markRunning(db, job.key, now().toISOString());
    job.emit({ type: 'status', status: 'running' });
    // Progress writes go one after another, the newest last; a failed one is only a stale counter.
    let progressSaved = Promise.resolve();
    const onProgress = (progress: AuditProgress) => {
      if (!job.setProgress(progress)) return;
      progressSaved = progressSaved
        .then(() => saveProgress(db, job.key, progress))
        .catch((error: unknown) => options.log?.warn({ err: error, audit: job.key }, 'site audit progress not saved'));
    };
    let last: AuditEvent[];
    try {
      last = await crawlAndStore(work, job, onProgress, () => progressSaved);
    } finally {
      await progressSaved;
      await pruneSiteAudits(db, settings.keep).catch((error: unknown) =>
        options.log?.warn({ err: error }, 'old site audits not pruned'),
      );
    }
    // The end goes out last, with nothing left to wait for: the registry lets the job go before any
    // request a watcher makes on hearing it can arrive, so that request reads the stored audit.
    for (const event of last) job.emit(event);
  }

  /** A queued audit was removed before it started (the registry does not wait: cancel and close do). */
  function dropped(job: AuditJob, reason: StopReason): void {
    const inserted = recorded.get(job.key);
    recorded.delete(job.key);
    const ended = Promise.resolve(inserted)
      .then(() => storeStopped(work, job, reason, 'queued'))
      .then((event) => job.emit(event))
      .catch((error: unknown) => options.log?.error({ err: error, audit: job.key }, 'dropped site audit not stored'))
      .finally(() => ending.delete(job.key));
    ending.set(job.key, ended);
  }

  async function stored(id: string): Promise<SiteAuditRow> {
    const row = ID_PATTERN.test(id) ? await getSiteAudit(db, id) : undefined;
    if (!row) throw new NotFoundError('No site audit with that id.');
    return row;
  }

  /** The audit as the API shows it: live progress while it runs, the stored record otherwise. */
  function view(row: SiteAuditRow) {
    const job = jobs.get(row.id);
    return {
      id: row.id,
      url: row.url,
      status: job?.status ?? row.status,
      progress: job?.progress ?? { crawled: row.crawled, discovered: row.discovered },
      ...(row.summary !== undefined ? { summary: row.summary } : {}),
      ...(row.diff !== undefined ? { diff: row.diff } : {}),
      ...(row.report !== undefined ? { report: row.report } : {}),
      ...(row.error && (job?.status ?? row.status) !== 'done' ? { error: row.error } : {}),
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
    };
  }

  return {
    /**
     * Start-up step (before the server listens, never in createApp): audits a restart cut off are
     * never left queued or running; each is failed with a reason that says which it was.
     */
    async recover(): Promise<number> {
      const finishedAt = now().toISOString();
      const stale =
        (await failUnfinished(db, 'queued', RESTART_REASON.queued, finishedAt)) +
        (await failUnfinished(db, 'running', RESTART_REASON.running, finishedAt));
      if (stale > 0) options.log?.warn({ audits: stale }, 'site audits cut off by a restart marked failed');
      return stale;
    },
    /**
     * Queues an audit of `url` for `visitor` (a hash of their cookie); it starts when a slot is free.
     * Resolves once the audit is stored, so the id it answers can be read at once.
     */
    async start(url: string, visitor: string): Promise<{ id: string; status: 'queued' | 'running' }> {
      // What the visitor typed, by the one rule: a bare domain is https first.
      const typed = typedUrl(url);
      const start = typed.ok ? normalizeUrl(typed.url) : null;
      if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
      const {
        key: id,
        status,
        result,
      } = jobs.submit({ visitor, url: start, httpFallback: !typed.schemeTyped, createdAt: now().toISOString() });
      // The handler stores every failure it expects; anything else (the database refusing a write) is logged, not lost.
      result.catch((error: unknown) =>
        options.log?.error({ err: error, audit: id }, 'site audit job failed outside its handler'),
      );
      await recorded.get(id);
      return { id, status };
    },
    async get(id: string) {
      return view(await stored(id));
    },
    /** The visitor's own audits, newest first. */
    async list(visitor: string) {
      return (await listSiteAudits(db, visitor)).map((row) => {
        const { id, url, status, progress, createdAt, finishedAt } = view(row);
        const summary = row.summary as { score?: number; pages?: number } | undefined;
        return {
          id,
          url,
          status,
          progress,
          createdAt,
          finishedAt,
          ...(summary ? { score: summary.score, pages: summary.pages } : {}),
        };
      });
    },
    /** The stored record of a finished audit; throws `not-done` while it is queued or running. */
    async finished(id: string): Promise<SiteAuditRow> {
      const row = await stored(id);
      if (jobs.get(id) || row.status !== 'done') throw new ConflictError('This audit has no report yet.');
      return row;
    },
    /** Stops the visitor's queued or running audit. */
    async cancel(id: string, visitor: string): Promise<{ id: string; status: 'cancelled' }> {
      const row = await stored(id);
      if (row.visitor !== visitor) throw new NotAllowedError('Only the visitor who started an audit can cancel it.');
      if (!jobs.cancel(id)) throw new ConflictError('This audit has already finished.');
      // A queued one is stored as cancelled before the answer says so; a running one stops as soon as its crawl notices.
      await ending.get(id);
      return { id, status: 'cancelled' };
    },
    /** Listens to a queued or running audit; `null` when it is not (the caller reads the stored state). */
    watch(id: string, listener: AuditListener): (() => void) | null {
      return jobs.get(id) ? jobs.watch(id, listener) : null;
    },
    /** Server shutdown: nothing new starts, queued and running audits stop and are stored as failed. */
    async close(): Promise<void> {
      await jobs.close();
      await Promise.allSettled([...ending.values()]);
    },
  };
}

export type SiteAuditService = ReturnType<typeof createSiteAuditService>;
