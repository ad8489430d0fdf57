import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { queuedUrl } from '#test/helpers/stored-urls.ts';
import type { Db } from './index.ts';
import { saveExternalChecks } from './site-audit-external-checks.ts';
import { EDGE_KIND, edgesFrom } from './site-audit-edges.ts';
import { dropCrawlStore } from './site-audit-drop.ts';
import {
  readCrawlFacts,
  readRecords,
  readStrings,
  recordsOf,
  STRING_KIND,
  writeCrawlBatch,
  type StoredRecord,
} from './site-audit-records.ts';
import { EMPTY_AUDIT_RESULT } from '#test/helpers/site-audit-rows.ts';
import { completeSiteAudit, finishSiteAudit, insertSiteAudit, markRunning, pruneSiteAudits } from './site-audits.ts';
import { leaseQueued, requeueLeases } from './site-audit-leases.ts';
import { readUrls, saveUrls, URL_STATE, URL_WRITE_BATCH, urlStateCounts, type StoredUrl } from './site-audit-urls.ts';

const ORIGIN = 'https://shop.example';

/** A URL as the crawl meets it: queued in order `seq`, nothing answered yet. */
const queued = (id: number, path = `/p${id}`): StoredUrl => queuedUrl(ORIGIN, id, path);

function record(id: number, title: string | null): StoredRecord {
  return {
    id,
    record: JSON.stringify({ title, words: 300, future: { lcpMs: 1200, axeRules: ['image-alt'] } }),
    indexable: true,
    noindex: false,
    title,
    description: null,
    h1: `Heading ${id}`,
    textHash: `hash-${id}`,
    words: 300,
    canonicalId: null,
    metaFlags: 0x1f00 + id,
    htmlBytes: 2048 + id,
  };
}

