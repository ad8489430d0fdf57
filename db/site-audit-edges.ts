import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';
import { boundTempCache, type MovePace } from './sqlite-temp.ts';

/*
 * A running site audit's graph (decision 0059, migration 0035): one row per distinct (kind, source,
 * target) its pages name, by the audit's node ids. What the cross-page checks walk in SQL
 * (server/features/site-audit/store-analysis/) instead of every page in memory.
 *
 * Two tables hold it, each clustered by its own key (decision 0075, migration 0041). The crawl writes each
 * batch's edges to `site_audit_edges_by_source`, where a batch's pages, answered one after another, put them
 * side by side. Once the crawl is over the analysis sorts them, once, into `site_audit_edges`, keyed by target:
 * written as they came, each edge to another page landed on another page of that key, and every such page was
 * written again at each commit (two thirds of the crawl's SQLite writes at 100,000 pages: `npm run bench --
 * crawl-writes`).
 */

/** What an edge stands for (`site_audit_edges.kind`). */
export const EDGE_KIND = {
  /** `PageRecord.links`: a distinct internal link, never to the page itself. */
  link: 1,
  image: 2,
  /** An internal hreflang alternate that is another page. */
  hreflang: 3,
  /** Scripts and stylesheets of this site or another (target -1 - the external string's id, migration 0037). */
  script: 4,
  stylesheet: 5,
  /** A link of `PageRecord.links` its page gives nofollow (the page's meta robots, or every <a> to it): a kind-1 edge too. */
  nofollowLink: 6,
  /** An internal rel="prev"/"next" target. */
  pagination: 7,
} as const;

export type EdgeKind = (typeof EDGE_KIND)[keyof typeof EDGE_KIND];

export interface StoredEdge {
  kind: EdgeKind;
  source: number;
  target: number;
}

/** Rows written per statement: 4 values a row, far below either database's limit on parameters. */
export const EDGE_WRITE_BATCH = 1000;

const EDGE_INSERT: RowInsert<StoredEdge> = {
  table: 'site_audit_edges_by_source',
  columns: ['audit_id', 'kind', 'source', 'target'],
  values: (edge) => [edge.kind, edge.source, edge.target],
  tail: 'ON CONFLICT (audit_id, kind, source, target) DO NOTHING',
  perStatement: EDGE_WRITE_BATCH,
};

/**
 * Writes a crawl's edges (by source); one already stored is left as it is (a batch written again by a
 * resumed crawl). Callers that need all or nothing run it inside their transaction.
 */
export async function saveEdges(db: Db, auditId: string, edges: readonly StoredEdge[]): Promise<void> {
  await insertRows(db, EDGE_INSERT, edges, [auditId]);
}

/** Edges sorted into `site_audit_edges` a transaction at a time on SQLite: a bounded hold of its write lock (0069). */
export const SORT_MOVE_EDGES = 10_000;

let sorts = 0;

/**
 * Copies the audit's edges, as the crawl wrote them, into `site_audit_edges` in its key order (kind, target,
 * source), so each write appends to the audit's range of that key; an edge already there is left (a sort
 * done again after a crash). Run once the crawl is over, before anything reads edges by target.
 *
 * SQLite: one sort of the audit's edges into a TEMP table of this connection (read from the file, written
 * to SQLite's temporary directory; no lock another connection waits on), then SORT_MOVE_EDGES rows a
 * transaction, in that order. PostgreSQL: one statement (its writers do not wait on each other).
 */
export async function sortEdgesByTarget(db: Db, auditId: string, pace: MovePace = {}): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`INSERT INTO site_audit_edges (audit_id, kind, target, source)
      SELECT audit_id, kind, target, source FROM site_audit_edges_by_source WHERE audit_id = ${auditId}
      ORDER BY kind, target, source
      ON CONFLICT DO NOTHING`.execute(db);
    return;
  }
  sorts += 1;
  const name = `site_audit_edge_sort_${sorts}`;
  const table = sql.table(`temp.${name}`);
  await boundTempCache(db);
  // Rows take rowids in the order the sorted SELECT gives them.
  await sql`CREATE TEMP TABLE ${sql.table(name)} AS SELECT kind, target, source FROM site_audit_edges_by_source
    WHERE audit_id = ${auditId} ORDER BY kind, target, source`.execute(db);
  try {
    const { rows } = await sql<{ last: number | null }>`SELECT max(rowid) AS last FROM ${table}`.execute(db);
    const last = rows[0]?.last ?? 0;
    for (let after = 0; after < last; after += SORT_MOVE_EDGES) {
      if (pace.aborted?.()) return;
      await sql`INSERT INTO site_audit_edges (audit_id, kind, target, source)
        SELECT ${auditId}, kind, target, source FROM ${table}
        WHERE rowid > ${after} AND rowid <= ${after + SORT_MOVE_EDGES} ORDER BY rowid
        ON CONFLICT DO NOTHING`.execute(db);
      await pace.breathe?.();
    }
  } finally {
    await sql`DROP TABLE IF EXISTS ${table}`.execute(db);
  }
}

/** The edges of one kind from these sources, by source then target (at most EDGE_WRITE_BATCH sources a call). */
export async function edgesFrom(
  db: Db,
  auditId: string,
  kind: EdgeKind,
  sources: readonly number[],
): Promise<StoredEdge[]> {
  if (sources.length === 0) return [];
  const rows = await db
    .selectFrom('site_audit_edges_by_source')
    .select(['source', 'target'])
    .where('audit_id', '=', auditId)
    .where('kind', '=', kind)
    .where('source', 'in', sources.slice(0, EDGE_WRITE_BATCH))
    .orderBy('source')
    .orderBy('target')
    .execute();
  return rows.map((row) => ({ kind, source: row.source, target: row.target }));
}
