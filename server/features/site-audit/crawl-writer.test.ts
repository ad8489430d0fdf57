import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { readRecords, readStrings, STRING_KIND } from '#db/site-audit-records.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { readQueued, readUrls, URL_STATE, urlStateCounts } from '#db/site-audit-urls.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedSite } from '#test/fixtures/site-audit-site.ts';
import { storedNodes } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { runSiteAudit } from './audit.ts';
import type { CrawlStoreTarget } from './crawl-writer.ts';
import { loadResumedCrawl } from './resume.ts';
import type { UrlStore } from './store.ts';

/**
 * The in-memory fetcher, with /hang held until `release()` (never, with `hold: false`): `requested`
 * resolves when it is asked for. `fetched` lists every URL asked for, in order.
 */
function holdingFetcher(site: FixtureSite, origin: string, hold = true) {
  const inner = createInMemoryFetcher(site, origin);
  let requested!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetched: string[] = [];
  const fetcher: CrawlFetcher = {
    fetch(url, options) {
      fetched.push(url.slice(origin.length));
      return inner.fetch(url, options);
    },
    async stream(url, options) {
      fetched.push(url.slice(origin.length));
      if (hold && url.endsWith('/hang')) {
        requested();
        await released;
      }
      return inner.stream(url, options);
    },
  };
  return { fetcher, asked, release, fetched };
}

/** A start page linking /p1 … /p11 and /hang, each a page with no links. */
function elevenAndHang(): FixtureSite {
  const paths = [...Array.from({ length: 11 }, (_, n) => `/p${n + 1}`), '/hang'];
  return (path) =>
    path === '/' || paths.includes(path)
      ? html(auditPage(path, { social: false, links: path === '/' ? paths : [] }))
      : undefined;
}

/** An audit of `site` into a crawl store, one fetch at a time, once it has asked for /hang (held). */
async function heldAudit(site: FixtureSite, origin: string, crawlStore: CrawlStoreTarget) {
  const held = holdingFetcher(site, origin);
  const running = runSiteAudit({
    startUrl: `${origin}/`,
    fetcher: held.fetcher,
    limits: { concurrency: 1 },
    crawlStore,
  });
  await held.asked;
  return { held, running };
}

