import type { Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';
import type { Tables } from './schema.ts';

/*
 * A running site audit's URLs (decision 0059): the crawl frontier (which URLs wait, in which order, and
 * who is fetching them) and each URL's answer, one row per URL the audit met, by the audit's own node
 * id. Written in batches; db/site-audit-records.ts keeps the pages' records beside them.
 */

/** Where a URL is in the frontier (`site_audit_urls.state`). */
export const URL_STATE = {
  /** Met, not to fetch (skipped, nofollow only, out of the cap). */
  known: 0,
  queued: 1,
  /** Being fetched under a lease: queued again once the lease runs out. */
  leased: 2,
  /** Answered or failed: never fetched again. */
  done: 3,
} as const;

export type UrlState = (typeof URL_STATE)[keyof typeof URL_STATE];

/** A URL as stored: its place in the frontier and every fact of its answer (a `UrlNode` but its page). */
export interface StoredUrl {
  id: number;
  url: string;
  state: UrlState;
  /** Queue order; null for a URL never queued. */
  seq: number | null;
  depth: number;
  start: boolean;
  status: number;
  error: string | null;
  skipped: string | null;
  redirectTo: number;
  redirectExternal: string | null;
  ttfbMs: number;
  contentType: string;
  bytes: number;
  inSitemap: boolean;
  loadedAs: number;
  htmlMislabelled: boolean;
}

/** A URL taken from the queue to fetch. */
export interface LeasedUrl {
  id: number;
  url: string;
  depth: number;
  start: boolean;
}

/**
 * Rows written per statement: 200 rows of 21 values stay far below either database's limit on
 * parameters (SQLite 32,766, PostgreSQL 65,535), and one statement is all or nothing.
 */
export const URL_WRITE_BATCH = 200;

const flag = (value: boolean) => (value ? 1 : 0);

/** Who holds a lease and until when (ms since the epoch). */
export interface UrlLease {
  owner: string;
  until: number;
}

/** A URL's values in URL_INSERT's order after the audit's id. */
function urlValues(url: StoredUrl, lease: UrlLease | undefined): unknown[] {
  const leased = url.state === URL_STATE.leased && lease !== undefined;
  return [
    url.id,
    url.url,
    url.state,
    url.seq,
    url.depth,
    flag(url.start),
    leased ? lease.owner : null,
    leased ? lease.until : null,
    url.status,
    url.error,
    url.skipped,
    url.redirectTo,
    url.redirectExternal,
    url.ttfbMs,
    url.contentType,
    url.bytes,
    flag(url.inSitemap),
    url.loadedAs,
    flag(url.htmlMislabelled),
  ];
}

/** A stored URL from its row (db/site-audit-batch-reads.ts reads rows joined with their records). */
export function fromRow(
  row: Omit<Tables['site_audit_urls'], 'audit_id' | 'lease_owner' | 'lease_until' | 'click_depth' | 'inlinks'>,
): StoredUrl {
  return {
    id: row.id,
    url: row.url,
    state: row.state as UrlState,
    seq: row.seq,
    depth: row.depth,
    start: row.start === 1,
    status: row.status,
    error: row.error,
    skipped: row.skipped,
    redirectTo: row.redirect_to,
    redirectExternal: row.redirect_external,
    ttfbMs: row.ttfb_ms,
    contentType: row.content_type,
    bytes: row.bytes,
    inSitemap: row.in_sitemap === 1,
    loadedAs: row.loaded_as,
    htmlMislabelled: row.html_mislabelled === 1,
  };
}

/** The URL's facts and frontier place: what a write sets again when the row exists (its id, URL and key never change). */
const FACTS = [
  'state',
  'seq',
  'depth',
  'start',
  'status',
  'error',
  'skipped',
  'redirect_to',
  'redirect_external',
  'ttfb_ms',
  'content_type',
  'bytes',
  'in_sitemap',
  'loaded_as',
  'html_mislabelled',
] as const;

/** What a reader gets back: every column but the key and the lease (`fromRow` reads these). */
export const URL_COLUMNS = ['id', 'url', ...FACTS] as const;

/**
 * A row written again keeps the lease it holds while it stays leased (several owners renew and take back
 * leases by these columns: decision 0068); a row leased without one gets the writer's; any other state drops it.
 */
const keptLease = (column: 'lease_owner' | 'lease_until') =>
  `${column} = CASE WHEN excluded.state = ${URL_STATE.leased} THEN coalesce(site_audit_urls.${column}, excluded.${column}) ELSE NULL END`;

/** The URLs' write: a known id takes the new facts and frontier place (its URL and key never change). */
const URL_INSERT: RowInsert<unknown[]> = {
  table: 'site_audit_urls',
  // In urlValues' order: each named here, so a change to FACTS cannot shift a value into another column.
  columns: [
    'audit_id',
    'id',
    'url',
    'state',
    'seq',
    'depth',
    'start',
    'lease_owner',
    'lease_until',
    'status',
    'error',
    'skipped',
    'redirect_to',
    'redirect_external',
    'ttfb_ms',
    'content_type',
    'bytes',
    'in_sitemap',
    'loaded_as',
    'html_mislabelled',
  ],
  values: (row) => row,
  tail: `ON CONFLICT (audit_id, id) DO UPDATE SET ${[
    ...FACTS.map((column) => `${column} = excluded.${column}`),
    keptLease('lease_owner'),
    keptLease('lease_until'),
  ].join(', ')}`,
  perStatement: URL_WRITE_BATCH,
};

/**
 * Writes URLs, new or known (by id), URL_WRITE_BATCH rows a statement; a URL written leased takes `lease`
 * unless it holds one already. Callers that need all or nothing run it inside their transaction.
 */
export async function saveUrls(db: Db, auditId: string, urls: readonly StoredUrl[], lease?: UrlLease): Promise<void> {
  await insertRows(
    db,
    URL_INSERT,
    urls.map((url) => urlValues(url, lease)),
    [auditId],
  );
}

/** How many of the audit's URLs are in each state. */
export async function urlStateCounts(db: Db, auditId: string): Promise<Record<keyof typeof URL_STATE, number>> {
  const rows = await db
    .selectFrom('site_audit_urls')
    .select(['state', (eb) => eb.fn.countAll().as('n')])
    .where('audit_id', '=', auditId)
    .groupBy('state')
    .execute();
  const count = (state: UrlState) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return {
    known: count(URL_STATE.known),
    queued: count(URL_STATE.queued),
    leased: count(URL_STATE.leased),
    done: count(URL_STATE.done),
  };
}

/** The audit's URLs with ids above `afterId`, `limit` at most, by id: a cursor over any number of them. */
export async function readUrls(
  db: Db,
  auditId: string,
  page: { afterId: number; limit: number },
): Promise<StoredUrl[]> {
  const rows = await db
    .selectFrom('site_audit_urls')
    .select([...URL_COLUMNS])
    .where('audit_id', '=', auditId)
    .where('id', '>', page.afterId)
    .orderBy('id')
    .limit(page.limit)
    .execute();
  return rows.map(fromRow);
}

/** The queued URLs after `afterSeq` in queue order, `limit` at most, left queued: what a stopped crawl never fetched. */
export async function readQueued(
  db: Db,
  auditId: string,
  page: { afterSeq: number; limit: number },
): Promise<Array<LeasedUrl & { seq: number }>> {
  const rows = await db
    .selectFrom('site_audit_urls')
    .select(['id', 'url', 'depth', 'start', 'seq'])
    .where('audit_id', '=', auditId)
    .where('state', '=', URL_STATE.queued)
    .where('seq', '>', page.afterSeq)
    .orderBy('seq')
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ id: row.id, url: row.url, depth: row.depth, start: row.start === 1, seq: row.seq! }));
}
