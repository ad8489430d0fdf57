import type { Db } from '#db/index.ts';
import {
  countQueuedSiteAudits,
  finishSiteAudit,
  getSiteAudit,
  insertSiteAudit,
  listSiteAudits,
  type SiteAuditRow,
  type SiteAuditStatus,
} from '#db/site-audits.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import {
  BusyError,
  ConflictError,
  InvalidInputError,
  NotAllowedError,
  NotFoundError,
} from '#server/lib/domain-errors.ts';
import { JOB_REASONS, type JobState, type Jobs } from '#server/lib/jobs/index.ts';
import { typedUrl } from '#views/model/url-input.ts';
import type { AuditProgress } from './audit.ts';
import { SITE_AUDIT_JOB, storeJobFailure } from './job.ts';
import { CANCELLED, UNEXPECTED_FAILURE, type AuditInput } from './run.ts';
import { isId, newId } from '#views/model/ids.ts';

export type AuditEvent =
  | { type: 'status'; status: SiteAuditStatus }
  | { type: 'progress'; progress: AuditProgress }
  | { type: 'done'; summary: unknown }
  | { type: 'failed'; error: string }
  | { type: 'cancelled' };

export interface SiteAuditServiceSettings {
  /** Audits allowed to wait, counted in the database: every process shares the line. */
  maxQueued: number;
}

