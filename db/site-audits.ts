import type { Db } from './index.ts';

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

export interface StoredIssue {
  type: string;
  url: string;
  severity: string;
  detail: string;
}

export interface StoredPage {
  url: string;
  facts: Record<string, unknown>;
  issues: string[];
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

export function insertSiteAudit(db: Db, audit: { id: string; visitor: string; url: string; createdAt: string }): void {
  db.prepare("INSERT INTO site_audits (id, visitor, url, status, created_at) VALUES (?, ?, ?, 'queued', ?)").run(
    audit.id,
    audit.visitor,
    audit.url,
    audit.createdAt,
  );
}

export function getSiteAudit(db: Db, id: string): SiteAuditRow | undefined {
  const row = db.prepare('SELECT * FROM site_audits WHERE id = ?').get(id) as Row | undefined;
  return row && toAudit(row);
}

/** A visitor's audits, newest first. */
export function listSiteAudits(db: Db, visitor: string, limit = 50): SiteAuditRow[] {
  const rows = db
    .prepare('SELECT * FROM site_audits WHERE visitor = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
    .all(visitor, limit) as Row[];
  return rows.map(toAudit);
}

export function markRunning(db: Db, id: string, startedAt: string): void {
  db.prepare("UPDATE site_audits SET status = 'running', started_at = ? WHERE id = ?").run(startedAt, id);
}

export function saveProgress(db: Db, id: string, progress: { crawled: number; discovered: number }): void {
  db.prepare('UPDATE site_audits SET crawled = ?, discovered = ? WHERE id = ?').run(
    progress.crawled,
    progress.discovered,
    id,
  );
}

export function finishSiteAudit(
  db: Db,
  id: string,
  outcome: { status: 'failed' | 'cancelled'; error: string; finishedAt: string },
): void {
  db.prepare('UPDATE site_audits SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(
    outcome.status,
    outcome.error,
    outcome.finishedAt,
    id,
  );
}

/** Rows (pages or issues) written per transaction when a finished audit is saved; the event loop gets a turn between batches. */
export const SAVE_BATCH_ROWS = 200;

/**
 * Stores a finished audit: its pages and issues in batches of SAVE_BATCH_ROWS, each its own
 * transaction with `breathe()` (a turn of the event loop when the slice is spent) between them, so
 * saving 5,000 pages never holds the server for long; then the diff, the summary and `done` in one
 * last transaction. Until that commits the audit is still `running`: no reader sees a half-saved
 * report, a crash in between leaves it to the next start-up, which fails it and drops its rows, and an
 * abort (`signal`) before the last step drops them at once and answers false.
 */
export async function completeSiteAudit(
  db: Db,
  id: string,
  result: {
    finishedAt: string;
    crawled: number;
    discovered: number;
    summary: unknown;
    report: unknown;
    pages: StoredPage[];
    issues: StoredIssue[];
    diff: (db: Db) => unknown;
  },
  pace: { breathe?: () => Promise<void>; signal?: AbortSignal } = {},
): Promise<boolean> {
  const breathe = pace.breathe ?? (() => Promise.resolve());
  const page = db.prepare('INSERT INTO site_audit_pages (audit_id, n, url, facts, issues) VALUES (?, ?, ?, ?, ?)');
  const issue = db.prepare(
    'INSERT INTO site_audit_issues (audit_id, type, url, severity, detail) VALUES (?, ?, ?, ?, ?)',
  );
  const writePages = db.transaction((from: number) => {
    for (let n = from; n < Math.min(from + SAVE_BATCH_ROWS, result.pages.length); n += 1) {
      const entry = result.pages[n];
      page.run(id, n, entry.url, JSON.stringify(entry.facts), JSON.stringify(entry.issues));
    }
  });
  const writeIssues = db.transaction((from: number) => {
    for (const entry of result.issues.slice(from, from + SAVE_BATCH_ROWS))
      issue.run(id, entry.type, entry.url, entry.severity, entry.detail);
  });
  for (let from = 0; from < result.pages.length; from += SAVE_BATCH_ROWS) {
    writePages(from);
    await breathe();
  }
  for (let from = 0; from < result.issues.length; from += SAVE_BATCH_ROWS) {
    writeIssues(from);
    await breathe();
  }
  if (pace.signal?.aborted) {
    // Cancelled or shut down while saving: the audit ends as its caller decides, without these rows.
    deleteAuditRows(db, id);
    return false;
  }
  db.transaction(() => {
    const diff = result.diff(db);
    db.prepare(
      "UPDATE site_audits SET status = 'done', error = NULL, finished_at = ?, crawled = ?, discovered = ?, summary = ?, report = ?, diff = ? WHERE id = ?",
    ).run(
      result.finishedAt,
      result.crawled,
      result.discovered,
      JSON.stringify(result.summary),
      JSON.stringify(result.report),
      diff === undefined ? null : JSON.stringify(diff),
      id,
    );
  })();
  return true;
}

function deleteAuditRows(db: Db, id: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM site_audit_pages WHERE audit_id = ?').run(id);
    db.prepare('DELETE FROM site_audit_issues WHERE audit_id = ?').run(id);
  })();
}

