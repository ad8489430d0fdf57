import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { queuedUrl } from '#test/helpers/stored-urls.ts';
import type { Db } from './index.ts';
import { writeCrawlBatch } from './site-audit-records.ts';
import { insertSiteAudit } from './site-audits.ts';
import { leaseQueued, renewLeases, requeueLeases } from './site-audit-leases.ts';
import { saveUrls, URL_STATE, type StoredUrl } from './site-audit-urls.ts';

/*
 * Leases several owners hold on one audit's frontier (decision 0068): renewed by their owner, kept when the
 * writer rewrites a row, taken back when they ran out or when their owner's next try starts.
 */

const ORIGIN = 'https://shop.example';

const queued = (id: number): StoredUrl => queuedUrl(ORIGIN, id);

describe.each(DIALECTS)('frontier leases on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(): Promise<string> {
    await insertSiteAudit(db, { id: 'a1', visitor: 'v', url: `${ORIGIN}/`, createdAt: '2026-11-29T06:00:00.000Z' });
    return 'a1';
  }

  /** Each row's state and lease, by id. */
  async function leases(auditId: string) {
    const rows = await db
      .selectFrom('site_audit_urls')
      .select(['id', 'state', 'lease_owner', 'lease_until'])
      .where('audit_id', '=', auditId)
      .orderBy('id')
      .execute();
    return rows.map((row) => [
      row.id,
      row.state,
      row.lease_owner,
      row.lease_until === null ? null : Number(row.lease_until),
    ]);
  }

  test('a row the writer rewrites keeps its lease while it stays leased; a row written leased anew takes the writer’s', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    await saveUrls(db, id, [queued(0), queued(1), queued(2)]);
    await leaseQueued(db, id, { limit: 2, owner: 'w1', until: 10_000 });
    // w2's writer writes 0 and 1 leased (their seq and depth), 2 answered, and a new URL 3 leased.
    await writeCrawlBatch(db, id, {
      urls: [
        { ...queued(0), state: URL_STATE.leased },
        { ...queued(1), state: URL_STATE.leased },
        { ...queued(2), state: URL_STATE.done, status: 200 },
        { ...queued(3), state: URL_STATE.leased },
      ],
      records: [],
      lease: { owner: 'w2', until: 50_000 },
    });
    expect(await leases(id)).toEqual([
      [0, URL_STATE.leased, 'w1', 10_000],
      [1, URL_STATE.leased, 'w1', 10_000],
      [2, URL_STATE.done, null, null],
      [3, URL_STATE.leased, 'w2', 50_000],
    ]);
    // Answered: the lease goes with it.
    await saveUrls(db, id, [{ ...queued(0), state: URL_STATE.done, status: 200 }], { owner: 'w2', until: 60_000 });
    expect((await leases(id))[0]).toEqual([0, URL_STATE.done, null, null]);
  });

  test('an owner renews only its own leases; a new try takes back its own and the expired, never another owner’s live lease', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    await saveUrls(db, id, [0, 1, 2, 3, 4].map(queued));
    await leaseQueued(db, id, { limit: 2, owner: 'w1', until: 10_000 });
    await leaseQueued(db, id, { limit: 2, owner: 'w2', until: 10_000 });
    await leaseQueued(db, id, { limit: 1, owner: 'audit', until: 10_000 });
    expect(await renewLeases(db, id, { owner: 'w1', until: 30_000 })).toBe(2);
    // At 20,000: w1 renewed (held), w2 ran out (back), `audit` is the taker's own dead try (back).
    expect(await requeueLeases(db, id, { owner: 'audit', now: 20_000 })).toBe(3);
    expect(await leases(id)).toEqual([
      [0, URL_STATE.leased, 'w1', 30_000],
      [1, URL_STATE.leased, 'w1', 30_000],
      [2, URL_STATE.queued, null, null],
      [3, URL_STATE.queued, null, null],
      [4, URL_STATE.queued, null, null],
    ]);
    // w1 renews what it still holds only: rows taken back stay queued.
    expect(await renewLeases(db, id, { owner: 'w1', until: 40_000 })).toBe(2);
    expect(await renewLeases(db, id, { owner: 'w2', until: 40_000 })).toBe(0);
    expect((await leaseQueued(db, id, { limit: 10, owner: 'w3', until: 50_000 })).map((url) => url.id)).toEqual([
      2, 3, 4,
    ]);
  });
});
