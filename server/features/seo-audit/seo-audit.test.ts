import { expect, test } from 'vitest';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher, FetchError } from '#server/lib/safe-fetch/index.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { auditUrl } from './service.ts';
import { createPageSpeedClient } from './pagespeed.ts';

function fetcherFor(...hostPorts: string[]) {
  return createSafeFetcher({ allowPrivate: hostPorts, userAgent: 'test-bot' });
}

test('auditing a well-built page reports its exact title, description and headings and passes its checks', async () => {
  const site = await startLivePagesSite();
  const report = await auditUrl(`${site.origin}/good`, {
    fetcher: fetcherFor(site.hostPort),
    now: () => new Date('2026-01-02T03:04:05Z'),
  });
  await site.close();
  expect(report.title).toBe('Delhi SEO fixture page for audit testing');
  expect(report.metaDescription).toMatch(/^A fixture page used by the automated tests/);
  expect(report.h1Tags).toEqual(['Audit & fixture page']);
  expect(report.h2Tags).toEqual(['First section', 'Second section']);
  expect(report.checks).toHaveLength(22);
  const notPassing = report.checks.filter((check) => check.status !== 'pass').map((check) => check.id);
  // The fixture is served over plain HTTP without compression; everything else passes.
  expect(notPassing).toEqual(['compression', 'https']);
  // 100 minus a failed Medium check (7) and a failed High check (15).
  expect(report).toMatchObject({ score: 78, grade: 'C' });
  expect(report.pageSpeedSource).toBe('estimate');
  expect(report.pageSpeedScore).toBeGreaterThanOrEqual(90);
  expect(report.facts).toMatchObject({
    statusCode: 200,
    jsonLdTypes: ['Organization', 'WebPage'],
    links: { internal: 1, external: 1 },
  });
  expect(report.auditedAt).toBe('2026-01-02T03:04:05.000Z');
});

test('a poor page fails the high-priority basics and empty heading lists come back empty', async () => {
  const site = await startLivePagesSite();
  const report = await auditUrl(`${site.origin}/poor`, { fetcher: fetcherFor(site.hostPort) });
  await site.close();
  const status = Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
  expect(status).toMatchObject({
    title: 'fail',
    'meta-description': 'fail',
    viewport: 'fail',
    h1: 'warning',
    h2: 'warning',
    'render-blocking': 'fail',
    'image-alt': 'fail',
    'anchor-text': 'warning',
  });
  expect(report.title).toBe('');
  expect(report.h2Tags).toEqual([]);
  expect(report.summary.fail).toBeGreaterThanOrEqual(6);
  // The speed estimate still looks fine; the grade does not, because the grade counts the checks.
  expect(report).toMatchObject({ score: 0, grade: 'F' });
  expect(report.pageSpeedScore).toBeGreaterThan(50);
});

test('redirects, compression, noindex headers and error statuses are reflected in the facts', async () => {
  const site = await startLivePagesSite();
  const fetcher = fetcherFor(site.hostPort);
  const redirected = await auditUrl(`${site.origin}/redirect/1`, { fetcher });
  const gzip = await auditUrl(`${site.origin}/gzip`, { fetcher });
  const hidden = await auditUrl(`${site.origin}/noindex-header`, { fetcher });
  const missing = await auditUrl(`${site.origin}/status/404`, { fetcher }).catch((error: unknown) => error);
  const failing = await auditUrl(`${site.origin}/status/500`, { fetcher }).catch((error: unknown) => error);
  await site.close();
  expect(redirected).toMatchObject({ url: `${site.origin}/good`, facts: { redirects: 2 } });
  expect(redirected.checks.find((check) => check.id === 'status-code')?.status).toBe('warning');
  expect(gzip.facts.compression).toBe('gzip');
  expect(hidden.checks.find((check) => check.id === 'indexable')?.detail).toBe(
    'Not indexable: the X-Robots-Tag header says noindex.',
  );
  // An error page gets no graded report: the visitor reads what the address answered.
  expect(missing).toMatchObject({
    kind: 'not-possible',
    message:
      'This page answered HTTP 404 (Not Found), so there is no page to audit. Check the address, or audit a page that loads.',
  });
  expect(failing).toMatchObject({
    kind: 'not-possible',
    message: expect.stringMatching(/^This page answered HTTP 500 \(Internal Server Error\), so there is no page/),
  });
});

