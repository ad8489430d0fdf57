import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { dropCrawlStore } from './site-audit-drop.ts';
import {
  addReads,
  answerRead,
  answerReads,
  claimReads,
  closeReads,
  freeOwnReads,
  openReads,
  readsOpen,
  takeAnswers,
  type ReadClaim,
} from './site-audit-reads.ts';
import { insertSiteAudit, markRunning } from './site-audits.ts';

describe.each(DIALECTS)('a shared audit’s page reads on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(): Promise<string> {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, {
      id: 'a1',
      visitor: 'v',
      url: 'https://shop.example/',
      createdAt: '2026-11-30T01:00:00.000Z',
    });
    await markRunning(db, 'a1', '2026-11-30T01:00:01.000Z');
    return 'a1';
  }

  const rows = (...ids: number[]) =>
    ids.map((id) => ({ id, url: `https://shop.example/${id}`, request: `{"n":${id}}` }));
  const claim = (owner: string, now: number, limit = 10, extra: Partial<ReadClaim> = {}): ReadClaim => ({
    owner,
    now,
    leaseMs: 60_000,
    limit,
    ...extra,
  });
  const ids = (claimed: Array<{ id: number }>) => claimed.map((row) => row.id);

  test('pages go to one part each, in the order added; a lease that runs out is claimed again', async () => {
    const id = await audit();
    await openReads(db, id, 1);
    await addReads(db, id, rows(0, 1, 2, 3, 4), 5_000);
    expect(await claimReads(db, id, claim('part-1', 1_000, 2))).toEqual(rows(0, 1));
    expect(ids(await claimReads(db, id, claim('part-2', 1_000, 2)))).toEqual([2, 3]);
    // Nobody claimed 4 yet; the audit's job may read it itself only once its wait ran out (5,000).
    expect(await claimReads(db, id, claim('audit', 4_999, 10, { lapsedOnly: true }))).toEqual([]);
    expect(ids(await claimReads(db, id, claim('audit', 5_001, 10, { lapsedOnly: true })))).toEqual([4]);
    expect(await answerRead(db, id, { id: 1, owner: 'part-1', answer: Buffer.from('one') })).toBe(true);
    expect(await answerRead(db, id, { id: 0, owner: 'part-1', answer: Buffer.from('zero') })).toBe(true);
    // part-2 died: at 61,001 its lease (from 1,000) has run out and part-1 reads its pages.
    expect(await claimReads(db, id, claim('part-1', 61_000))).toEqual([]);
    expect(ids(await claimReads(db, id, claim('part-1', 61_001)))).toEqual([2, 3]);
    // Only the owner's answer lands.
    expect(await answerRead(db, id, { id: 2, owner: 'part-2', answer: Buffer.from('late') })).toBe(false);
    expect(await answerRead(db, id, { id: 2, owner: 'part-1', answer: Buffer.from('two') })).toBe(true);
    expect(await answerRead(db, id, { id: 2, owner: 'part-1', answer: Buffer.from('again') })).toBe(false);
    // Several at once: only those still the owner's and unanswered take their answer.
    expect(
      await answerReads(db, id, 'part-2', [
        { id: 3, answer: Buffer.from('three') },
        { id: 2, answer: Buffer.from('not') },
      ]),
    ).toBe(0);
    expect(
      await answerReads(db, id, 'part-1', [
        { id: 3, answer: Buffer.from('three') },
        { id: 2, answer: Buffer.from('not') },
      ]),
    ).toBe(1);
    // Answers are taken once, in order; an answered page is never claimed again.
    expect(await takeAnswers(db, id, 2)).toEqual([
      { id: 0, owner: 'part-1', answer: Buffer.from('zero') },
      { id: 1, owner: 'part-1', answer: Buffer.from('one') },
    ]);
    expect(await takeAnswers(db, id, 10)).toEqual([
      { id: 2, owner: 'part-1', answer: Buffer.from('two') },
      { id: 3, owner: 'part-1', answer: Buffer.from('three') },
    ]);
    expect(await takeAnswers(db, id, 10)).toEqual([]);
    expect(ids(await claimReads(db, id, claim('part-3', 200_000)))).toEqual([4]);
  });

  test('a part that starts again frees its own claims at once; another part’s stay', async () => {
    const id = await audit();
    await openReads(db, id, 1);
    await addReads(db, id, rows(0, 1, 2), 5_000);
    expect(ids(await claimReads(db, id, claim('part-1', 1_000, 2)))).toEqual([0, 1]);
    expect(ids(await claimReads(db, id, claim('part-2', 1_000, 2)))).toEqual([2]);
    await freeOwnReads(db, id, 'part-1');
    expect(ids(await claimReads(db, id, claim('part-1', 1_001)))).toEqual([0, 1]);
    expect(ids(await claimReads(db, id, claim('part-3', 1_001)))).toEqual([]);
  });

  test('the reads are open to the parts of one try while the audit runs; a later try drops what an earlier left', async () => {
    const id = await audit();
    expect(await readsOpen(db, id, 1)).toBe(false);
    await openReads(db, id, 1);
    await addReads(db, id, rows(0, 1), 5_000);
    expect(await readsOpen(db, id, 1)).toBe(true);
    await openReads(db, id, 2);
    expect(await readsOpen(db, id, 1)).toBe(false);
    expect(await readsOpen(db, id, 2)).toBe(true);
    expect(await claimReads(db, id, claim('part-1', 1_000))).toEqual([]);
    await addReads(db, id, rows(0), 5_000);
    await closeReads(db, id);
    expect(await readsOpen(db, id, 2)).toBe(false);
    expect(await claimReads(db, id, claim('part-1', 1_000))).toEqual([]);
    await openReads(db, id, 3);
    await addReads(db, id, rows(7), 5_000);
    await db.updateTable('site_audits').set({ status: 'cancelled' }).where('id', '=', id).execute();
    expect(await readsOpen(db, id, 3)).toBe(false);
    await dropCrawlStore(db, id);
    expect(await db.selectFrom('site_audit_reads').selectAll().execute()).toEqual([]);
  });

  test('parts claiming at once never share a page', async () => {
    const id = await audit();
    await openReads(db, id, 1);
    await addReads(db, id, rows(...Array.from({ length: 40 }, (_, n) => n)), 5_000);
    const claimed = await Promise.all(
      Array.from({ length: 8 }, (_, part) => claimReads(db, id, claim(`part-${part}`, 1_000, 5))),
    );
    const all = claimed.flatMap(ids).sort((a, b) => a - b);
    expect(new Set(all).size).toBe(all.length);
    // SQLite's writer takes them one after another: all 40 go out. PostgreSQL skips rows being claimed, so a
    // claim may come back short, never doubled.
    if (dialect === 'sqlite') expect(all).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });
});
