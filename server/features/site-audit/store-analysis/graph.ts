import { sql, type RawBuilder } from 'kysely';
import { dialectOf, type Db } from '#db/index.ts';
import { EDGE_KIND } from '#db/site-audit-edges.ts';
import { ORPHAN_DETAIL } from '../rules/links.ts';
import type { EmitFinding } from './stream.ts';

/*
 * The link graph's checks over the crawl store (decision 0059, "The checks with bounded memory"): each
 * URL's inlinks and click depth computed in SQL into its row, then read back a page of ids at a time.
 * The in-memory `inlinkCounts` and `clickDepths` (rules/context.ts) are the specification; the tests
 * compare them on the planted sites and on random graphs.
 */

/** URLs read back a page at a time. */
export const GRAPH_READ_ROWS = 2000;

/**
 * URLs (by id) one UPDATE of the graph writes or starts from: SQLite has one writer, and a statement
 * over a 20,000-page audit's URLs held the write lock for up to a second while the web thread's writes
 * waited (decision 0069).
 */
export const GRAPH_WRITE_IDS = 2000;

/** An UPDATE over the audit's URLs written `rangeIds` ids at a time, `[from, to)`. */
type RangedStatement = (from: number, to: number) => RawBuilder<unknown>;

/**
 * Runs UPDATEs once per range of `rangeIds` URL ids of the audit (its ids read once: the graph adds no URL);
 * each run answers how many rows it changed in all.
 */
async function rangedUpdates(
  db: Db,
  auditId: string,
  rangeIds: number,
): Promise<(statement: RangedStatement) => Promise<number>> {
  const { top } = await db
    .selectFrom('site_audit_urls')
    .select((eb) => eb.fn.max('id').as('top'))
    .where('audit_id', '=', auditId)
    .executeTakeFirstOrThrow();
  const end = top === null ? 0 : Number(top) + 1;
  return async (statement) => {
    let changed = 0;
    for (let from = 0; from < end; from += rangeIds)
      changed += Number((await statement(from, from + rangeIds).execute(db)).numAffectedRows ?? 0);
    return changed;
  };
}

/**
 * Gives PostgreSQL's planner the crawl store's figures before the analysis reads it: tables never
 * analysed (a crawl's rows are minutes old; autovacuum comes later) get nested loops that rescan the
 * audit's URLs for every edge (400 pages took over 20 s). It samples a bounded number of rows, so it
 * costs about the same at any size. SQLite plans these statements on its indexes without figures.
 */
export async function analyseStore(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres')
    await sql`ANALYZE site_audit_urls, site_audit_records, site_audit_edges, site_audit_edges_by_source`.execute(db);
}

/** Every URL's inlinks: the crawled pages linking to it (`PageRecord.links`, so self-links excluded). */
export async function storeInlinks(db: Db, auditId: string, rangeIds = GRAPH_WRITE_IDS): Promise<void> {
  const updated = await rangedUpdates(db, auditId, rangeIds);
  await updated(
    (from, to) => sql`UPDATE site_audit_urls SET inlinks = (
        SELECT count(*) FROM site_audit_edges e
        WHERE e.audit_id = site_audit_urls.audit_id AND e.kind = ${EDGE_KIND.link} AND e.target = site_audit_urls.id)
      WHERE audit_id = ${auditId} AND id >= ${from} AND id < ${to}`,
  );
}

/**
 * Every URL's click depth by 0-1 breadth-first search a level at a time: the start URL and its redirect
 * hops are 0; at each level the redirects of the level's URLs join it (until none does), then the URLs
 * its pages link to and no level has reached yet make the next. NULL where the start never leads.
 * Indexed statements per step, each from a range of the level's URLs (GRAPH_WRITE_IDS): whatever a range
 * reaches first, the steps end at the same levels.
 */
export async function storeClickDepths(db: Db, auditId: string, rangeIds = GRAPH_WRITE_IDS): Promise<void> {
  const updated = await rangedUpdates(db, auditId, rangeIds);
  await updated(
    (from, to) => sql`UPDATE site_audit_urls SET click_depth = CASE WHEN start = 1 THEN 0 END
      WHERE audit_id = ${auditId} AND id >= ${from} AND id < ${to}`,
  );
  for (let level = 0; ; level += 1) {
    // A redirect is no click: the level's redirect targets join it, hop after hop.
    while (
      (await updated(
        (from, to) => sql`UPDATE site_audit_urls SET click_depth = ${level}
          WHERE audit_id = ${auditId} AND click_depth IS NULL AND id IN (
            SELECT redirect_to FROM site_audit_urls
            WHERE audit_id = ${auditId} AND id >= ${from} AND id < ${to} AND click_depth = ${level} AND redirect_to >= 0)`,
      )) > 0
    );
    const linked = await updated(
      (from, to) => sql`UPDATE site_audit_urls SET click_depth = ${level + 1}
        WHERE audit_id = ${auditId} AND click_depth IS NULL AND id IN (
          SELECT e.target FROM site_audit_urls s
          JOIN site_audit_edges_by_source e
            ON e.audit_id = s.audit_id AND e.kind = ${EDGE_KIND.link} AND e.source = s.id
          WHERE s.audit_id = ${auditId} AND s.id >= ${from} AND s.id < ${to} AND s.click_depth = ${level})`,
    );
    if (linked === 0) return;
  }
}

/** The inlinks and click depths computed, as the rules' arrays by node id (-1: not reachable; `size` ids). */
export async function readGraph(
  db: Db,
  auditId: string,
  size: number,
): Promise<{ depth: Int32Array; inlinks: Int32Array }> {
  const depth = new Int32Array(size).fill(-1);
  const inlinks = new Int32Array(size);
  for (let afterId = -1; ;) {
    const rows = await db
      .selectFrom('site_audit_urls')
      .select(['id', 'click_depth', 'inlinks'])
      .where('audit_id', '=', auditId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(GRAPH_READ_ROWS)
      .execute();
    for (const row of rows) {
      if (row.id >= size) continue;
      depth[row.id] = row.click_depth ?? -1;
      inlinks[row.id] = row.inlinks ?? 0;
    }
    if (rows.length < GRAPH_READ_ROWS) return { depth, inlinks };
    afterId = rows.at(-1)!.id;
  }
}

/** The `orphan` rule over the store (after `storeInlinks`): in a sitemap, not the start, 2xx, no inlinks; by id. */
export async function storeOrphans(db: Db, auditId: string, emit: EmitFinding): Promise<void> {
  for (let afterId = -1; ;) {
    const rows = await db
      .selectFrom('site_audit_urls')
      .select(['id', 'url'])
      .where('audit_id', '=', auditId)
      .where('in_sitemap', '=', 1)
      .where('start', '=', 0)
      .where('status', '>=', 200)
      .where('status', '<', 300)
      .where('inlinks', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(GRAPH_READ_ROWS)
      .execute();
    for (const row of rows) await emit({ url: row.url, detail: ORPHAN_DETAIL });
    if (rows.length < GRAPH_READ_ROWS) return;
    afterId = rows.at(-1)!.id;
  }
}
