import { afterEach, expect, test, vi } from 'vitest';
import { startBulkCheckSite } from '#test/fixtures/bulk-check-site.ts';
import {
  indexStatus,
  permissionDenied,
  PERMISSION_DENIED_MESSAGE,
  startFakeGoogle,
  testServiceAccount,
} from '#test/fixtures/fake-google.ts';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { checkIndexability } from './service.ts';
import { createSearchConsoleClient } from './search-console.ts';
import { canonicalFromLinkHeader } from './signals.ts';

afterEach(() => {
  vi.useRealTimers();
});

function fetcherFor(...hostPorts: string[]) {
  return createSafeFetcher({ allowPrivate: hostPorts, userAgent: 'test-bot' });
}

test('each URL gets real indexability signals and indexed stays null without a provider', async () => {
  const site = await startLivePagesSite();
  const paths = [
    '/good',
    '/noindex-meta',
    '/noindex-header',
    '/canonical-elsewhere',
    '/private/page',
    '/no-google',
    '/status/404',
    '/redirect/1',
  ];
  const rows = await checkIndexability(
    paths.map((path) => `${site.origin}${path}`),
    { fetcher: fetcherFor(site.hostPort) },
  );
  await site.close();
  const byPath = Object.fromEntries(rows.map((row, index) => [paths[index], row]));
  expect(byPath['/good']).toEqual({
    url: `${site.origin}/good`,
    finalUrl: `${site.origin}/good`,
    status: 200,
    indexable: true,
    reasons: ['Returns 200, allowed by robots.txt, no noindex, and no canonical pointing elsewhere.'],
    indexed: null,
    indexedNote: 'Not checked (no search provider configured)',
    inspection: null,
    state: 'checked',
  });
  expect(byPath['/noindex-meta'].reasons).toEqual(['The robots meta tag says noindex.']);
  expect(byPath['/noindex-header'].reasons).toEqual(['The X-Robots-Tag header says noindex.']);
  expect(byPath['/canonical-elsewhere'].reasons).toEqual([`The canonical link points elsewhere: ${site.origin}/good.`]);
  expect(byPath['/private/page'].reasons).toEqual([
    'Blocked for Googlebot by robots.txt (line 5: Disallow: /private/).',
  ]);
  expect(byPath['/no-google'].reasons).toEqual(['Blocked for Googlebot by robots.txt (line 6: Disallow: /no-google).']);
  expect(byPath['/status/404']).toMatchObject({
    indexable: false,
    status: 404,
    reasons: ['Final HTTP status is 404, not 200.'],
  });
  expect(byPath['/redirect/1']).toMatchObject({
    indexable: false,
    status: 200,
    reasons: [`Redirects to ${site.origin}/good; Google indexes the target, not this address.`],
  });
  expect(rows.filter((row) => row.indexable).length).toBe(1);
});

test('"No" only for a real blocking reason: a redirect loop and a failing robots.txt block', async () => {
  const site = await startLivePagesSite();
  const broken = await startLoopbackServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(503).end();
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>ok</title>');
  });
  const rows = await checkIndexability([`${site.origin}/loop/a`, `${broken.origin}/page`], {
    fetcher: fetcherFor(site.hostPort, broken.hostPort),
  });
  await Promise.all([site.close(), broken.close()]);
  expect(rows[0]).toMatchObject({
    indexable: false,
    status: null,
    finalUrl: null,
    reasons: [`Redirect loop: ${site.origin}/loop/a redirects back to itself.`],
    state: 'checked',
  });
  expect(rows[1]).toMatchObject({
    indexable: false,
    reasons: ['robots.txt answered HTTP 503; Google stops crawling the site while robots.txt fails.'],
    state: 'checked',
  });
});

test('a page that cannot be fetched is unknown (indexable null) with the reason in plain words, never "No"', async () => {
  const closed = await startLoopbackServer(() => undefined);
  await closed.close();
  const fetcher = createSafeFetcher({
    allowPrivate: [closed.hostPort],
    userAgent: 'test-bot',
    resolver: async (host) => {
      if (host === 'no-such-site.example')
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      return [{ address: '93.184.216.34', family: 4 }];
    },
  });
  const rows = await checkIndexability([`${closed.origin}/page`, 'https://no-such-site.example/', 'http://10.0.0.1/'], {
    fetcher,
  });
  expect(rows.map((row) => [row.indexable, row.state, row.reasons, row.error])).toEqual([
    [null, 'failed', [], `${closed.hostPort} refused the connection.`],
    [null, 'failed', [], 'Could not find the site no-such-site.example (DNS lookup failed).'],
    [null, 'failed', [], expect.stringContaining('private or reserved network address')],
  ]);
});

