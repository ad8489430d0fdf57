import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { releaseHostSlot, takeHostSlot, type HostSlotClaim } from './site-audit-host-slots.ts';
import { dropCrawlStore } from './site-audit-drop.ts';
import { insertSiteAudit } from './site-audits.ts';

const HOST = 'shop.example';

describe.each(DIALECTS)('a shared audit’s host places on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(): Promise<string> {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, {
      id: 'a1',
      visitor: 'v',
      url: `https://${HOST}/`,
      createdAt: '2026-11-29T06:00:00.000Z',
    });
    return 'a1';
  }

  const claim = (owner: string, now: number, places = 2): HostSlotClaim => ({
    host: HOST,
    places,
    owner,
    now,
    leaseMs: 60_000,
  });

  test('a host’s places are held by one fetch each, across workers; one given back is free again', async () => {
    const id = await audit();
    expect(await takeHostSlot(db, id, claim('w1', 1_000))).toEqual({ slot: 0 });
    expect(await takeHostSlot(db, id, claim('w2', 1_000))).toEqual({ slot: 1 });
    expect(await takeHostSlot(db, id, claim('w1', 1_000))).toEqual({ slot: null, waitMs: null });
    // Another host of the audit has places of its own.
    expect(await takeHostSlot(db, id, { ...claim('w1', 1_000), host: 'cdn.shop.example' })).toEqual({ slot: 0 });
    // Only the holder gives a place back.
    expect(await releaseHostSlot(db, id, { host: HOST, slot: 1, owner: 'w1', now: 2_000, gapMs: 0 })).toBe(false);
    expect(await releaseHostSlot(db, id, { host: HOST, slot: 1, owner: 'w2', now: 2_000, gapMs: 0 })).toBe(true);
    expect(await takeHostSlot(db, id, claim('w1', 2_000))).toEqual({ slot: 1 });
    // w1 holds 0 and 1; slot 0's lease runs out at 61,000 (a dead worker): then it is free.
    expect(await takeHostSlot(db, id, claim('w3', 61_001))).toEqual({ slot: 0 });
    await dropCrawlStore(db, id);
    expect(await takeHostSlot(db, id, claim('w3', 61_001))).toEqual({ slot: 0 });
  });

  test('a Crawl-delay holds for the whole audit: one place, and the next fetch by any worker waits out the delay', async () => {
    const id = await audit();
    expect(await takeHostSlot(db, id, claim('w1', 1_000, 1))).toEqual({ slot: 0 });
    expect(await takeHostSlot(db, id, claim('w2', 1_000, 1))).toEqual({ slot: null, waitMs: null });
    expect(await releaseHostSlot(db, id, { host: HOST, slot: 0, owner: 'w1', now: 1_500, gapMs: 5_000 })).toBe(true);
    expect(await takeHostSlot(db, id, claim('w2', 2_000, 1))).toEqual({ slot: null, waitMs: 4_500 });
    expect(await takeHostSlot(db, id, claim('w2', 6_500, 1))).toEqual({ slot: 0 });
  });

  test('workers taking at once: no more fetches hold a host than it has places', async () => {
    const id = await audit();
    const answers = await Promise.all(
      ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((owner) => takeHostSlot(db, id, claim(owner, 1_000, 3))),
    );
    const taken = answers.flatMap((answer) => (answer.slot === null ? [] : [answer.slot]));
    expect(taken.sort()).toEqual([0, 1, 2]);
  });
});
