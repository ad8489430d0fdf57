import type { Db } from './index.ts';
import { fromRow, URL_COLUMNS, type StoredUrl } from './site-audit-urls.ts';

/*
 * The reads of a site audit's analysis with bounded memory (decision 0059, "The checks with bounded
 * memory"; server/features/site-audit/rules/batched.ts): a batch of URLs by id with the records of the
 * pages among them, and the URLs those pages name, each a query (or one per IN_LIST ids).
 */

/** A URL with its page's record (JSON, db/site-audit-records.ts) when it was read as a page and asked for. */
export interface StoredNode {
  url: StoredUrl;
  record: string | null;
}

/** Ids per `IN (…)` list: far below either database's limit on parameters. */
const IN_LIST = 1_000;

function urlsWithRecords(db: Db, auditId: string) {
  return (
    db
      .selectFrom('site_audit_urls as u')
      .leftJoin('site_audit_records as r', (join) =>
        join.onRef('r.audit_id', '=', 'u.audit_id').onRef('r.id', '=', 'u.id'),
      )
      // What `fromRow` reads, not the row's key (a Buffer each), audit or lease: a batch's rows are made and collected.
      .select(URL_COLUMNS.map((column) => `u.${column}` as const))
      .select('r.record')
      .where('u.audit_id', '=', auditId)
  );
}

const nodeOfRow = (row: Parameters<typeof fromRow>[0] & { record: string | null }): StoredNode => ({
  url: fromRow(row),
  record: row.record,
});

/** The audit's URLs with ids above `afterId`, `limit` at most, by id, each with its record: one query. */
export async function readNodeBatch(
  db: Db,
  auditId: string,
  page: { afterId: number; limit: number },
): Promise<StoredNode[]> {
  const rows = await urlsWithRecords(db, auditId)
    .where('u.id', '>', page.afterId)
    .orderBy('u.id')
    .limit(page.limit)
    .execute();
  return rows.map(nodeOfRow);
}

/** These URLs (by id, in id order; ids the audit has not met are left out), with their records when `records`. */
export async function readNodesById(
  db: Db,
  auditId: string,
  ids: readonly number[],
  records: boolean,
): Promise<StoredNode[]> {
  const found: StoredNode[] = [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let from = 0; from < sorted.length; from += IN_LIST) {
    const slice = sorted.slice(from, from + IN_LIST);
    if (records) {
      const rows = await urlsWithRecords(db, auditId).where('u.id', 'in', slice).orderBy('u.id').execute();
      found.push(...rows.map(nodeOfRow));
    } else {
      const rows = await db
        .selectFrom('site_audit_urls')
        .select([...URL_COLUMNS])
        .where('audit_id', '=', auditId)
        .where('id', 'in', slice)
        .orderBy('id')
        .execute();
      found.push(...rows.map((row) => ({ url: fromRow(row), record: null })));
    }
  }
  return found;
}

/** The start URL and the hops of its redirects, with their records. */
export async function readStartNodes(db: Db, auditId: string): Promise<StoredNode[]> {
  const rows = await urlsWithRecords(db, auditId).where('u.start', '=', 1).orderBy('u.id').execute();
  return rows.map(nodeOfRow);
}
