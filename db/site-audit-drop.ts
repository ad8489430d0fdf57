import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';

/*
 * Dropping an audit's rows a bounded piece at a time (decision 0069). SQLite has one writer: a statement
 * that deletes a 20,000-page audit's edges held the write lock for 1.9 s, and the web thread's own writes
 * (a job's progress, a lead) waited that long on the event loop. So on SQLite each table goes
 * DROP_CHUNK_ROWS rows per statement, each its own transaction; PostgreSQL locks rows, not the database,
 * and drops a table's rows in one statement.
 *
 * The pieces are not one transaction: a process that dies half-way leaves rows of an audit that has
 * ended. The crawl facts row (site_audit_crawls) goes last and marks a drop not finished:
 * `dropLeftovers` finishes every such drop.
 */

/** Rows deleted per statement on SQLite: a few milliseconds of write lock each. */
export const DROP_CHUNK_ROWS = 2_000;

/** A table of an audit's rows with the columns of its primary key after audit_id. */
interface AuditTable {
  name: string;
  key: readonly string[];
}

/** The crawl store (0059): every table but the crawl facts, which go last. */
const CRAWL_STORE: readonly AuditTable[] = [
  { name: 'site_audit_edges', key: ['kind', 'target', 'source'] },
  { name: 'site_audit_edges_by_source', key: ['kind', 'source', 'target'] },
  { name: 'site_audit_external_links', key: ['target', 'source', 'seq'] },
  { name: 'site_audit_external_checks', key: ['id'] },
  { name: 'site_audit_bands', key: ['band', 'key', 'id'] },
  { name: 'site_audit_strings', key: ['kind', 'id'] },
  { name: 'site_audit_records', key: ['id'] },
  { name: 'site_audit_urls', key: ['id'] },
  { name: 'site_audit_url_keys', key: ['url_key'] },
  { name: 'site_audit_reads', key: ['id'] },
];

/** What a finished audit's report is: its pages and issues. */
const REPORT: readonly AuditTable[] = [
  { name: 'site_audit_pages', key: ['n'] },
  { name: 'site_audit_issues', key: ['type', 'url'] },
];

const FINISHED = ['done', 'failed', 'cancelled'] as const;

/** Deletes the audit's rows of one table: on SQLite DROP_CHUNK_ROWS at a time, in primary-key order. */
async function deleteAuditTable(db: Db, table: AuditTable, auditId: string): Promise<void> {
  const name = sql.table(table.name);
  if (dialectOf(db) === 'postgres') {
    await sql`DELETE FROM ${name} WHERE audit_id = ${auditId}`.execute(db);
    return;
  }
  const key = sql.join(['audit_id', ...table.key].map((column) => sql.ref(column)));
  for (;;) {
    const result = await sql`DELETE FROM ${name} WHERE (${key}) IN (
        SELECT ${key} FROM ${name} WHERE audit_id = ${auditId} LIMIT ${DROP_CHUNK_ROWS})`.execute(db);
    if (Number(result.numAffectedRows ?? 0) < DROP_CHUNK_ROWS) return;
  }
}

/** Drops an audit's crawl store, a piece at a time; its crawl facts last. */
export async function dropCrawlStore(db: Db, auditId: string): Promise<void> {
  for (const table of CRAWL_STORE) await deleteAuditTable(db, table, auditId);
  await db.deleteFrom('site_audit_frontiers').where('audit_id', '=', auditId).execute();
  await db.deleteFrom('site_audit_crawls').where('audit_id', '=', auditId).execute();
}

/** Drops the pages and issues a try wrote, a piece at a time. */
export async function dropReportRows(db: Db, auditId: string): Promise<void> {
  for (const table of REPORT) await deleteAuditTable(db, table, auditId);
}

/**
 * Finishes the drops a process did not: the crawl store of every audit that has ended (and, of one that
 * failed or was cancelled, the pages and issues a try wrote). Answers how many audits it tidied.
 */
export async function dropLeftovers(db: Db): Promise<number> {
  const left = await db
    .selectFrom('site_audit_crawls as c')
    .innerJoin('site_audits as a', 'a.id', 'c.audit_id')
    .select(['a.id', 'a.status'])
    .where('a.status', 'in', FINISHED)
    .execute();
  for (const audit of left) {
    if (audit.status !== 'done') await dropReportRows(db, audit.id);
    await dropCrawlStore(db, audit.id);
  }
  return left.length;
}
