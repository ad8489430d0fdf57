import { createHash } from 'node:crypto';
import { dialectOf, type Db } from './index.ts';
import { URL_STATE, URL_WRITE_BATCH } from './site-audit-urls.ts';

/*
 * The frontier several workers share (decision 0068): any worker enqueues the URLs it found; each URL enters
 * once, its id and queue order handed out by the database under the audit's counter row, so ids stay dense
 * (the crawl store is read back as arrays by id) whichever worker met a URL first. And the final analysis is
 * claimed by exactly one worker, once nothing waits and nothing is leased.
 */

/**
 * The key a URL is entered by: the first 16 bytes of its SHA-256 (a PostgreSQL index entry stops at ~2.7 KB;
 * URLs do not). Kept in `site_audit_url_keys`, apart from the crawl's table (migration 0042, decision 0075).
 */
export function urlKey(url: string): Buffer {
  return createHash('sha256').update(url).digest().subarray(0, 16);
}

/** A URL a worker found: queued to fetch, or only known (skipped, not to fetch). */
export interface FoundUrl {
  url: string;
  depth: number;
  queued: boolean;
}

/** The columns of a URL not answered yet (the columns' defaults, spelled for the typed insert). */
const UNANSWERED = {
  start: 0,
  lease_owner: null,
  lease_until: null,
  status: 0,
  error: null,
  skipped: null,
  redirect_to: -1,
  redirect_external: null,
  ttfb_ms: 0,
  content_type: '',
  bytes: -1,
  in_sitemap: 0,
  loaded_as: 0,
  html_mislabelled: 0,
} as const;

/** A found URL's id in the audit, and whether this call entered it (false: another call had). */
export interface EnqueuedUrl {
  id: number;
  added: boolean;
}

/** Reads the audit's counters, locking them (PostgreSQL) until the transaction ends; made on first use. */
async function lockCounters(trx: Db, auditId: string) {
  await trx
    .insertInto('site_audit_frontiers')
    .values({ audit_id: auditId, next_id: 0, next_seq: 0 })
    .onConflict((conflict) => conflict.column('audit_id').doNothing())
    .execute();
  let query = trx
    .selectFrom('site_audit_frontiers')
    .select(['next_id', 'next_seq', 'analysis_owner'])
    .where('audit_id', '=', auditId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** The ids of those of `keys` (hex) the audit has, by key. */
async function idsByKey(trx: Db, auditId: string, keys: readonly Buffer[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let from = 0; from < keys.length; from += URL_WRITE_BATCH) {
    const rows = await trx
      .selectFrom('site_audit_url_keys')
      .select(['id', 'url_key'])
      .where('audit_id', '=', auditId)
      .where('url_key', 'in', keys.slice(from, from + URL_WRITE_BATCH))
      .execute();
    for (const row of rows) ids.set(Buffer.from(row.url_key).toString('hex'), row.id);
  }
  return ids;
}

/**
 * Enters the URLs the audit has not met, in the order given (a URL given twice counts once), with the next
 * ids and, when queued, the next places in the queue; answers every given URL's id. One transaction: the
 * counter row's lock makes concurrent calls take turns, and the keys' primary key refuses a URL entered twice
 * (the whole call fails rather than give a URL a second row).
 */
export async function enqueueUrls(
  db: Db,
  auditId: string,
  found: readonly FoundUrl[],
): Promise<Map<string, EnqueuedUrl>> {
  return db.transaction().execute(async (trx) => {
    const counters = await lockCounters(trx, auditId);
    const keys = new Map(found.map((entry) => [urlKey(entry.url).toString('hex'), entry]));
    const known = await idsByKey(
      trx,
      auditId,
      [...keys.keys()].map((key) => Buffer.from(key, 'hex')),
    );
    const answer = new Map<string, EnqueuedUrl>();
    const rows = [];
    const keyRows = [];
    let { next_id: nextId, next_seq: nextSeq } = counters;
    for (const [key, entry] of keys) {
      const id = known.get(key);
      if (id !== undefined) {
        answer.set(entry.url, { id, added: false });
        continue;
      }
      answer.set(entry.url, { id: nextId, added: true });
      keyRows.push({ audit_id: auditId, url_key: Buffer.from(key, 'hex'), id: nextId });
      rows.push({
        audit_id: auditId,
        id: nextId++,
        url: entry.url,
        state: entry.queued ? URL_STATE.queued : URL_STATE.known,
        seq: entry.queued ? nextSeq++ : null,
        depth: entry.depth,
        ...UNANSWERED,
      });
    }
    for (let from = 0; from < rows.length; from += URL_WRITE_BATCH) {
      await trx
        .insertInto('site_audit_url_keys')
        .values(keyRows.slice(from, from + URL_WRITE_BATCH))
        .execute();
      await trx
        .insertInto('site_audit_urls')
        .values(rows.slice(from, from + URL_WRITE_BATCH))
        .execute();
    }
    await trx
      .updateTable('site_audit_frontiers')
      .set({ next_id: nextId, next_seq: nextSeq })
      .where('audit_id', '=', auditId)
      .execute();
    return answer;
  });
}

/**
 * Claims the audit's final analysis for `owner`: true for exactly one call, made once no URL waits and none
 * is leased (a lease that ran out is put back in line first, by whoever takes it back); false before and after.
 */
export async function claimAnalysis(db: Db, auditId: string, owner: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const counters = await lockCounters(trx, auditId);
    if (counters.analysis_owner !== null) return false;
    const open = await trx
      .selectFrom('site_audit_urls')
      .select('id')
      .where('audit_id', '=', auditId)
      .where('state', 'in', [URL_STATE.queued, URL_STATE.leased])
      .limit(1)
      .executeTakeFirst();
    if (open !== undefined) return false;
    await trx
      .updateTable('site_audit_frontiers')
      .set({ analysis_owner: owner })
      .where('audit_id', '=', auditId)
      .execute();
    return true;
  });
}
