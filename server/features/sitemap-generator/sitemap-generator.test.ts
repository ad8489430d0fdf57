import { threadId } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { RULES_MAX_DEPTH, rulesSite, rulesSiteExpectation } from '#test/fixtures/crawl-rules-site.ts';
import { htmlPage, ok, serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { fileOf, makeSitemapGenerator as makeGenerator } from '#test/helpers/sitemap-generator.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { crawlJobId, SITEMAP_CRAWL_JOB, type CrawlOutcome } from './job.ts';
import type { SitemapEvent } from './service.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  /** The service on this suite's database. */
  const makeSitemapGenerator = (options: Parameters<typeof makeGenerator>[0] = {}) =>
    makeGenerator({ ...options, dialect });

  test('generate crawls the site, stores a valid sitemap and its record in the database', async () => {
    const site = await serveFixture(rulesSite);
    const { service, xmlOf, cleanup } = await makeSitemapGenerator({
      allowPrivate: [site.hostPort],
      settings: { maxDepth: RULES_MAX_DEPTH },
    });
    try {
      const result = await service.generate(`${site.origin}/`, 'alice');
      expect(result.sitemap).toMatch(
        /^\/api\/sitemaps\/files\/sitemap-127\.0\.0\.1-\d+-\d{8}-\d{6}-[0-9a-f]{32}\.xml$/,
      );
      const xml = await xmlOf(fileOf(result.sitemap));
      const parsed = parseSitemapXml(xml);
      expect(parsed.entries.map((entry) => entry.loc).sort()).toEqual(rulesSiteExpectation(site.origin).listed);
      expect(result.record).toMatchObject({
        url: `${site.origin}/`,
        pages: parsed.entries.length,
        sitemapPath: result.sitemap,
      });
      expect(result.reused).toBe(false);
      expect(await service.list('alice')).toEqual([result.record]);
      expect((await service.get(result.record._id))?.report).toMatchObject({
        pages: parsed.entries.length,
        stoppedBy: 'complete',
        skippedCounts: { robots: 1 },
      });
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('the crawl, the XML and the storing run in a job thread, never on the main thread', async () => {
    const site = await serveFixture(rulesSite);
    const { service, jobs, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const result = await service.generate(site.origin, 'alice');
      const state = await jobs.state(SITEMAP_CRAWL_JOB, crawlJobId(`${site.origin}/`));
      const outcome = state?.result as CrawlOutcome;
      expect(outcome).toMatchObject({ ok: true, sitemap: result.sitemap, record: result.record });
      expect(outcome.ok && outcome.threadId).toEqual(expect.any(Number));
      expect(outcome.ok && outcome.threadId).not.toBe(threadId);
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('a second request for the same URL (after normalising) joins the running crawl instead of starting another', async () => {
    const slowSite: FixtureSite = (path) =>
      path === '/' ? { ...ok(htmlPage({ links: ['/a'] })), delayMs: 150 } : path === '/a' ? ok(htmlPage()) : undefined;
    const site = await serveFixture(slowSite);
    const { service, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const [first, second] = await Promise.all([
        service.generate(`${site.origin}/`, 'alice'),
        service.generate(`${site.origin}/?utm_source=x#top`, 'bob'),
      ]);
      expect(second.sitemap).toBe(first.sitemap);
      expect([first.reused, second.reused]).toEqual([false, true]);
      expect(site.requests.filter((request) => request.path === '/')).toHaveLength(1);
      expect(await service.list('alice')).toEqual([first.record]);
      expect(await service.list('bob')).toEqual([first.record]);
      expect(await service.list('carol')).toEqual([]);
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('a request for another URL on a host being crawled gets its own crawl and a record of the URL it asked for', async () => {
    const site = await serveFixture((path) =>
      path === '/'
        ? ok(htmlPage({ links: ['/a'] }))
        : path === '/a'
          ? ok(htmlPage({ links: ['/b'] }))
          : path === '/b'
            ? ok(htmlPage())
            : undefined,
    );
    const { service, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const [first, second] = await Promise.all([
        service.generate(`${site.origin}/`, 'alice'),
        service.generate(`${site.origin}/b`, 'bob'),
      ]);
      expect([first.reused, second.reused]).toEqual([false, false]);
      expect(first.record.url).toBe(`${site.origin}/`);
      expect(second.record.url).toBe(`${site.origin}/b`);
      expect(second.sitemap).not.toBe(first.sitemap);
      expect(await service.list('alice')).toEqual([first.record]);
      expect(await service.list('bob')).toEqual([second.record]);
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('watch delivers progress while crawling and the sitemap path at the end', async () => {
    const site = await serveFixture(rulesSite);
    const { service, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const events: SitemapEvent[] = [];
      const watching = await service.watch(`${site.origin}/#watch`, (event) => events.push(event));
      expect(watching.running).toBe(false);
      const result = await service.generate(`${site.origin}/`, 'alice');
      watching.unsubscribe();
      expect(events[0]).toEqual({ type: 'progress', progress: { found: 0, queued: 1, skipped: 0 } });
      expect(events.at(-2)).toMatchObject({ type: 'progress', progress: { found: result.record.pages, queued: 0 } });
      expect(events.at(-1)).toEqual({ type: 'done', sitemap: result.sitemap, pages: result.record.pages });
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('bad URLs are 400, a start page that cannot be reached is 502, and nothing is stored', async () => {
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const { service, cleanup } = await makeSitemapGenerator({ allowPrivate: [closed.hostPort] });
    try {
      await expect(service.generate('not a url', 'alice')).rejects.toMatchObject({ kind: 'invalid-input' });
      await expect(service.generate(`${closed.origin}/`, 'alice')).rejects.toMatchObject({
        kind: 'upstream',
        message: expect.stringContaining('refused the connection'),
      });
      expect(await service.list('alice')).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  test('private addresses are refused with 400 unless explicitly allowed', async () => {
    const site = await serveFixture(rulesSite);
    const { service, cleanup } = await makeSitemapGenerator();
    try {
      await expect(service.generate(`${site.origin}/`, 'alice')).rejects.toMatchObject({ kind: 'invalid-input' });
      expect(site.requests).toHaveLength(0);
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('more crawls than SITEMAP_MAX_RUNNING at once are refused with 503 and Retry-After', async () => {
    const slow: FixtureSite = (path) => (path === '/' ? { ...ok(htmlPage()), delayMs: 200 } : undefined);
    const [a, b] = await Promise.all([serveFixture(slow), serveFixture(slow)]);
    const { service, cleanup } = await makeSitemapGenerator({
      allowPrivate: [a.hostPort, b.hostPort],
      settings: { maxRunning: 1 },
    });
    try {
      const first = service.generate(`${a.origin}/`, 'alice');
      await expect(service.generate(`${b.origin}/`, 'alice')).rejects.toMatchObject({
        kind: 'busy',
        retryAfterSeconds: 60,
      });
      await expect(first).resolves.toMatchObject({ record: { pages: 1 } });
    } finally {
      await cleanup();
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('SITEMAP_MAX_RUNNING is also the threads of a process: a second crawl in the queue waits for the first', async () => {
    const slow: FixtureSite = (path) => (path === '/' ? { ...ok(htmlPage()), delayMs: 300 } : undefined);
    const [a, b] = await Promise.all([serveFixture(slow), serveFixture(slow)]);
    const { jobs, cleanup } = await makeSitemapGenerator({
      allowPrivate: [a.hostPort, b.hostPort],
      settings: { maxRunning: 1 },
    });
    try {
      // Straight into the queue (the service would refuse the second): one runs, one waits.
      const ids: string[] = [];
      for (const site of [a, b]) {
        const start = `${site.origin}/`;
        const { id } = await jobs.enqueue(
          SITEMAP_CRAWL_JOB,
          { start, httpFallback: false, visitor: 'alice' },
          {
            id: crawlJobId(start),
          },
        );
        ids.push(id);
      }
      await expect.poll(() => jobs.counts(SITEMAP_CRAWL_JOB), { timeout: 15_000 }).toEqual({ queued: 1, active: 1 });
      await expect
        .poll(
          async () => (await Promise.all(ids.map((id) => jobs.state(SITEMAP_CRAWL_JOB, id)))).map((s) => s?.status),
          {
            timeout: 15_000,
          },
        )
        .toEqual(['completed', 'completed']);
      const [first, second] = [a, b].map((site) => site.requests.find((r) => r.path === '/')!.startedAt);
      expect(second - first).toBeGreaterThanOrEqual(300);
    } finally {
      await cleanup();
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('only the newest SITEMAP_KEEP sitemaps are kept, with their files', async () => {
    const site = await serveFixture((path) => (path === '/' ? ok(htmlPage()) : undefined));
    const { service, fileNames, cleanup } = await makeSitemapGenerator({
      allowPrivate: [site.hostPort],
      settings: { keep: 2 },
    });
    try {
      const made = [];
      for (let i = 0; i < 3; i += 1) made.push(await service.generate(`${site.origin}/`, 'alice'));
      expect((await service.list('alice')).map((record) => record._id)).toEqual([
        made[2].record._id,
        made[1].record._id,
      ]);
      // Each sitemap's XML and its HTML sitemap.
      expect((await fileNames()).sort()).toEqual(
        [made[1], made[2]].flatMap((one) => [one.sitemap, one.report.htmlSitemap].map((path) => fileOf(path))).sort(),
      );
      expect(await service.file(fileOf(made[0].sitemap))).toBeNull();
      expect(await service.file(fileOf(made[0].report.htmlSitemap))).toBeNull();
      expect(await service.file('../../etc/passwd')).toBeNull();
      expect(await service.file(fileOf(made[2].sitemap))).toMatchObject({
        content: expect.stringContaining('<urlset'),
        createdAt: made[2].record.createdAt,
      });
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('shutting down (the service, then the job system) stops a running crawl and its caller gets a 503', async () => {
    const slow: FixtureSite = (path) =>
      path === '/'
        ? ok(htmlPage({ links: ['/slow'] }))
        : path === '/slow'
          ? { ...ok(htmlPage()), delayMs: 8000 }
          : undefined;
    const site = await serveFixture(slow);
    const { service, stop, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const pending = service.generate(`${site.origin}/`, 'alice');
      // A job thread starting from source takes a moment (tsx).
      await expect.poll(() => site.requests.some((r) => r.path === '/slow'), { timeout: 15_000 }).toBe(true);
      const answered = expect(pending).rejects.toMatchObject({
        kind: 'busy',
        message: 'The server is restarting; please try again in a minute.',
      });
      // The job system's close waits for the crawl's thread to stop (or ends the thread).
      await stop();
      await answered;
      expect(await service.list('alice')).toEqual([]);
      await expect(service.generate(`${site.origin}/`, 'bob')).rejects.toMatchObject({ kind: 'busy' });
    } finally {
      await cleanup();
      await site.close();
    }
  });

  test('a crawled URL with [ ] | { } ^ in its query is listed percent-encoded, and the sitemap passes the sitemaps.org schema', async () => {
    const site = await serveFixture((path) =>
      path === '/'
        ? ok(htmlPage({ links: ['/p?filter[color]=red&x={a}|b^c'] }))
        : path.startsWith('/p?')
          ? ok(htmlPage())
          : undefined,
    );
    const { service, xmlOf, cleanup } = await makeSitemapGenerator({ allowPrivate: [site.hostPort] });
    try {
      const result = await service.generate(`${site.origin}/`, 'alice');
      const parsed = parseSitemapXml(await xmlOf(fileOf(result.sitemap)));
      expect(parsed.entries.map((entry) => entry.loc).sort()).toEqual([
        `${site.origin}/`,
        `${site.origin}/p?filter%5Bcolor%5D=red&x=%7Ba%7D%7Cb%5Ec`,
      ]);
    } finally {
      await cleanup();
      await site.close();
    }
  });
});
