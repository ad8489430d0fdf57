import { expect, test } from 'vitest';
import { crawlFixture, listedUrls, skippedBy } from '#test/helpers/crawl-harness.ts';
import { RULES_MAX_DEPTH, rulesSite, rulesSiteExpectation } from '#test/fixtures/crawl-rules-site.ts';
import { htmlPage, ok, redirect, type FixtureSite } from '#test/fixtures/crawl-site.ts';

test('the rules site lists exactly the indexable in-host HTML pages', async () => {
  const result = await crawlFixture(rulesSite, { maxDepth: RULES_MAX_DEPTH });
  expect(listedUrls(result)).toEqual(rulesSiteExpectation(result.site.origin).listed);
  expect(result.report.stoppedBy).toBe('complete');
  expect(result.report.pages).toBe(result.pages.length);
});

test('every skipped URL on the rules site is reported once with its reason', async () => {
  const result = await crawlFixture(rulesSite, { maxDepth: RULES_MAX_DEPTH });
  const expected = rulesSiteExpectation(result.site.origin).skipped;
  for (const [reason, urls] of Object.entries(expected))
    expect({ reason, urls: skippedBy(result, reason) }).toEqual({ reason, urls: urls.sort() });
  const reported = result.report.skipped.map((entry) => entry.url);
  expect(new Set(reported).size).toBe(reported.length);
  expect(result.report.skippedCounts).toEqual(
    Object.fromEntries(Object.entries(expected).map(([reason, urls]) => [reason, urls.length])),
  );
  expect(result.report.skipped.find((entry) => entry.url.endsWith('/missing'))?.detail).toBe('HTTP 404');
  expect(result.report.skipped.find((entry) => entry.url.endsWith('/dup'))?.detail).toBe(
    `canonical is ${result.site.origin}/canonical-target`,
  );
});

test('the crawler never requests robots-disallowed, external, non-HTML-by-extension or nofollow-only URLs', async () => {
  const result = await crawlFixture(rulesSite, { maxDepth: RULES_MAX_DEPTH });
  const paths = result.site.requests.map((request) => request.path);
  expect(paths[0]).toBe('/robots.txt');
  for (const never of ['/private/secret', '/brochure.pdf', '/nofollowed', '/only-from-nofollow-page', '/chain/6'])
    expect(paths).not.toContain(never);
  // Each URL is fetched once, however many spellings link to it.
  expect(paths.filter((path) => path === '/about')).toHaveLength(1);
  expect(paths.filter((path) => path.startsWith('/products'))).toEqual(['/products?id=3']);
  expect(paths.filter((path) => path.startsWith('/loop-'))).toEqual(['/loop-a', '/loop-b']);
});

test('lastmod comes from Last-Modified as a W3C datetime and is absent without the header', async () => {
  const result = await crawlFixture(rulesSite, { maxDepth: RULES_MAX_DEPTH });
  const byPath = new Map(
    result.pages.map((page) => [new URL(page.url).pathname + new URL(page.url).search, page.lastmod]),
  );
  expect(byPath.get('/products?id=3')).toBe('2023-11-15T12:45:26+00:00');
  expect(byPath.get('/about')).toBeUndefined();
});

const robotsSite =
  (robots: string): FixtureSite =>
  (path) => {
    if (path === '/robots.txt') return { status: 200, headers: { 'content-type': 'text/plain' }, body: robots };
    if (path === '/') return ok(htmlPage({ links: ['/star-only/a', '/ours-only/b', '/open'] }));
    return ok(htmlPage());
  };

test('robots.txt: a group naming our bot replaces the * group, as RFC 9309 says', async () => {
  const result = await crawlFixture(
    robotsSite('User-agent: *\nDisallow: /star-only/\n\nUser-agent: DelhiSeoToolsBot\nDisallow: /ours-only/\n'),
  );
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/', '/open', '/star-only/a']);
  expect(skippedBy(result, 'robots').map((url) => new URL(url).pathname)).toEqual(['/ours-only/b']);
});

