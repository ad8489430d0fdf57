import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { saveUrls } from '#db/site-audit-urls.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { queuedUrl } from '#test/helpers/stored-urls.ts';
import { createStoredQueue, FRONTIER_LEASE_MS, LEASE_RENEW_MS } from './stored-queue.ts';

const ORIGIN = 'https://shop.example';

describe.each(DIALECTS)('the stored queue’s leases on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function leases() {
    const rows = await db
      .selectFrom('site_audit_urls')
      .select(['id', 'lease_owner', 'lease_until'])
      .where('audit_id', '=', 'a1')
      .orderBy('id')
      .execute();
    return rows.map((row) => [row.id, row.lease_owner, row.lease_until === null ? null : Number(row.lease_until)]);
  }

  test('the leases a crawl holds are renewed while it runs, in its owner’s name, and none renewed before it is due', async () => {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, { id: 'a1', visitor: 'v', url: `${ORIGIN}/`, createdAt: '2026-11-29T06:00:00.000Z' });
    const urls = [0, 1, 2, 3, 4, 5].map((id) => queuedUrl(ORIGIN, id));
    await saveUrls(db, 'a1', urls);
    let now = 1_000;
    const queue = createStoredQueue({
      db,
      auditId: 'a1',
      batch: 4,
      owner: 'part-1',
      idOf: (url) => Number(url.slice(`${ORIGIN}/p`.length)),
      settled: () => Promise.resolve(),
      resumed: { queued: urls.map(({ id, depth }) => ({ id, seq: id, depth })), nextSeq: 6 },
      now: () => now,
    });
    await queue.refill();
    const until = 1_000 + FRONTIER_LEASE_MS;
    // Four leased (the batch), two waiting; two handed out leave half the batch, so no refill is due.
    const held = (by: number) => [...[0, 1, 2, 3].map((id) => [id, 'part-1', by]), [4, null, null], [5, null, null]];
    expect(await leases()).toEqual(held(until));
    // Asked for work before a renewal is due: the lease stands.
    now += LEASE_RENEW_MS - 1;
    expect(queue.next()?.url).toBe(`${ORIGIN}/p0`);
    expect(await leases()).toEqual(held(until));
    // Due: the next ask renews the four leases in the queue's name, a lease from now.
    now += 1;
    expect(queue.next()?.url).toBe(`${ORIGIN}/p1`);
    await vi.waitFor(async () => expect(await leases()).toEqual(held(until + LEASE_RENEW_MS)));
    expect(queue.lease()).toEqual({ owner: 'part-1', until: until + LEASE_RENEW_MS });
    queue.check();
  });
});
