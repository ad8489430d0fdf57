import { expect, test } from 'vitest';
import { loadConfig } from '#server/config/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createDeps } from './jobs.ts';

test("a job thread's deps carry its fetchers, made once, each naming the site and the tool that sends it", async () => {
  const agents: string[] = [];
  const site = await startLoopbackServer((req, res) => {
    agents.push(req.headers['user-agent'] ?? '');
    res.end('ok');
  });
  try {
    const config = loadConfig({ SITE_URL: 'https://seo.example.in', FETCH_ALLOW_PRIVATE: site.hostPort });
    const deps = createDeps({ config, db: undefined as never, log: createLogger('silent'), jobs: undefined as never });
    // The same objects on every read: the thread's, not made per job.
    expect(deps.crawlFetchers.siteAudit).toBe(deps.crawlFetchers.siteAudit);
    for (const fetcher of [deps.fetcher, deps.crawlFetchers.siteAudit, deps.crawlFetchers.sitemapGenerator])
      expect((await fetcher.fetch(`${site.origin}/`)).status).toBe(200);
    expect(agents).toEqual([
      'DelhiSeoToolsBot/1.0 (+https://seo.example.in)',
      'DelhiSeoToolsBot/1.0 (+https://seo.example.in/site-audit)',
      'DelhiSeoToolsBot/1.0 (+https://seo.example.in/sitemap-tool)',
    ]);
    // Another thread's deps have fetchers of their own.
    expect(
      createDeps({ config, db: undefined as never, log: createLogger('silent'), jobs: undefined as never }).fetcher,
    ).not.toBe(deps.fetcher);
  } finally {
    await site.close();
  }
});

test("the mobile test's browser is the thread's: made on the first render, the same one after", () => {
  const config = loadConfig({ SITE_URL: 'https://seo.example.in', CHROMIUM_PATH: process.execPath });
  const deps = createDeps({ config, db: undefined as never, log: createLogger('silent'), jobs: undefined as never });
  const first = deps.mobileRenderer();
  expect(first).toBeDefined();
  expect(deps.mobileRenderer()).toBe(first);
  first!.kill();
});