test('robots.txt that cannot be fetched leaves the verdict unknown unless the page itself blocks', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // The pages answer, robots.txt never does: a clean page cannot be a Yes, and it is not a No either.
  let robotsAsked = () => {};
  const asked = new Promise<void>((resolve) => (robotsAsked = resolve));
  const site = await startLoopbackServer((req, res) => {
    if (req.url === '/robots.txt') return robotsAsked();
    if (req.url === '/noindex')
      return void res
        .writeHead(200, { 'Content-Type': 'text/html', 'X-Robots-Tag': 'noindex' })
        .end('<title>x</title>');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>ok</title>');
  });
  const pending = checkIndexability([`${site.origin}/page`, `${site.origin}/noindex`], {
    fetcher: fetcherFor(site.hostPort),
  });
  await asked;
  await vi.advanceTimersByTimeAsync(5_000);
  const [page, noindex] = await pending;
  await site.close();
  expect(page).toMatchObject({
    indexable: null,
    status: 200,
    reasons: [],
    state: 'failed',
    error: `robots.txt could not be fetched: ${site.hostPort} did not respond within 5 seconds.`,
  });
  expect(noindex).toMatchObject({
    indexable: false,
    reasons: ['The X-Robots-Tag header says noindex.'],
    state: 'checked',
  });
});

test('at the list deadline, unfinished URLs come back timed out and their requests are cancelled', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startBulkCheckSite();
  const pending = checkIndexability([`${site.origin}/ok`, `${site.origin}/hang`], {
    fetcher: fetcherFor(site.hostPort),
    concurrency: 1,
    deadlineMs: 5_000,
  });
  await site.requested('/hang');
  await vi.advanceTimersByTimeAsync(5_000);
  const rows = await pending;
  await site.closed('/hang');
  await site.close();
  expect(rows.map((row) => [row.state, row.indexable, row.error])).toEqual([
    ['checked', true, undefined],
    ['timed-out', null, 'Not checked: the list took longer than 5 seconds. Check fewer URLs at a time.'],
  ]);
});

test('canonical links in the HTTP Link header are read', () => {
  expect(
    canonicalFromLinkHeader('<https://a.example/x.css>; rel="preload", <https://a.example/page>; rel="canonical"'),
  ).toBe('https://a.example/page');
  expect(canonicalFromLinkHeader('<https://a.example/x>; rel=next')).toBeNull();
});

test("with service-account credentials, indexed comes from the URL Inspection API (loopback fake Google) beside the page's own signals", async () => {
  const account = testServiceAccount();
  const site = await startLivePagesSite();
  const property = `${site.origin}/`;
  const google = await startFakeGoogle({
    publicKey: account.publicKey,
    clientEmail: account.credentials.client_email,
    inspect: (url) =>
      url.endsWith('/good')
        ? indexStatus('PASS', 'Submitted and indexed', {
            lastCrawlTime: '2026-11-20T07:33:50Z',
            googleCanonical: url,
            userCanonical: url,
            sitemap: [`${site.origin}/sitemap.xml`],
            referringUrls: [`${site.origin}/`],
          })
        : url.endsWith('/denied')
          ? permissionDenied()
          : indexStatus('NEUTRAL', 'Discovered - currently not indexed'),
  });
  const fetcher = fetcherFor(site.hostPort, google.server.hostPort);
  const searchConsole = createSearchConsoleClient({
    credentials: account.credentials,
    property,
    fetcher,
    apiOrigin: google.server.origin,
    tokenUrl: google.tokenUrl,
  });
  const rows = await checkIndexability(
    [`${site.origin}/good`, `${site.origin}/noindex-meta`, `${site.origin}/denied`, 'http://10.0.0.1/'],
    { fetcher, searchConsole, concurrency: 1 },
  );
  await Promise.all([site.close(), google.close()]);
  expect(rows.map((row) => [row.indexable, row.indexed, row.indexedNote])).toEqual([
    [true, true, 'Submitted and indexed'],
    [false, false, 'Discovered - currently not indexed'],
    [false, null, `Not checked (Search Console answered HTTP 403: ${PERMISSION_DENIED_MESSAGE})`],
    [null, null, `Not checked (outside the Search Console property ${property})`],
  ]);
  // The inspection's details travel with the row; a row Google did not answer has none.
  expect(rows.map((row) => row.inspection)).toEqual([
    {
      lastCrawlTime: '2026-11-20T07:33:50Z',
      googleCanonical: `${site.origin}/good`,
      userCanonical: `${site.origin}/good`,
      robotsTxtState: 'ALLOWED',
      indexingState: 'INDEXING_ALLOWED',
      pageFetchState: 'SUCCESSFUL',
      crawledAs: 'MOBILE',
    },
    {
      lastCrawlTime: null,
      googleCanonical: null,
      userCanonical: null,
      robotsTxtState: 'ALLOWED',
      indexingState: 'INDEXING_ALLOWED',
      pageFetchState: 'SUCCESSFUL',
      crawledAs: 'MOBILE',
    },
    null,
    null,
  ]);
  expect(google.tokenRequests).toBe(1);
  expect(google.inspections.map((request) => request.inspectionUrl)).toEqual([
    `${site.origin}/good`,
    `${site.origin}/noindex-meta`,
    `${site.origin}/denied`,
  ]);
});

test('huge and compressed-bomb pages are read only up to the index checker cap', async () => {
  const site = await startLivePagesSite();
  const rows = await checkIndexability([`${site.origin}/huge`, `${site.origin}/gzip-bomb`], {
    fetcher: fetcherFor(site.hostPort),
  });
  await site.close();
  expect(rows.map((row) => [row.status, row.indexable])).toEqual([
    [200, true],
    [200, true],
  ]);
});
