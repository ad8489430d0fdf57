import type { Db } from './index.ts';

/*
 * A running site audit's graph (decision 0059, migration 0035): one row per distinct (kind, source,
 * target) its pages name, by the audit's node ids, written with the pages' batches. What the cross-page
 * checks walk in SQL (server/features/site-audit/store-analysis/) instead of every page in memory.
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

/**
 * Writes edges; one already stored is left as it is (a batch written again by a resumed crawl). Callers
 * that need all or nothing run it inside their transaction.
 */
export async function saveEdges(db: Db, auditId: string, edges: readonly StoredEdge[]): Promise<void> {
  for (let from = 0; from < edges.length; from += EDGE_WRITE_BATCH) {
    await db
      .insertInto('site_audit_edges')
      .values(edges.slice(from, from + EDGE_WRITE_BATCH).map((edge) => ({ audit_id: auditId, ...edge })))
      .onConflict((conflict) => conflict.columns(['audit_id', 'kind', 'target', 'source']).doNothing())
      .execute();
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
    .selectFrom('site_audit_edges')
    .select(['source', 'target'])
    .where('audit_id', '=', auditId)
    .where('kind', '=', kind)
    .where('source', 'in', sources.slice(0, EDGE_WRITE_BATCH))
    .orderBy('source')
    .orderBy('target')
    .execute();
  return rows.map((row) => ({ kind, source: row.source, target: row.target }));
}