describe.each(DIALECTS)('the crawl store on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(id: string): Promise<string> {
    await insertSiteAudit(db, { id, visitor: 'v', url: 'https://x.example/', createdAt: '2026-11-29T06:00:00Z' });
    return id;
  }

  test('a batch is written every 5 answers while the crawl runs, before the crawl goes on', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('held');
    const origin = 'https://held.example';
    const site = elevenAndHang();
    const { held, running } = await heldAudit(site, origin, { db, auditId, batchPages: 5 });
    // 12 answered before /hang: two batches of 5 are stored; /p10 and /p11 wait for the next. The crawl
    // leased what the first batch queued (decision 0064): in queue order, one link from the start page.
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 3, done: 10 });
    expect(
      (await readUrls(db, auditId, { afterId: -1, limit: 100 }))
        .filter((url) => url.state === URL_STATE.leased)
        .sort((a, b) => a.seq! - b.seq!)
        .map((url) => [url.url.slice(origin.length), url.depth]),
    ).toEqual([
      ['/p10', 1],
      ['/p11', 1],
      ['/hang', 1],
    ]);
    expect((await readRecords(db, auditId, { afterId: -1, limit: 100 })).length).toBe(10);
    held.release();
    const outcome = await running;
    expect(await storedNodes(db, auditId)).toStrictEqual(outcome.nodes);
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 0, done: 13 });
  });

  test('streamed from the store, a page record leaves memory once its batch is written: memory holds only the batch being filled', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('released');
    const origin = 'https://released.example';
    const site = elevenAndHang();
    const held = holdingFetcher(site, origin);
    let store!: UrlStore;
    const running = runSiteAudit({
      startUrl: `${origin}/`,
      fetcher: held.fetcher,
      limits: { concurrency: 1 },
      crawlStore: { db, auditId, batchPages: 5 },
      siteChecks: 'store',
      urlStore: (made) => (store = made),
    });
    await held.asked;
    const inMemory = () =>
      store.nodes.filter((node) => node.page !== null).map((node) => node.url.slice(origin.length));
    // 12 pages answered, two batches of 5 stored: their records are the store's alone.
    expect((await readRecords(db, auditId, { afterId: -1, limit: 100 })).length).toBe(10);
    expect(inMemory()).toEqual(['/p10', '/p11']);
    held.release();
    const outcome = await running;
    expect(inMemory()).toEqual([]);
    expect(outcome.summary.pages).toBe(13);
    expect((await readRecords(db, auditId, { afterId: -1, limit: 100 })).length).toBe(13);
  });

  test('the queue read from the store a batch of 2 at a time: breadth-first, each URL stored with its place in line and its depth, the audit the one the queue in memory gives', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('frontier');
    const origin = 'https://frontier.example';
    const firsts = ['/a1', '/a2', '/a3', '/a4', '/a5'];
    const links = (path: string) =>
      path === '/' ? firsts : path === '/a5' ? [`${path}/b`, '/hang'] : firsts.includes(path) ? [`${path}/b`] : [];
    const site: FixtureSite = (path) =>
      path === '/' || path === '/hang' || firsts.includes(path) || path.endsWith('/b')
        ? html(auditPage(path, { social: false, links: links(path) }))
        : undefined;
    const { held, running } = await heldAudit(site, origin, { db, auditId, batchPages: 3, frontierBatch: 2 });
    const breadthFirst = ['/', ...firsts, ...firsts.map((path) => `${path}/b`), '/hang'];
    expect(held.fetched).toEqual(['/robots.txt', '/', '/sitemap.xml', ...breadthFirst.slice(1)]);
    // 11 answered before /hang: three batches of 3 stored, every URL met in them with its place and depth.
    const stored = await readUrls(db, auditId, { afterId: -1, limit: 100 });
    expect(
      stored.sort((a, b) => a.seq! - b.seq!).map((url) => [url.url.slice(origin.length), url.depth, url.state]),
    ).toEqual(
      breadthFirst.map((path, n) => [
        path,
        path === '/' ? 0 : path.endsWith('/b') || path === '/hang' ? 2 : 1,
        n < 9 ? URL_STATE.done : URL_STATE.leased,
      ]),
    );
    held.release();
    const outcome = await running;
    const inMemory = holdingFetcher(site, origin, false);
    const never = await runSiteAudit({ startUrl: `${origin}/`, fetcher: inMemory.fetcher, limits: { concurrency: 1 } });
    expect(held.fetched).toEqual(inMemory.fetched);
    expect(outcome.nodes).toStrictEqual(never.nodes);
    expect(outcome.issues).toStrictEqual(never.issues);
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 0, done: 12 });
  });

  test('a crawl whose process died carries on from the store: only what was not stored is fetched again, and it ends as a crawl never stopped', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('resumed');
    const origin = 'https://resumed.example';
    const paths = [...Array.from({ length: 11 }, (_, n) => `/p${n + 1}`), '/hang', '/after'];
    const site: FixtureSite = (path) =>
      path === '/' || paths.includes(path)
        ? html(auditPage(path, { social: false, links: path === '/' ? paths : ['/', '/p1'], title: 'Same title' }))
        : undefined;
    const dying = holdingFetcher(site, origin);
    const died = new AbortController();
    const first = runSiteAudit({
      startUrl: `${origin}/`,
      fetcher: dying.fetcher,
      limits: { concurrency: 1 },
      signal: died.signal,
      crawlStore: { db, auditId, batchPages: 5 },
    });
    await dying.asked;
    // Two batches stored; /p10, /p11 answered since, /hang in flight when the process dies, all leased.
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 4, done: 10 });
    const resume = (await loadResumedCrawl(db, auditId, { records: true }))!;
    // Without the records (an analysis from the store reads them there): the same crawl, no record in memory.
    const bare = (await loadResumedCrawl(db, auditId, { records: false }))!;
    const withoutRecords = (crawl: typeof resume) => ({
      ...crawl,
      nodes: crawl.nodes.map((node) => ({ ...node, page: null })),
    });
    expect(resume.nodes.filter((node) => node.page !== null)).toHaveLength(10);
    expect(bare.nodes.filter((node) => node.page !== null)).toEqual([]);
    expect(withoutRecords(bare)).toStrictEqual(withoutRecords(resume));
    // The dead try's leases wait again, in queue order.
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 4, leased: 0, done: 10 });
    expect(
      (await readQueued(db, auditId, { afterSeq: -1, limit: 100 })).map((item) => item.url.slice(origin.length)),
    ).toEqual(['/p10', '/p11', '/hang', '/after']);
    const again = holdingFetcher(site, origin, false);
    const resumed = await runSiteAudit({
      startUrl: `${origin}/`,
      fetcher: again.fetcher,
      limits: { concurrency: 1 },
      crawlStore: { db, auditId, batchPages: 5 },
      resume,
    });
    expect(again.fetched).toEqual(['/robots.txt', '/p10', '/p11', '/hang', '/after']);
    const never = await runSiteAudit({
      startUrl: `${origin}/`,
      fetcher: holdingFetcher(site, origin, false).fetcher,
      limits: { concurrency: 1 },
    });
    expect(resumed.nodes).toStrictEqual(never.nodes);
    expect(resumed.issues).toStrictEqual(never.issues);
    expect(resumed.issues.filter((issue) => issue.type === 'title-duplicate')).toHaveLength(paths.length + 1);
    expect(resumed.summary).toStrictEqual(never.summary);
    // The first try, gone with its process, is let go: stopped, it writes nothing more (its pages cut off
    // and its queue closed never reach the store).
    died.abort();
    dying.release();
    await first;
    expect(await storedNodes(db, auditId)).toStrictEqual(resumed.nodes);
  });

  test('once the crawl is over the store holds every URL and page record of the planted site, as the audit has them', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('planted');
    const canary = await startLoopbackServer((_req, res) => res.end('canary'));
    const served = await serveFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }));
    try {
      const outcome = await runSiteAudit({
        startUrl: `${served.origin}/`,
        fetcher: createSafeFetcher({
          allowPrivate: [served.hostPort],
          userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
        }),
        crawlStore: { db, auditId, batchPages: 7 },
      });
      const stored = await storedNodes(db, auditId);
      expect(stored).toStrictEqual(outcome.nodes);
      // The numbers in the records' links mean the same strings read back.
      expect(await readStrings(db, auditId, STRING_KIND.anchor)).toEqual(outcome.strings.anchors);
      expect(await readStrings(db, auditId, STRING_KIND.external)).toEqual(outcome.strings.externals);
      expect(outcome.strings.externals.length).toBeGreaterThan(0);
      const counts = await urlStateCounts(db, auditId);
      expect(counts.done).toBe(outcome.nodes.filter((node) => node.status > 0 || node.error !== null).length);
      expect(counts.known).toBe(outcome.nodes.filter((node) => node.skipped !== null && node.status === 0).length);
    } finally {
      await served.close();
      await canary.close();
    }
  });
});
