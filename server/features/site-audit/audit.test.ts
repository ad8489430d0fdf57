import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { auditPage, html, image, moved } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { runSiteAudit } from './audit.ts';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { plantedExpectation, plantedSite } from '#test/fixtures/site-audit-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

function fakeClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

test('the planted site comes back with exactly the planted URLs for every issue type', async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  const clock = fakeClock();
  try {
    // One request at a time, so the clock jump made while answering /slow belongs to /slow alone.
    const outcome = await auditFixture(
      plantedSite({ canaryOrigin: canary.origin, onSlow: () => clock.advance(1500) }),
      { clock: clock.now, limits: { concurrency: 1 } },
    );
    const found = issuePaths(outcome, outcome.site.origin);
    const expected = Object.fromEntries(
      ISSUE_TYPES.map((type) => [
        type.type,
        [...(plantedExpectation[type.type] ?? ['(no expectation written)'])].sort(),
      ]),
    );
    const actual = Object.fromEntries(ISSUE_TYPES.map((type) => [type.type, found[type.type] ?? []]));
    expect(actual).toEqual(expected);
    expect(outcome.stoppedBy).toBe('complete');
    expect(canary.connections()).toBe(0);
  } finally {
    await canary.close();
  }
});

test('a clean site gets no issue at all (its sitemap index and gzipped urlset are read)', async () => {
  const outcome = await auditFixture(cleanSite);
  expect(outcome.issues).toEqual([]);
  expect(outcome.hasSitemap).toBe(true);
  expect(outcome.sitemaps.map((file) => [file.url.slice(outcome.site.origin.length), file.kind, file.urls])).toEqual([
    ['/sitemap-index.xml', 'sitemapindex', 0],
    ['/sitemap-pages.xml.gz', 'urlset', 11],
  ]);
  expect(outcome.summary).toEqual({ pages: 12, resources: 0, score: 100, errors: 0, warnings: 0, notices: 0 });
});

test('with 8 requests at a time the planted site gives the same sets (the clock here never moves)', async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  try {
    const outcome = await auditFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }), {
      clock: () => 0,
      limits: { concurrency: 8 },
    });
    const found = issuePaths(outcome, outcome.site.origin);
    const expected = Object.fromEntries(
      Object.entries(plantedExpectation).filter(
        ([, urls]) => urls.length > 0 && urls !== plantedExpectation['slow-response'],
      ),
    );
    expect(Object.fromEntries(Object.entries(found))).toEqual(expected);
    expect(canary.connections()).toBe(0);
  } finally {
    await canary.close();
  }
});

// TLS cannot be served on loopback without certificates, so the https rules run against a site answered from memory.
test('on an https site: mixed content, links to http pages and forms posting over http are reported exactly', async () => {
  const origin = 'https://secure.example';
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt') return undefined;
    const pages: Record<string, string> = {
      '/': auditPage('/', { links: ['/mixed', '/http-link', '/http-form', '/clean'] }),
      '/mixed': auditPage('/mixed', {
        body: '<img src="http://secure.example/images/a.png" alt="A" width="1" height="1"><script src="http://cdn.example/x.js"></script>',
      }),
      '/http-link': auditPage('/http-link', {
        body: '<a href="http://secure.example/clean">The clean page over http</a>',
      }),
      '/http-form': auditPage('/http-form', {
        body: '<form action="http://secure.example/send" method="post"></form>',
      }),
      '/clean': auditPage('/clean', {
        body: '<img src="//secure.example/images/a.png" alt="A" width="1" height="1"><form action="/send"></form><a href="https://secure.example/">Home</a>',
      }),
    };
    if (path === '/images/a.png') return image(100);
    return pages[path] ? html(pages[path]) : undefined;
  };
  const fetcher = createInMemoryFetcher(site, [origin, 'http://secure.example']);
  const outcome = await runSiteAudit({ startUrl: `${origin}/`, fetcher });
  const found = issuePaths(outcome, origin);
  expect({ mixed: found['mixed-content'], links: found['https-links-to-http'], forms: found['insecure-form'] }).toEqual(
    { mixed: ['/mixed'], links: ['/http-link'], forms: ['/http-form'] },
  );
  // The http spelling of an internal link is upgraded, never requested.
  expect(fetcher.requests.filter((url) => url.startsWith('http:'))).toEqual([]);
});