test('robots.txt: without a group for our bot the * group applies', async () => {
  const result = await crawlFixture(robotsSite('User-agent: *\nDisallow: /star-only/\n'));
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/', '/open', '/ours-only/b']);
  expect(skippedBy(result, 'robots').map((url) => new URL(url).pathname)).toEqual(['/star-only/a']);
});

test('robots.txt Crawl-delay spaces requests and runs them one at a time', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt')
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 0.15\n' };
    if (path === '/') return ok(htmlPage({ links: ['/a', '/b', '/c'] }));
    return ok(htmlPage());
  };
  const result = await crawlFixture(site);
  expect(result.pages).toHaveLength(4);
  expect(result.report.crawlDelayMs).toBe(150);
  const pages = result.site.requests.filter((request) => request.path !== '/robots.txt');
  for (let i = 1; i < pages.length; i += 1)
    expect(pages[i].startedAt - pages[i - 1].startedAt).toBeGreaterThanOrEqual(149);
  expect(Math.max(...pages.map((request) => request.inFlight))).toBe(1);
});

test('a robots.txt that answers 5xx means nothing may be crawled (422)', async () => {
  const site: FixtureSite = (path) => (path === '/robots.txt' ? { status: 503, body: 'busy' } : ok(htmlPage()));
  await expect(crawlFixture(site)).rejects.toMatchObject({
    kind: 'not-possible',
    message: 'robots.txt answered HTTP 503, which means no crawling is allowed.',
  });
});

test('a start page disallowed by robots.txt is refused with 422', async () => {
  const site: FixtureSite = (path) =>
    path === '/robots.txt' ? { status: 200, body: 'User-agent: *\nDisallow: /\n' } : ok(htmlPage());
  await expect(crawlFixture(site)).rejects.toMatchObject({ kind: 'not-possible' });
});

test('a start page answering 404 is reported as unreachable (502)', async () => {
  await expect(crawlFixture(() => undefined)).rejects.toMatchObject({
    kind: 'upstream',
    message: 'The start page answered HTTP 404.',
  });
});

test('a start page that is not HTML is refused with 502', async () => {
  const site: FixtureSite = () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: 'png' });
  await expect(crawlFixture(site)).rejects.toMatchObject({ kind: 'upstream' });
});

test('an invalid start URL is a 400', async () => {
  await expect(crawlFixture(rulesSite, { startUrl: 'notaurl' })).rejects.toMatchObject({ kind: 'invalid-input' });
  await expect(crawlFixture(rulesSite, { startUrl: 'ftp://example.com/' })).rejects.toMatchObject({
    kind: 'invalid-input',
  });
});

test('the start page redirect is followed and its target is where the crawl happens', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/') return redirect('/home');
    if (path === '/home') return ok(htmlPage({ links: ['/a'] }));
    if (path === '/a') return ok(htmlPage());
    return undefined;
  };
  const result = await crawlFixture(site);
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/a', '/home']);
  expect(skippedBy(result, 'redirect').map((url) => new URL(url).pathname)).toEqual(['/']);
});

/** A home page linking 40 pages, each answered after `delayMs`: more pages than any concurrency tested here. */
const wideSite =
  (delayMs: number): FixtureSite =>
  (path) => {
    if (path === '/') return ok(htmlPage({ links: Array.from({ length: 40 }, (_, i) => `/p${i}`) }));
    return { ...ok(htmlPage()), delayMs };
  };

test('the per-host concurrency never exceeds the limit and reaches it on a wide site', async () => {
  const result = await crawlFixture(wideSite(25), { concurrency: 4 });
  expect(result.pages).toHaveLength(41);
  expect(Math.max(...result.site.requests.map((request) => request.inFlight))).toBe(4);
});

test('more pages in flight than Node warns about for one signal print no "Possible EventTarget memory leak"', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    const result = await crawlFixture(wideSite(200), { concurrency: 24 });
    expect(result.pages).toHaveLength(41);
    // Each page in flight listens on the crawl's signal: past 10 at once, Node's default ceiling was passed.
    expect(Math.max(...result.site.requests.map((request) => request.inFlight))).toBeGreaterThan(10);
    // A warning is emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
});