export interface SiteAuditServiceOptions {
  db: Db;
  /** The app's job system: the audit's work runs as the `site-audit` job (job.ts), in a job thread. */
  jobs: Pick<Jobs, 'enqueue' | 'cancel' | 'state' | 'watch'>;
  settings: SiteAuditServiceSettings;
  log: {
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  now?: () => Date;
}

export type AuditListener = (event: AuditEvent) => void;

/** A busy service: worth trying again after this many seconds. */
const RETRY_AFTER_SECONDS = 60;
/** 128-bit random ids, base64url: unguessable, so a report link can be shared safely. */
const CANCEL_REASONS: readonly string[] = [JOB_REASONS.cancelledQueued, JOB_REASONS.cancelledActive];

const isUnfinished = (status: SiteAuditStatus) => status === 'queued' || status === 'running';
const jobEnded = (state: JobState | undefined): state is JobState =>
  state !== undefined && state.status !== 'queued' && state.status !== 'active';

/** The events that tell a finished audit's end, from its stored row. */
function endEvents(row: SiteAuditRow): AuditEvent[] {
  if (row.status === 'done')
    return [
      { type: 'progress', progress: { crawled: row.crawled, discovered: row.discovered } },
      { type: 'done', summary: row.summary },
    ];
  if (row.status === 'cancelled') return [{ type: 'cancelled' }];
  return [{ type: 'failed', error: row.error ?? UNEXPECTED_FAILURE }];
}

/**
 * Site audits on the job system: each one a row (what every process reads) and a `site-audit` job
 * that crawls in a job thread of whichever process runs jobs. Framework-free; throws domain errors
 * for the API to map.
 */
export function createSiteAuditService(options: SiteAuditServiceOptions) {
  const { db, jobs, settings, log } = options;
  const now = options.now ?? (() => new Date());
  /** Ends of the open watches: the service's close() ends them (a client reconnects elsewhere). */
  const watching = new Set<() => void>();

  async function stored(id: string): Promise<SiteAuditRow> {
    const row = isId(id) ? await getSiteAudit(db, id) : undefined;
    if (!row) throw new NotFoundError('No site audit with that id.');
    return row;
  }

  /**
   * The row once its job has ended. The job's try stores every end it expects; an end it could
   * not store (its thread or process died, a cancel reached a job nobody ran) is stored here, so no
   * audit waits forever. A row whose job still waits or runs is answered as it is.
   */
  async function settled(row: SiteAuditRow): Promise<SiteAuditRow> {
    if (!isUnfinished(row.status)) return row;
    const state = await jobs.state(SITE_AUDIT_JOB, row.id);
    if (!jobEnded(state)) return row;
    const finishedAt = now().toISOString();
    if (state.status === 'cancelled' || CANCEL_REASONS.includes(state.error ?? ''))
      await finishSiteAudit(db, row.id, { status: 'cancelled', error: CANCELLED, finishedAt });
    else if (state.status === 'failed') await storeJobFailure({ db, log }, row.id, state.error ?? '');
    else await finishSiteAudit(db, row.id, { status: 'failed', error: UNEXPECTED_FAILURE, finishedAt });
    return (await getSiteAudit(db, row.id)) ?? row;
  }

  /** The audit as the API shows it. */
  function view(row: SiteAuditRow) {
    return {
      id: row.id,
      url: row.url,
      status: row.status,
      progress: { crawled: row.crawled, discovered: row.discovered },
      ...(row.summary !== undefined ? { summary: row.summary } : {}),
      ...(row.diff !== undefined ? { diff: row.diff } : {}),
      ...(row.report !== undefined ? { report: row.report } : {}),
      ...(row.error && row.status !== 'done' ? { error: row.error } : {}),
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
    };
  }

  return {
    /**
     * Queues an audit of `url` for `visitor` (a hash of their cookie): its row, then its job, which
     * any process that runs jobs may take. Resolves once both are stored, so the id can be read at once.
     */
    async start(
      url: string,
      visitor: string,
      options: { render?: boolean; checkExternalLinks?: boolean } = {},
    ): Promise<{ id: string; status: 'queued' }> {
      // What the visitor typed, by the one rule: a bare domain is https first.
      const typed = typedUrl(url);
      const start = typed.ok ? normalizeUrl(typed.url) : null;
      if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
      if ((await countQueuedSiteAudits(db)) >= settings.maxQueued)
        throw new BusyError(
          'The site audit is busy with other sites; please try again in a few minutes.',
          RETRY_AFTER_SECONDS,
        );
      const id = newId();
      const input: AuditInput = {
        visitor,
        url: start,
        httpFallback: !typed.schemeTyped,
        createdAt: now().toISOString(),
        ...(options.render ? { render: true } : {}),
        ...(options.checkExternalLinks ? { checkExternalLinks: true } : {}),
      };
      await insertSiteAudit(db, { id, ...input });
      try {
        await jobs.enqueue(SITE_AUDIT_JOB, input, { id });
      } catch (error) {
        await finishSiteAudit(db, id, { status: 'failed', error: UNEXPECTED_FAILURE, finishedAt: now().toISOString() });
        throw error;
      }
      return { id, status: 'queued' };
    },
    async get(id: string) {
      return view(await settled(await stored(id)));
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
      if (row.status !== 'done') throw new ConflictError('This audit has no report yet.');
      return row;
    },
    /** Stops the visitor's queued or running audit, in whichever process runs it. */
    async cancel(id: string, visitor: string): Promise<{ id: string; status: 'cancelled' }> {
      const row = await stored(id);
      if (row.visitor !== visitor) throw new NotAllowedError('Only the visitor who started an audit can cancel it.');
      const finished = () => new ConflictError('This audit has already finished.');
      if (!isUnfinished(row.status)) throw finished();
      const cancelled = { status: 'cancelled', error: CANCELLED, finishedAt: now().toISOString() } as const;
      // A queued one is stored as cancelled before the answer says so: a try that starts anyway finds it ended.
      if (row.status === 'queued' && (await finishSiteAudit(db, id, cancelled, ['queued']))) {
        await jobs.cancel(SITE_AUDIT_JOB, id);
        return { id, status: 'cancelled' };
      }
      // A running one stops as soon as its crawl notices, and its try stores it as cancelled.
      if (await jobs.cancel(SITE_AUDIT_JOB, id)) return { id, status: 'cancelled' };
      // No job to stop: it has just ended, or nobody will run it again.
      const current = await settled((await getSiteAudit(db, id)) ?? row);
      if (!isUnfinished(current.status) || !(await finishSiteAudit(db, id, cancelled))) throw finished();
      return { id, status: 'cancelled' };
    },
    /**
     * Follows a queued or running audit (`audit`: its row as just read) from any process: progress
     * from the job system's events, and the end once the row says so. `end` runs when nothing more
     * will come (after the end's events, or when the service closes). Returns the unwatch function.
     */
    watch(audit: { id: string; status: SiteAuditStatus }, listener: AuditListener, end: () => void): () => void {
      let status = audit.status;
      let over = false;
      const stop = () => {
        if (over) return;
        over = true;
        unwatch();
        watching.delete(close);
      };
      const close = () => {
        stop();
        end();
      };
      /** The job ended: its row is read (and settled) and its end sent; a job tried again is followed on. */
      const ended = async () => {
        const row = await getSiteAudit(db, audit.id);
        const final = row && (await settled(row));
        if (over || (final && isUnfinished(final.status))) return;
        for (const event of final ? endEvents(final) : []) listener(event);
        close();
      };
      const onEnded = () =>
        void ended().catch((error: unknown) => {
          log.error({ err: error, audit: audit.id }, 'site audit watch failed');
          close();
        });
      const unwatch = jobs.watch(SITE_AUDIT_JOB, audit.id, (event) => {
        if (over) return;
        if (event.type !== 'progress') return onEnded();
        if (status === 'queued') listener({ type: 'status', status: (status = 'running') });
        listener({ type: 'progress', progress: event.progress as AuditProgress });
      });
      watching.add(close);
      // A job that ended before the watch began is not heard: its state says so.
      void jobs
        .state(SITE_AUDIT_JOB, audit.id)
        .then((state) => (jobEnded(state) ? onEnded() : undefined))
        .catch((error: unknown) => log.warn({ err: error, audit: audit.id }, 'site audit job state not read'));
      return stop;
    },
    /** Server shutdown: open watches end (clients reconnect); the audits themselves are the job system's. */
    close(): void {
      for (const close of [...watching]) close();
    },
  };
}

export type SiteAuditService = ReturnType<typeof createSiteAuditService>;
