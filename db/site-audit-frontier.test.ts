import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { claimAnalysis, enqueueUrls } from './site-audit-frontier.ts';
import { dropCrawlStore } from './site-audit-drop.ts';
import { insertSiteAudit } from './site-audits.ts';
import { leaseQueued } from './site-audit-leases.ts';
import { readUrls, saveUrls, URL_STATE } from './site-audit-urls.ts';

const ORIGIN = 'https://shop.example';
const at = (path: string) => `${ORIGIN}${path}`;

describe.each(DIALECTS)('the shared frontier on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(): Promise<string> {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, { id: 'a1', visitor: 'v', url: at('/'), createdAt: '2026-11-29T06:00:00.000Z' });
    return 'a1';
  }

  test('a URL enters once, with the next id and (queued) the next place in line, whoever finds it', async () => {
    const id = await audit();
    const first = await enqueueUrls(db, id, [
      { url: at('/'), depth: 0, queued: true },
      { url: at('/a'), depth: 1, queued: true },
      { url: at('/a'), depth: 1, queued: true },
      { url: at('/private'), depth: 1, queued: false },
    ]);
    expect([...first]).toEqual([
      [at('/'), { id: 0, added: true }],
      [at('/a'), { id: 1, added: true }],
      [at('/private'), { id: 2, added: true }],
    ]);
    const second = await enqueueUrls(db, id, [
      { url: at('/b'), depth: 2, queued: true },
      { url: at('/a'), depth: 2, queued: true },
    ]);
    expect([...second]).toEqual([
      [at('/b'), { id: 3, added: true }],
      [at('/a'), { id: 1, added: false }],
    ]);
    const rows = await readUrls(db, id, { afterId: -1, limit: 10 });
    expect(rows.map((row) => [row.id, row.url, row.state, row.seq, row.depth])).toEqual([
      [0, at('/'), URL_STATE.queued, 0, 0],
      [1, at('/a'), URL_STATE.queued, 1, 1],
      [2, at('/private'), URL_STATE.known, null, 1],
      [3, at('/b'), URL_STATE.queued, 2, 2],
    ]);
    // The counters go with the crawl store: a new crawl of the audit starts at id 0.
    await dropCrawlStore(db, id);
    expect([...(await enqueueUrls(db, id, [{ url: at('/b'), depth: 0, queued: true }]))]).toEqual([
      [at('/b'), { id: 0, added: true }],
    ]);
  });

  test('a URL longer than an index entry may be (~2.7 KB on PostgreSQL) enters by its key, once', async () => {
    const id = await audit();
    const long = at(`/search?q=${'x'.repeat(6000)}`);
    expect([...(await enqueueUrls(db, id, [{ url: long, depth: 1, queued: true }]))]).toEqual([
      [long, { id: 0, added: true }],
    ]);
    expect([...(await enqueueUrls(db, id, [{ url: long, depth: 2, queued: true }]))]).toEqual([
      [long, { id: 0, added: false }],
    ]);
    expect((await readUrls(db, id, { afterId: -1, limit: 10 })).map((row) => row.url)).toEqual([long]);
  });

  test('workers enqueuing at once: every URL has one id, the ids run 0..n-1 without a gap', async () => {
    const id = await audit();
    const urls = Array.from({ length: 60 }, (_, index) => at(`/p${index}`));
    // Four workers, each finding an overlapping half of the site in its own order.
    const found = [0, 1, 2, 3].map((worker) =>
      urls
        .filter((_, index) => (index + worker) % 4 !== 0)
        .slice(worker * 5)
        .map((url) => ({ url, depth: 1, queued: true })),
    );
    const answers = await Promise.all(found.map((batch) => enqueueUrls(db, id, batch)));
    const rows = await readUrls(db, id, { afterId: -1, limit: 100 });
    const entered = new Set(found.flat().map((entry) => entry.url));
    expect(rows.map((row) => row.id)).toEqual([...entered].map((_, index) => index));
    expect(new Set(rows.map((row) => row.url))).toEqual(entered);
    expect(new Set(rows.map((row) => row.seq))).toEqual(new Set(rows.map((row) => row.id)));
    const idOf = new Map(rows.map((row) => [row.url, row.id]));
    for (const answer of answers) for (const [url, { id: given }] of answer) expect(given).toBe(idOf.get(url));
    // Each URL was added by exactly one of the calls.
    const added = answers.flatMap((answer) => [...answer].filter(([, entry]) => entry.added).map(([url]) => url));
    expect(added.sort()).toEqual([...entered].sort());
  });

  test('the analysis is claimed once, only when nothing waits and nothing is leased', async () => {
    const id = await audit();
    await enqueueUrls(db, id, [
      { url: at('/'), depth: 0, queued: true },
      { url: at('/x'), depth: 1, queued: false },
    ]);
    expect(await claimAnalysis(db, id, 'w1')).toBe(false);
    const [leased] = await leaseQueued(db, id, { limit: 5, owner: 'w1', until: 10_000 });
    expect(await claimAnalysis(db, id, 'w2')).toBe(false);
    const [row] = await readUrls(db, id, { afterId: -1, limit: 1 });
    await saveUrls(db, id, [{ ...row, id: leased.id, state: URL_STATE.done, status: 200 }]);
    const claims = await Promise.all(['w1', 'w2', 'w3'].map((owner) => claimAnalysis(db, id, owner)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimAnalysis(db, id, 'w1')).toBe(false);
  });
});