test('a non-HTML address is invalid input and fetch failures keep their FetchError kind', async () => {
  const site = await startLivePagesSite();
  const fetcher = fetcherFor(site.hostPort);
  const image = await auditUrl(`${site.origin}/image.png`, { fetcher }).catch((error: unknown) => error);
  const loop = await auditUrl(`${site.origin}/loop/a`, { fetcher }).catch((error: unknown) => error);
  const privateHop = await auditUrl(`${site.origin}/redirect/external-private`, { fetcher }).catch(
    (error: unknown) => error,
  );
  await site.close();
  expect(image).toBeInstanceOf(DomainError);
  expect(image).toMatchObject({
    kind: 'invalid-input',
    message: 'That address returned image/png, not an HTML page; enter the URL of a web page.',
  });
  expect(loop).toBeInstanceOf(FetchError);
  expect(loop).toMatchObject({ kind: 'upstream', code: 'redirect-loop' });
  expect(privateHop).toMatchObject({ kind: 'invalid-input', code: 'forbidden-address' });
});

test('with a PageSpeed Insights key the Google score is used, read from a local fake of the v5 API', async () => {
  const site = await startLivePagesSite();
  const requests: URL[] = [];
  const fake = await startLoopbackServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://fake'));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ lighthouseResult: { categories: { performance: { score: 0.42 } } } }));
  });
  const fetcher = fetcherFor(site.hostPort, fake.hostPort);
  const pageSpeed = createPageSpeedClient({ apiKey: 'test-key', origin: fake.origin, fetcher });
  const report = await auditUrl(`${site.origin}/good`, { fetcher, pageSpeed });
  await Promise.all([site.close(), fake.close()]);
  expect(report).toMatchObject({ pageSpeedScore: 42, pageSpeedSource: 'pagespeed-insights' });
  expect(requests[0].pathname).toBe('/pagespeedonline/v5/runPagespeed');
  expect(Object.fromEntries(requests[0].searchParams)).toEqual({
    url: `${site.origin}/good`,
    key: 'test-key',
    category: 'performance',
    strategy: 'mobile',
  });
});

test('when PageSpeed Insights fails the documented estimate is used instead', async () => {
  const site = await startLivePagesSite();
  const fake = await startLoopbackServer((_req, res) => res.writeHead(500).end('{"error":{"message":"quota"}}'));
  const fetcher = fetcherFor(site.hostPort, fake.hostPort);
  const report = await auditUrl(`${site.origin}/good`, {
    fetcher,
    pageSpeed: createPageSpeedClient({ apiKey: 'k', origin: fake.origin, fetcher }),
  });
  await Promise.all([site.close(), fake.close()]);
  expect(report.pageSpeedSource).toBe('estimate');
});

test('a page over the 5 MB cap and a gzip bomb are audited from their first 5 MB instead of exhausting memory', async () => {
  const site = await startLivePagesSite();
  const fetcher = fetcherFor(site.hostPort);
  const huge = await auditUrl(`${site.origin}/huge`, { fetcher });
  const bomb = await auditUrl(`${site.origin}/gzip-bomb`, { fetcher });
  await site.close();
  for (const report of [huge, bomb]) {
    expect(report.facts.htmlBytes).toBe(5 * 1024 * 1024);
    expect(report.checks.find((check) => check.id === 'page-weight')).toMatchObject({
      status: 'fail',
      detail: 'HTML is 5120 KB.',
    });
  }
  expect(bomb.facts.transferBytes).toBeLessThan(1024 * 1024);
});
