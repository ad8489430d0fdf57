import { dialectOf, type Db } from './index.ts';
import { URL_STATE, type LeasedUrl, type UrlLease } from './site-audit-urls.ts';

/*
 * Leases on a running site audit's frontier (decisions 0064, 0068): who is fetching which queued URL and
 * until when, renewed by their owner, taken back when they run out or when their owner's next try starts.
 * The URLs themselves are db/site-audit-urls.ts's.
 */

/** `owner` still works on its leases: they hold until `until`; answers how many it holds. */
export async function renewLeases(db: Db, auditId: string, lease: UrlLease): Promise<number> {
  const result = await db
    .updateTable('site_audit_urls')
    .set({ lease_until: lease.until })
    .where('audit_id', '=', auditId)
    .where('state', '=', URL_STATE.leased)
    .where('lease_owner', '=', lease.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Takes the next `limit` queued URLs in queue order and leases them to `owner` until `until` (ms since
 * the epoch), in one transaction. On PostgreSQL rows another worker is leasing are skipped, not waited for.
 */
export async function leaseQueued(
  db: Db,
  auditId: string,
  lease: { limit: number; owner: string; until: number },
): Promise<LeasedUrl[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('site_audit_urls')
      .select(['id', 'url', 'depth', 'start'])
      .where('audit_id', '=', auditId)
      .where('state', '=', URL_STATE.queued)
      .orderBy('seq')
      .limit(lease.limit);
    if (dialectOf(db) === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('site_audit_urls')
      .set({ state: URL_STATE.leased, lease_owner: lease.owner, lease_until: lease.until })
      .where('audit_id', '=', auditId)
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ id: row.id, url: row.url, depth: row.depth, start: row.start === 1 }));
  });
}

/**
 * Back in line as a new try of `owner` starts: the leases its dead try held (the job engine runs one try of
 * a job at a time), those that ran out by `now`, and any leased row without a lease. Other owners' live
 * leases stay theirs (several workers on one audit: decision 0068). Answers how many.
 */
export async function requeueLeases(db: Db, auditId: string, taker: { owner: string; now: number }): Promise<number> {
  const result = await db
    .updateTable('site_audit_urls')
    .set({ state: URL_STATE.queued, lease_owner: null, lease_until: null })
    .where('audit_id', '=', auditId)
    .where('state', '=', URL_STATE.leased)
    .where((eb) =>
      eb.or([
        eb('lease_owner', '=', taker.owner),
        eb('lease_owner', 'is', null),
        eb('lease_until', 'is', null),
        eb('lease_until', '<', taker.now),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