describe.each(DIALECTS)('a running audit’s URLs and page records on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(id = 'a1'): Promise<string> {
    await insertSiteAudit(db, { id, visitor: 'v', url: `${ORIGIN}/`, createdAt: '2026-11-29T06:00:00.000Z' });
    return id;
  }

  test('URLs are leased in queue order, each once, and a lease that runs out puts its URLs back in line', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    // Queued out of id order: the queue order is seq, not id.
    const urls = [queued(0, '/'), queued(1), queued(2), queued(3), queued(4)];
    urls[3].seq = -1;
    urls[4] = { ...urls[4], state: URL_STATE.known, seq: null, skipped: 'robots' };
    await saveUrls(db, id, urls);
    const first = await leaseQueued(db, id, { limit: 2, owner: 'w1', until: 10_000 });
    expect(first.map((url) => url.id)).toEqual([3, 0]);
    const second = await leaseQueued(db, id, { limit: 10, owner: 'w2', until: 20_000 });
    expect(second).toEqual([
      { id: 1, url: `${ORIGIN}/p1`, depth: 1, start: false },
      { id: 2, url: `${ORIGIN}/p2`, depth: 1, start: false },
    ]);
    expect(await leaseQueued(db, id, { limit: 10, owner: 'w3', until: 30_000 })).toEqual([]);
    expect(await urlStateCounts(db, id)).toEqual({ known: 1, queued: 0, leased: 4, done: 0 });
    // w1's lease ends at 10,000: at 15,000 its two URLs wait again, w2's do not.
    expect(await requeueLeases(db, id, { owner: 'w3', now: 15_000 })).toBe(2);
    expect((await leaseQueued(db, id, { limit: 10, owner: 'w3', until: 40_000 })).map((url) => url.id)).toEqual([3, 0]);
  });

  test('a batch stores the URLs it answered with their records; every field reads back as written', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    const start: StoredUrl = {
      ...queued(0, '/'),
      state: URL_STATE.done,
      start: true,
      depth: 0,
      status: 200,
      ttfbMs: 12.5,
      contentType: 'text/html; charset=utf-8',
      bytes: 5120,
      inSitemap: true,
    };
    const moved: StoredUrl = {
      ...queued(1, '/old'),
      state: URL_STATE.done,
      status: 301,
      redirectTo: 2,
      loadedAs: 4,
      htmlMislabelled: true,
    };
    const failed: StoredUrl = { ...queued(2, '/new'), state: URL_STATE.done, error: 'timed out after 15 s' };
    await saveUrls(db, id, [queued(0, '/'), queued(1, '/old'), queued(2, '/new')]);
    await leaseQueued(db, id, { limit: 3, owner: 'w1', until: 1 });
    await writeCrawlBatch(db, id, { urls: [start, moved, failed], records: [record(0, 'Home')] });
    expect(await readUrls(db, id, { afterId: -1, limit: 10 })).toEqual([start, moved, failed]);
    expect(await readRecords(db, id, { afterId: -1, limit: 10 })).toEqual([record(0, 'Home')]);
    // Written again (a page fetched again after a crash): the row is replaced, not doubled; no lease is left.
    await writeCrawlBatch(db, id, { urls: [start], records: [record(0, 'Home again')] });
    expect(await recordsOf(db, id, [0, 1, 0])).toEqual([record(0, 'Home again')]);
    expect(await requeueLeases(db, id, { owner: 'w1', now: Number.MAX_SAFE_INTEGER })).toBe(0);
  });

  test('a batch that fails stores nothing of itself', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    const bad = { ...record(1, 'x'), textHash: null as unknown as string };
    await expect(
      writeCrawlBatch(db, id, { urls: [{ ...queued(1), state: URL_STATE.done }], records: [bad] }),
    ).rejects.toThrow();
    expect(await readUrls(db, id, { afterId: -1, limit: 10 })).toEqual([]);
  });

  test('cursors page through many URLs and records, however long a URL', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit();
    const count = URL_WRITE_BATCH * 2 + 7;
    const urls = Array.from({ length: count }, (_, n) => queued(n));
    // Longer than a PostgreSQL index entry may be (~2.7 KB): no index holds the URL.
    urls[5] = queued(5, `/search?q=${'x'.repeat(6000)}`);
    await writeCrawlBatch(db, id, {
      urls,
      records: urls.map((url) => record(url.id, `Title ${url.id}`)),
    });
    const seen: number[] = [];
    for (let afterId = -1; ;) {
      const page = await readUrls(db, id, { afterId, limit: 150 });
      if (page.length === 0) break;
      seen.push(...page.map((url) => url.id));
      afterId = page.at(-1)!.id;
    }
    expect(seen).toEqual(urls.map((url) => url.id));
    const records = await readRecords(db, id, { afterId: 399, limit: 100 });
    expect(records.map((row) => row.id)).toEqual([400, 401, 402, 403, 404, 405, 406]);
    expect((await readUrls(db, id, { afterId: 4, limit: 1 }))[0]!.url).toBe(urls[5].url);
  });

  test('the store goes with its audit: deleted with it, by itself, and apart from other audits', async () => {
    db = await openTestDatabase(dialect);
    const one = await audit('one');
    const two = await audit('two');
    for (const auditId of [one, two])
      await writeCrawlBatch(db, auditId, { urls: [queued(0, '/')], records: [record(0, auditId)] });
    await dropCrawlStore(db, one);
    expect(await readUrls(db, one, { afterId: -1, limit: 10 })).toEqual([]);
    expect((await readRecords(db, two, { afterId: -1, limit: 10 })).map((row) => row.title)).toEqual(['two']);
    await finishSiteAudit(db, two, { status: 'failed', error: 'x', finishedAt: '2026-11-29T07:00:00.000Z' });
    expect(await pruneSiteAudits(db, 0)).toBe(1);
    expect(await readRecords(db, two, { afterId: -1, limit: 10 })).toEqual([]);
    expect(await urlStateCounts(db, two)).toEqual({ known: 0, queued: 0, leased: 0, done: 0 });
  });

  test('a try that starts again, an audit that fails and an audit saved as done each drop their crawl store, edges and bands too', async () => {
    db = await openTestDatabase(dialect);
    const ids = ['again', 'failed', 'done', 'other'];
    for (const auditId of ids) {
      await audit(auditId);
      await markRunning(db, auditId, '2026-11-29T06:00:01.000Z');
      await writeCrawlBatch(db, auditId, {
        urls: [queued(0, '/')],
        records: [record(0, auditId)],
        edges: [{ kind: EDGE_KIND.link, source: 0, target: 1 }],
        externalLinks: [{ target: 0, source: 0, seq: 0, cell: 0 }],
        strings: [
          { kind: STRING_KIND.anchor, id: 0, value: 'Home' },
          { kind: STRING_KIND.external, id: 0, value: 'https://elsewhere.example/' },
        ],
      });
      // The near-duplicate bands the analysis cuts (store-analysis/near-duplicates.ts).
      await db
        .insertInto('site_audit_bands')
        .values({ audit_id: auditId, band: 0, key: Buffer.alloc(32), id: 0 })
        .execute();
      await saveExternalChecks(db, auditId, [{ kind: 'ok' }]);
    }
    expect(await readStrings(db, 'other', STRING_KIND.external)).toEqual(['https://elsewhere.example/']);
    const stored = async (auditId: string) => (await readUrls(db, auditId, { afterId: -1, limit: 10 })).length;
    await markRunning(db, 'again', '2026-11-29T06:05:00.000Z');
    await finishSiteAudit(db, 'failed', { status: 'failed', error: 'x', finishedAt: '2026-11-29T07:00:00.000Z' });
    await completeSiteAudit(db, 'done', EMPTY_AUDIT_RESULT);
    expect(await Promise.all(ids.map(stored))).toEqual([0, 0, 0, 1]);
    expect((await readRecords(db, 'done', { afterId: -1, limit: 10 })).length).toBe(0);
    expect(await readStrings(db, 'done', STRING_KIND.anchor)).toEqual([]);
    expect(await readStrings(db, 'other', STRING_KIND.anchor)).toEqual(['Home']);
    const edges = async (auditId: string) => (await edgesFrom(db, auditId, EDGE_KIND.link, [0])).length;
    expect(await Promise.all(ids.map(edges))).toEqual([0, 0, 0, 1]);
    const bands = async (auditId: string) =>
      (await db.selectFrom('site_audit_bands').select('id').where('audit_id', '=', auditId).execute()).length;
    expect(await Promise.all(ids.map(bands))).toEqual([0, 0, 0, 1]);
    const rowsOf = async (table: 'site_audit_external_checks' | 'site_audit_external_links', auditId: string) =>
      (await db.selectFrom(table).select('audit_id').where('audit_id', '=', auditId).execute()).length;
    expect(await Promise.all(ids.map((auditId) => rowsOf('site_audit_external_checks', auditId)))).toEqual([
      0, 0, 0, 1,
    ]);
    expect(await Promise.all(ids.map((auditId) => rowsOf('site_audit_external_links', auditId)))).toEqual([0, 0, 0, 1]);
  });

  test('a try that starts again keeps a store that can carry on (its crawl facts written), and drops it once the audit ends', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('resumable');
    await markRunning(db, auditId, '2026-11-29T06:00:01.000Z');
    await writeCrawlBatch(db, auditId, { urls: [queued(0, '/'), queued(1)], records: [record(0, 'Home')] });
    // No facts yet (the start page's sitemaps not read): a later batch brings them, replacing older ones.
    expect(await readCrawlFacts(db, auditId)).toBeUndefined();
    await writeCrawlBatch(db, auditId, { urls: [], records: [], crawl: '{"elapsedMs":1}' });
    await writeCrawlBatch(db, auditId, { urls: [queued(2)], records: [], crawl: '{"elapsedMs":2}' });
    await db
      .insertInto('site_audit_issues')
      .values({
        audit_id: auditId,
        type: 'thin-content',
        url: `${ORIGIN}/`,
        severity: 'notice',
        detail: '',
        links: null,
      })
      .execute();
    expect(await markRunning(db, auditId, '2026-11-29T06:05:00.000Z')).toBe(true);
    expect(await readCrawlFacts(db, auditId)).toBe('{"elapsedMs":2}');
    expect((await readUrls(db, auditId, { afterId: -1, limit: 10 })).map((url) => url.id)).toEqual([0, 1, 2]);
    expect((await readRecords(db, auditId, { afterId: -1, limit: 10 })).map((row) => row.title)).toEqual(['Home']);
    expect(await db.selectFrom('site_audit_issues').selectAll().where('audit_id', '=', auditId).execute()).toEqual([]);
    await finishSiteAudit(db, auditId, { status: 'cancelled', error: 'x', finishedAt: '2026-11-29T07:00:00.000Z' });
    expect(await readCrawlFacts(db, auditId)).toBeUndefined();
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 0, done: 0 });
  });
});