test('robots.txt: the longest matching rule wins and Allow wins a tie (RFC 9309), and blocked links are reported', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt')
      return {
        status: 200,
        body: 'User-agent: *\nDisallow: /shop\nAllow: /shop/public\nDisallow: /shop/public/secret\nAllow: /tie\nDisallow: /tie\nDisallow: /docs/\nAllow: /docs/*.html$\n',
      };
    const links = [
      '/shop/cart',
      '/shop/public/item',
      '/shop/public/secret/x',
      '/tie',
      '/docs/guide.html',
      '/docs/guide.pdf',
    ];
    if (path === '/') return html(auditPage('/', { links }));
    return links.includes(path) ? html(auditPage(path)) : undefined;
  };
  const outcome = await auditFixture(site);
  const requested = outcome.site.requests.map((request) => request.path);
  expect(issuePaths(outcome, outcome.site.origin)['blocked-by-robots']).toEqual([
    '/docs/guide.pdf',
    '/shop/cart',
    '/shop/public/secret/x',
  ]);
  for (const allowed of ['/shop/public/item', '/tie', '/docs/guide.html']) expect(requested).toContain(allowed);
  for (const blocked of ['/shop/cart', '/shop/public/secret/x', '/docs/guide.pdf'])
    expect(requested).not.toContain(blocked);
});

test('a start URL at a private address is refused before any request (400)', async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  try {
    const fetcher = createSafeFetcher({ userAgent: 'test' });
    await expect(runSiteAudit({ startUrl: `${canary.origin}/`, fetcher })).rejects.toMatchObject({
      kind: 'invalid-input',
    });
    expect(canary.connections()).toBe(0);
  } finally {
    await canary.close();
  }
});

test('a start page that redirects to a private address never reaches it', async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  try {
    const outcome = await auditFixture((path) => (path === '/' ? moved(`${canary.origin}/`, 302) : undefined));
    expect(canary.connections()).toBe(0);
    // The guarded fetcher refuses even its robots.txt, so the target is recorded as not crawlable.
    expect(outcome.nodes.map((node) => [node.url, node.status, node.skipped])).toEqual([
      [`${outcome.site.origin}/`, 302, null],
      [`${canary.origin}/`, 0, 'robots'],
    ]);
  } finally {
    await canary.close();
  }
});

test('the URL cap stops the audit at exactly maxPages requests, robots.txt and sitemap.xml included', async () => {
  const site: FixtureSite = (path) =>
    path === '/robots.txt'
      ? undefined
      : html(auditPage(path, { links: path === '/' ? Array.from({ length: 30 }, (_, i) => `/p${i}`) : [] }));
  const outcome = await auditFixture(site, { limits: { maxPages: 10 } });
  expect(outcome.stoppedBy).toBe('page-limit');
  expect(outcome.site.requests).toHaveLength(10);
  expect(outcome.site.requests.slice(0, 3).map((request) => request.path)).toEqual([
    '/robots.txt',
    '/',
    '/sitemap.xml',
  ]);
  expect(outcome.nodes.filter((node) => node.status > 0)).toHaveLength(8);
  expect(outcome.nodes.filter((node) => node.skipped === 'cap')).toHaveLength(23);
  expect(outcome.summary.pages).toBe(8);
});

test('the byte cap stops the audit and says so', async () => {
  const site: FixtureSite = (path) =>
    path === '/robots.txt'
      ? undefined
      : html(
          auditPage(path, { words: 1500, links: path === '/' ? Array.from({ length: 20 }, (_, i) => `/p${i}`) : [] }),
        );
  const outcome = await auditFixture(site, { limits: { maxTotalBytes: 30_000, concurrency: 1 } });
  expect(outcome.stoppedBy).toBe('byte-limit');
  const fetched = outcome.nodes.filter((node) => node.status > 0).length;
  expect(fetched).toBeGreaterThanOrEqual(3);
  expect(fetched).toBeLessThan(21);
  expect(outcome.nodes.filter((node) => node.skipped === 'cap').length).toBe(21 - fetched);
});
