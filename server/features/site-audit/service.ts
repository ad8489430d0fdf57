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
import { siteHistory } from '#db/site-audit-history.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import {
  BusyError,
  ConflictError,
  InvalidInputError,
  NotAllowedError,
  NotFoundError,
} from '#server/lib/domain-errors.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import { literalRefusal } from '#server/lib/safe-fetch/target.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { SITE_AUDIT_JOB } from './job.ts';
import { isUnfinished, settled, type AuditRows } from './rows.ts';
import { CANCELLED, UNEXPECTED_FAILURE, type AuditInput } from './run.ts';
import { watchAudit, type AuditListener } from './watch.ts';
import { isId, newId } from '#views/model/ids.ts';

export type { AuditEvent, AuditListener } from './watch.ts';

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
  /** FETCH_ALLOW_PRIVATE: the host:port pairs the guarded fetcher may reach although private. */
  allowPrivate?: readonly string[];
}

/** A busy service: worth trying again after this many seconds. */
const RETRY_AFTER_SECONDS = 60;
/**
 * What the visitor typed, by the one rule (a bare domain is https first), as the audit's start URL. An
 * address the guarded fetcher refuses without any lookup (an IP on a private or reserved network) is
 * refused now, in the fetcher's own words, rather than queued to fail a moment later; a name that
 * resolves to one still fails in the job (no DNS on the request path).
 */
function auditTarget(url: string, allowPrivate: ReadonlySet<string>): { url: string; httpFallback: boolean } {
  const typed = typedUrl(url);
  const start = typed.ok ? normalizeUrl(typed.url) : null;
  if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
  const refusal = literalRefusal(new URL(start), allowPrivate);
  if (refusal) throw refusal;
  return { url: start, httpFallback: !typed.schemeTyped };
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

/** An audit in the visitor's list: the view's first fields, with the score and page count once done. */
function listItem(row: SiteAuditRow) {
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
  const rows: AuditRows = { db, jobs, log, now };
  const allowPrivate = new Set((options.allowPrivate ?? []).map((entry) => entry.trim().toLowerCase()));

  async function stored(id: string): Promise<SiteAuditRow> {
    const row = isId(id) ? await getSiteAudit(db, id) : undefined;
    if (!row) throw new NotFoundError('No site audit with that id.');
    return row;
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
      const start = auditTarget(url, allowPrivate);
      if ((await countQueuedSiteAudits(db)) >= settings.maxQueued)
        throw new BusyError(
          'The site audit is busy with other sites; please try again in a few minutes.',
          RETRY_AFTER_SECONDS,
        );
      const id = newId();
      const input: AuditInput = {
        visitor,
        url: start.url,
        httpFallback: start.httpFallback,
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
    /** Throws the refusal `start` would give `url` (invalid, or an address the guard never fetches); checks nothing else. */
    check(url: string): void {
      auditTarget(url, allowPrivate);
    },
    async get(id: string) {
      return view(await settled(rows, await stored(id)));
    },
    /** The visitor's own audits, newest first. */
    async list(visitor: string) {
      return (await listSiteAudits(db, visitor)).map(listItem);
    },
    /** The score history of the site `id` audited, as far as that audit reaches (its owner's and their monitors' audits). */
    async history(id: string) {
      const points = isId(id) ? await siteHistory(db, id) : undefined;
      if (!points) throw new NotFoundError('No site audit with that id.');
      return points;
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
      const current = await settled(rows, (await getSiteAudit(db, id)) ?? row);
      if (!isUnfinished(current.status) || !(await finishSiteAudit(db, id, cancelled))) throw finished();
      return { id, status: 'cancelled' };
    },
    /**
     * Follows a queued or running audit (`audit`: its row as just read) from any process: progress
     * from the job system's events, and the end once the row says so. `end` runs when nothing more
     * will come (after the end's events, or when the service closes). Returns the unwatch function.
     */
    watch(audit: { id: string; status: SiteAuditStatus }, listener: AuditListener, end: () => void): () => void {
      return watchAudit({ ...rows, jobs, log, watching }, audit, listener, end);
    },
    /** Server shutdown: open watches end (clients reconnect); the audits themselves are the job system's. */
    close(): void {
      for (const close of [...watching]) close();
    },
  };
}

export type SiteAuditService = ReturnType<typeof createSiteAuditService>;