test('the page cap stops the crawl at exactly maxPages requests, robots.txt included, and reports the rest as cap reached', async () => {
  const site: FixtureSite = (path) =>
    ok(htmlPage({ links: path === '/' ? Array.from({ length: 30 }, (_, i) => `/p${i}`) : [] }));
  const result = await crawlFixture(site, { maxPages: 10 });
  expect(result.site.requests).toHaveLength(10);
  expect(result.pages).toHaveLength(9);
  expect(result.report.stoppedBy).toBe('page-limit');
  expect(result.report.skippedCounts.cap).toBe(22);
  expect(result.report.skipped.find((entry) => entry.reason === 'cap')?.detail).toBe('request limit of 10 reached');
});

test('the whole-crawl time limit stops a slow site and says so', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/') return ok(htmlPage({ links: Array.from({ length: 20 }, (_, i) => `/slow${i}`) }));
    return path === '/robots.txt' ? undefined : { ...ok(htmlPage()), delayMs: 5000 };
  };
  const result = await crawlFixture(site, { crawlTimeoutMs: 1000 });
  expect(result.report.stoppedBy).toBe('time-limit');
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/']);
  expect(result.report.skippedCounts.cap).toBe(20);
});

test('a page slower than the per-page limit is reported as an error, the crawl goes on', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/') return ok(htmlPage({ links: ['/slow', '/fast'] }));
    return path === '/slow' ? { ...ok(htmlPage()), delayMs: 5000 } : ok(htmlPage());
  };
  const result = await crawlFixture(site, { pageTimeoutMs: 1000 });
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/', '/fast']);
  expect(result.report.skipped.find((entry) => entry.url.endsWith('/slow'))).toMatchObject({
    reason: 'error',
    detail: expect.stringContaining('did not respond within'),
  });
});

test('a page larger than the byte cap still yields the links before the cut', async () => {
  const filler = 'x'.repeat(4000);
  const site: FixtureSite = (path) => {
    if (path === '/') return ok(htmlPage({ links: ['/early'], body: `<p>${filler}</p><a href="/late">late</a>` }));
    return ok(htmlPage());
  };
  const result = await crawlFixture(site, { maxPageBytes: 1000 });
  expect(listedUrls(result).map((url) => new URL(url).pathname)).toEqual(['/']);
  const paths = result.site.requests.map((request) => request.path);
  expect(paths).not.toContain('/late');
});

test('an abort signal stops the crawl and reports it as stopped', async () => {
  const controller = new AbortController();
  const site: FixtureSite = (path) => {
    if (path === '/') return ok(htmlPage({ links: Array.from({ length: 10 }, (_, i) => `/p${i}`) }));
    // The first request past the start page pulls the plug, so the start page is always done.
    if (path.startsWith('/p')) controller.abort();
    return path === '/robots.txt' ? undefined : { ...ok(htmlPage()), delayMs: 5000 };
  };
  const result = await crawlFixture(site, { signal: controller.signal });
  expect(result.report.stoppedBy).toBe('aborted');
  expect(result.pages).toHaveLength(1);
});

test('progress reports found, queued and skipped as the crawl advances', async () => {
  const seen: { found: number; queued: number; skipped: number }[] = [];
  const result = await crawlFixture(rulesSite, {
    maxDepth: RULES_MAX_DEPTH,
    onProgress: (progress) => seen.push(progress),
  });
  expect(seen[0]).toEqual({ found: 0, queued: 1, skipped: 0 });
  expect(seen.at(-1)).toEqual({ found: result.pages.length, queued: 0, skipped: result.report.skipped.length });
  for (let i = 1; i < seen.length; i += 1) expect(seen[i].found).toBeGreaterThanOrEqual(seen[i - 1].found);
});

test('a start URL that is clearly a file is refused before any page is fetched', async () => {
  const result = crawlFixture(rulesSite, { startPath: '/brochure.pdf' });
  await expect(result).rejects.toMatchObject({
    kind: 'not-possible',
    message: 'The start URL cannot be crawled: .pdf file.',
  });
});
