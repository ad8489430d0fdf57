import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { readRecords, readStrings, STRING_KIND } from '#db/site-audit-records.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { readUrls, URL_STATE, urlStateCounts } from '#db/site-audit-urls.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedSite } from '#test/fixtures/site-audit-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { runSiteAudit } from './audit.ts';
import { decodeRecord, nodeOf } from './record-codec.ts';
import type { UrlNode } from './store.ts';

/** What the crawl store holds of an audit, as nodes with their records. */
async function storedNodes(db: Db, auditId: string): Promise<UrlNode[]> {
  const records = new Map(
    (await readRecords(db, auditId, { afterId: -1, limit: 100_000 })).map((row) => [row.id, decodeRecord(row.record)]),
  );
  return (await readUrls(db, auditId, { afterId: -1, limit: 100_000 })).map((url) =>
    nodeOf(url, records.get(url.id) ?? null),
  );
}

/** The in-memory fetcher, with /hang held until `release()`: `requested` resolves when it is asked for. */
function holdingFetcher(site: FixtureSite, origin: string) {
  const inner = createInMemoryFetcher(site, origin);
  let requested!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetcher: CrawlFetcher = {
    fetch: inner.fetch,
    async stream(url, options) {
      if (url.endsWith('/hang')) {
        requested();
        await released;
      }
      return inner.stream(url, options);
    },
  };
  return { fetcher, asked, release };
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
    const paths = [...Array.from({ length: 11 }, (_, n) => `/p${n + 1}`), '/hang'];
    const site: FixtureSite = (path) =>
      path === '/' || paths.includes(path)
        ? html(auditPage(path, { social: false, links: path === '/' ? paths : [] }))
        : undefined;
    const held = holdingFetcher(site, origin);
    const running = runSiteAudit({
      startUrl: `${origin}/`,
      fetcher: held.fetcher,
      limits: { concurrency: 1 },
      crawlStore: { db, auditId, batchPages: 5 },
    });
    await held.asked;
    // 12 answered before /hang: two batches of 5 are stored; /p10 and /p11 wait for the next.
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 3, leased: 0, done: 10 });
    expect(
      (await readUrls(db, auditId, { afterId: -1, limit: 100 }))
        .filter((url) => url.state === URL_STATE.queued)
        .map((url) => url.url.slice(origin.length)),
    ).toEqual(['/p10', '/p11', '/hang']);
    expect((await readRecords(db, auditId, { afterId: -1, limit: 100 })).length).toBe(10);
    held.release();
    const outcome = await running;
    expect(await storedNodes(db, auditId)).toStrictEqual(outcome.nodes);
    expect(await urlStateCounts(db, auditId)).toEqual({ known: 0, queued: 0, leased: 0, done: 13 });
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
