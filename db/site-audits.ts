import type { Db } from './index.ts';
import { dropCrawlStore, dropReportRows } from './site-audit-drop.ts';
import { readCrawlFacts } from './site-audit-records.ts';
import { packLinks, type StoredIssue, type StoredPage } from './site-audit-results.ts';

export {
  auditIssues,
  auditPages,
  issueLinksOf,
  issuesOnlyIn,
  type StoredIssue,
  type StoredLink,
  type StoredPage,
  type StoredPageKind,
} from './site-audit-results.ts';

export type SiteAuditStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface SiteAuditRow {
  id: string;
  visitor: string;
  url: string;
  status: SiteAuditStatus;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  crawled: number;
  discovered: number;
  summary: unknown;
  report: unknown;
  diff: unknown;
}

interface Row {
  id: string;
  visitor: string;
  url: string;
  status: SiteAuditStatus;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  crawled: number;
  discovered: number;
  summary: string | null;
  report: string | null;
  diff: string | null;
}

const parse = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

function toAudit(row: Row): SiteAuditRow {
  return {
    id: row.id,
    visitor: row.visitor,
    url: row.url,
    status: row.status,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    crawled: row.crawled,
    discovered: row.discovered,
    summary: parse(row.summary),
    report: parse(row.report),
    diff: parse(row.diff),
  };
}

export async function insertSiteAudit(
  db: Db,
  audit: { id: string; visitor: string; url: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('site_audits')
    .values({ id: audit.id, visitor: audit.visitor, url: audit.url, status: 'queued', created_at: audit.createdAt })
    .execute();
}

export async function getSiteAudit(db: Db, id: string): Promise<SiteAuditRow | undefined> {
  const row = await db.selectFrom('site_audits').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAudit(row);
}

/** A visitor's audits, newest first (the id orders audits started in the same millisecond). */
export async function listSiteAudits(db: Db, visitor: string, limit = 50): Promise<SiteAuditRow[]> {
  const rows = await db
    .selectFrom('site_audits')
    .selectAll()
    .where('visitor', '=', visitor)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAudit);
}

const UNFINISHED = ['queued', 'running'] as const;