/** The same visitor's latest finished audit of the same URL before `id`, if any. */
export function previousDoneAudit(
  db: Db,
  current: { id: string; visitor: string; url: string; createdAt: string },
): string | undefined {
  const row = db
    .prepare(
      "SELECT id FROM site_audits WHERE visitor = ? AND url = ? AND status = 'done' AND id != ? AND created_at <= ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
    )
    .get(current.visitor, current.url, current.id, current.createdAt) as { id: string } | undefined;
  return row?.id;
}

/** (type, url) pairs present in audit `a` and not in audit `b`. */
export function issuesOnlyIn(
  db: Db,
  a: string,
  b: string,
  limit: number,
): { items: Array<{ type: string; url: string }>; total: number } {
  const sql =
    'SELECT type, url FROM site_audit_issues WHERE audit_id = ? EXCEPT SELECT type, url FROM site_audit_issues WHERE audit_id = ?';
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get(a, b) as { n: number }).n;
  const items = db.prepare(`${sql} ORDER BY type, url LIMIT ?`).all(a, b, limit) as Array<{
    type: string;
    url: string;
  }>;
  return { items, total };
}

export function auditIssues(db: Db, id: string): StoredIssue[] {
  return db
    .prepare('SELECT type, url, severity, detail FROM site_audit_issues WHERE audit_id = ? ORDER BY type, url')
    .all(id) as StoredIssue[];
}

export function auditPages(
  db: Db,
  id: string,
  options: { offset: number; limit: number; issue?: string; search?: string },
): { total: number; pages: StoredPage[] } {
  const where = ['audit_id = ?'];
  const args: unknown[] = [id];
  if (options.issue) {
    where.push('EXISTS (SELECT 1 FROM json_each(issues) WHERE value = ?)');
    args.push(options.issue);
  }
  if (options.search) {
    where.push('instr(lower(url), lower(?)) > 0');
    args.push(options.search);
  }
  const clause = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM site_audit_pages WHERE ${clause}`).get(...args) as { n: number })
    .n;
  const rows = db
    .prepare(`SELECT url, facts, issues FROM site_audit_pages WHERE ${clause} ORDER BY n LIMIT ? OFFSET ?`)
    .all(...args, options.limit, options.offset) as Array<{ url: string; facts: string; issues: string }>;
  return {
    total,
    pages: rows.map((row) => ({
      url: row.url,
      facts: JSON.parse(row.facts) as Record<string, unknown>,
      issues: JSON.parse(row.issues) as string[],
    })),
  };
}

/**
 * An audit cut off by a restart is never left waiting: every one still in `status` is failed with
 * `reason`, and the rows a save cut short had written are dropped with it.
 */
export function failUnfinished(db: Db, status: 'queued' | 'running', reason: string, finishedAt: string): number {
  return db.transaction(() => {
    const unfinished = 'SELECT id FROM site_audits WHERE status = ?';
    db.prepare(`DELETE FROM site_audit_pages WHERE audit_id IN (${unfinished})`).run(status);
    db.prepare(`DELETE FROM site_audit_issues WHERE audit_id IN (${unfinished})`).run(status);
    return db
      .prepare("UPDATE site_audits SET status = 'failed', error = ?, finished_at = ? WHERE status = ?")
      .run(reason, finishedAt, status).changes;
  })();
}

/** Deletes all but the newest `keep` finished audits (their pages and issues go with them). */
export function pruneSiteAudits(db: Db, keep: number): number {
  return db
    .prepare(
      "DELETE FROM site_audits WHERE id IN (SELECT id FROM site_audits WHERE status IN ('done', 'failed', 'cancelled') ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)",
    )
    .run(Math.max(0, keep)).changes;
}
