import { expect, test } from 'vitest';
import { htmlPage, ok, redirect, serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { crawlFixture } from '#test/helpers/crawl-harness.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { makeSitemapGenerator } from '#test/helpers/sitemap-generator.ts';

// One rule for every crawl (sitemap generator and site audit): robots.txt, each page, each
// redirect hop and each sitemap file is a request, and a crawl sends at most maxPages of them.

/** /r/1 -> /r/2 -> ... without end; `/` links into the chain. */
const endlessChain: FixtureSite = (path) => {
  if (path === '/') return ok(htmlPage({ links: ['/r/1'] }));
  const hop = /^\/r\/(\d+)$/.exec(path);
  return hop ? redirect(`/r/${Number(hop[1]) + 1}`, 302) : undefined;
};

test('the sitemap generator sends exactly SITEMAP_MAX_PAGES requests into an endless redirect chain and stops at the limit', async () => {
  const site = await serveFixture(endlessChain);
  // The time limit is only a backstop: the crawl must end on the request limit long before it.
  const { service, cleanup } = await makeSitemapGenerator({
    allowPrivate: [site.hostPort],
    settings: { maxPages: 20, crawlTimeoutMs: 5000 },
  });
  try {
    const result = await service.generate(`${site.origin}/`, 'alice');
    expect(site.requests).toHaveLength(20);
    expect(site.requests.slice(0, 3).map((request) => request.path)).toEqual(['/robots.txt', '/', '/r/1']);
    expect(result.report.stoppedBy).toBe('page-limit');
    expect(result.report.pages).toBe(1);
    expect(result.report.skippedCounts).toEqual({ redirect: 18, cap: 1 });
    expect(result.report.skipped.at(-1)).toEqual({
      url: `${site.origin}/r/19`,
      reason: 'cap',
      detail: 'request limit of 20 reached',
    });
  } finally {
    await cleanup();
    await site.close();
  }
});

test('the site audit follows the same rule when the start page itself redirects without end', async () => {
  const site: FixtureSite = (path) => (path === '/' ? redirect('/r/1', 302) : endlessChain(path, ''));
  const outcome = await auditFixture(site, { limits: { maxPages: 20, crawlTimeoutMs: 5000 } });
  expect(outcome.site.requests).toHaveLength(20);
  expect(outcome.stoppedBy).toBe('page-limit');
  expect(outcome.nodes.filter((node) => node.status === 302)).toHaveLength(19);
  expect(outcome.nodes.filter((node) => node.skipped === 'cap').map((node) => node.url)).toEqual([
    `${outcome.site.origin}/r/19`,
  ]);
});

test('redirects the fetcher follows for robots.txt count as requests too', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt') return redirect('/robots-2.txt');
    if (path === '/robots-2.txt') return redirect('/robots-3.txt');
    if (path === '/robots-3.txt')
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' };
    return ok(htmlPage({ links: path === '/' ? Array.from({ length: 30 }, (_, i) => `/p${i}`) : [] }));
  };
  const result = await crawlFixture(site, { maxPages: 10 });
  expect(result.site.requests).toHaveLength(10);
  expect(result.pages).toHaveLength(7);
  expect(result.report.stoppedBy).toBe('page-limit');
});

test('a robots.txt redirect chain longer than the requests left ends the crawl on the limit, not on a wrong robots answer', async () => {
  const site: FixtureSite = (path) => {
    const hop = /^\/robots(?:-(\d+))?\.txt$/.exec(path);
    if (hop) return redirect(`/robots-${Number(hop[1] ?? 1) + 1}.txt`);
    return ok(htmlPage());
  };
  await expect(crawlFixture(site, { maxPages: 4 })).rejects.toMatchObject({
    kind: 'upstream',
    message: expect.stringContaining('request limit of 4 reached'),
  });
});