/** Queued audits, in every process's eyes (the waiting line SITE_AUDIT_MAX_QUEUED bounds). */
export async function countQueuedSiteAudits(db: Db): Promise<number> {
  const row = await db
    .selectFrom('site_audits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A try of the audit starts: it moves to `running` from `queued` or `running` (a try again after one
 * cut off) and its progress from zero; then the pages and issues an earlier try left are dropped, and
 * so is its crawl store unless the crawl can carry on from it (site_audit_crawls), a piece at a time
 * (site-audit-drop.ts; a try cut off in between drops them again). Answers false, touching nothing,
 * when the audit has ended (cancelled while it waited) or is gone: that try has nothing to do.
 */
export async function markRunning(db: Db, id: string, startedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('site_audits')
    .set({ status: 'running', started_at: startedAt, error: null, crawled: 0, discovered: 1 })
    .where('id', '=', id)
    .where('status', 'in', UNFINISHED)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await dropReportRows(db, id);
  // A crawl that can carry on keeps its store (decision 0059, Resume); one that cannot starts over.
  if ((await readCrawlFacts(db, id)) === undefined) await dropCrawlStore(db, id);
  return true;
}

/** A running audit the server stopped goes back in line: the job system tries it again (or fails it). */
export async function requeueSiteAudit(db: Db, id: string): Promise<void> {
  await db
    .updateTable('site_audits')
    .set({ status: 'queued', started_at: null, crawled: 0, discovered: 0 })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function saveProgress(
  db: Db,
  id: string,
  progress: { crawled: number; discovered: number },
): Promise<void> {
  await db
    .updateTable('site_audits')
    .set({ crawled: progress.crawled, discovered: progress.discovered })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends an unfinished audit as failed or cancelled (only from the statuses in `from`), then drops the
 * pages and issues a try had written and its crawl store, a piece at a time (site-audit-drop.ts; what a
 * process dying in between leaves, `dropLeftovers` drops). Answers whether it was this call that ended
 * it: an audit already finished keeps its ending.
 */
export async function finishSiteAudit(
  db: Db,
  id: string,
  outcome: { status: 'failed' | 'cancelled'; error: string; finishedAt: string },
  from: ReadonlyArray<'queued' | 'running'> = UNFINISHED,
): Promise<boolean> {
  const result = await db
    .updateTable('site_audits')
    .set({ status: outcome.status, error: outcome.error, finished_at: outcome.finishedAt })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await dropAuditRows(db, id);
  return true;
}

/**
 * Rows (pages or issues) written per statement when a finished audit is saved; the event loop gets a
 * turn between batches. 200 rows of at most 6 values: far below either database's limit on parameters.
 */
export const SAVE_BATCH_ROWS = 200;

/** A listed URL's row of the report, number `n` in crawl order. */
export function pageRow(id: string, n: number, entry: StoredPage) {
  return {
    audit_id: id,
    n,
    url: entry.url,
    facts: JSON.stringify(entry.facts),
    issues: JSON.stringify(entry.issues),
    kind: entry.kind ?? 'page',
  };
}

/**
 * The issues table's key order past the audit (type, then URL). Rows written in it share the key's index pages: a
 * real site's findings come by URL id, and each then lands on another page (`npm run bench -- issue-inserts`).
 */
export const byIssueKey = (a: Pick<StoredIssue, 'type' | 'url'>, b: Pick<StoredIssue, 'type' | 'url'>) =>
  a.type < b.type ? -1 : a.type > b.type ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0;

/** A finding's row, its links packed. */
export function issueRow(id: string, entry: StoredIssue) {
  return {
    audit_id: id,
    type: entry.type,
    url: entry.url,
    severity: entry.severity,
    detail: entry.detail,
    links: packLinks(entry.url, entry.links),
  };
}

/**
 * Stores a finished audit: its pages and issues in batches of SAVE_BATCH_ROWS, each one statement
 * (so all or nothing) with `breathe()` (a turn of the event loop when the slice is spent) between
 * them, so saving 5,000 pages never holds the server or the database for long; then the diff is read,
 * and the summary and `done` written in one last statement, after which the crawl store is dropped a
 * piece at a time (site-audit-drop.ts). Until that statement the audit is still `running`: no reader
 * sees a half-saved report, a crash in between leaves its rows to the audit's next try, which drops them
 * first (markRunning), or to its failure (finishSiteAudit drops them); a crash after it leaves the store
 * to `dropLeftovers`. An abort (`signal`) before the last step stops the writing, drops what was written
 * and answers false.
 */
export async function completeSiteAudit(
  db: Db,
  id: string,
  result: {
    finishedAt: string;
    /** The address actually audited (after the http fallback and redirects): the audit is filed under it. */
    url?: string;
    crawled: number;
    discovered: number;
    summary: unknown;
    report: unknown;
    pages: StoredPage[];
    issues: StoredIssue[];
    /** Computed once every row is written, before the last statement. */
    diff: (db: Db) => Promise<unknown>;
  },
  pace: { breathe?: () => Promise<void>; signal?: AbortSignal; onStored?: () => void } = {},
): Promise<boolean> {
  const breathe = pace.breathe ?? (() => Promise.resolve());
  const aborted = () => pace.signal?.aborted === true;
  for (let from = 0; from < result.pages.length && !aborted(); from += SAVE_BATCH_ROWS) {
    const batch = result.pages
      .slice(from, from + SAVE_BATCH_ROWS)
      .map((entry, index) => pageRow(id, from + index, entry));
    await db.insertInto('site_audit_pages').values(batch).execute();
    await breathe();
  }
  const issues = [...result.issues].sort(byIssueKey);
  for (let from = 0; from < issues.length && !aborted(); from += SAVE_BATCH_ROWS) {
    const batch = issues.slice(from, from + SAVE_BATCH_ROWS).map((entry) => issueRow(id, entry));
    await db.insertInto('site_audit_issues').values(batch).execute();
    await breathe();
  }
  if (aborted()) {
    // Cancelled or shut down while saving: the audit ends as its caller decides, without these rows.
    await dropAuditRows(db, id);
    return false;
  }
  // Read before the last write: a transaction holds SQLite's only write lock from its start (site-audit-drop.ts).
  const diff = await result.diff(db);
  await db
    .updateTable('site_audits')
    .set({
      status: 'done',
      error: null,
      ...(result.url ? { url: result.url } : {}),
      finished_at: result.finishedAt,
      crawled: result.crawled,
      discovered: result.discovered,
      summary: JSON.stringify(result.summary),
      report: JSON.stringify(result.report),
      diff: diff === undefined ? null : JSON.stringify(diff),
    })
    .where('id', '=', id)
    .execute();
  // The audit is done as its row says: its report is shown from here on, while the crawl store goes.
  pace.onStored?.();
  // The crawl store has served: the report's rows are what a finished audit keeps.
  await dropCrawlStore(db, id);
  return true;
}

/** Drops an audit's pages and issues, then its crawl store (whose crawl facts, last, mark a drop not done). */
async function dropAuditRows(db: Db, id: string): Promise<void> {
  await dropReportRows(db, id);
  await dropCrawlStore(db, id);
}

const FINISHED = ['done', 'failed', 'cancelled'] as const;

/**
 * Deletes all but the newest `keep` finished audits (their pages and issues go with them). Audits of
 * monitor runs are kept while their run is (db/monitoring/runs.ts keeps a monitor's newest runs): the next
 * run compares against them and the manage page links to them.
 */
export async function pruneSiteAudits(db: Db, keep: number): Promise<number> {
  const monitored = db.selectFrom('monitor_runs').select('audit_id').where('audit_id', 'is not', null);
  const newest = db
    .selectFrom('site_audits')
    .select('id')
    .where('status', 'in', FINISHED)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(0, Math.trunc(keep)));
  const pruned = await db
    .selectFrom('site_audits')
    .select('id')
    .where('status', 'in', FINISHED)
    .where('id', 'not in', newest)
    .where('id', 'not in', monitored as never)
    .execute();
  // Rows first, a piece at a time (a cascade would delete a big audit's rows in one statement).
  for (const { id } of pruned) {
    await dropAuditRows(db, id);
    await db.deleteFrom('site_audits').where('id', '=', id).execute();
  }
  return pruned.length;
}
