import { afterEach, expect, test, vi } from 'vitest';
import { startBulkCheckSite } from '#test/fixtures/bulk-check-site.ts';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { USER_AGENTS } from '#views/model/user-agents.ts';
import { checkRedirects } from './service.ts';

afterEach(() => {
  vi.useRealTimers();
});

function fetcherFor(hostPort: string) {
  return createSafeFetcher({ allowPrivate: [hostPort], userAgent: 'test-bot' });
}

test('each URL comes back in input order with its full chain, final status and warnings', async () => {
  const site = await startLivePagesSite();
  const rows = await checkRedirects([`${site.origin}/redirect/1`, `${site.origin}/good`, `${site.origin}/status/404`], {
    fetcher: fetcherFor(site.hostPort),
    concurrency: 2,
  });
  await site.close();
  // Each hop's kind, Location, timing and headers are checked in hops.test.ts.
  expect(rows.map((row) => ({ ...row, hops: row.hops.map(({ url, status }) => ({ url, status })) }))).toEqual([
    {
      originalUrl: `${site.origin}/redirect/1`,
      redirectedUrl: `${site.origin}/good`,
      hops: [
        { url: `${site.origin}/redirect/1`, status: 301 },
        { url: `${site.origin}/redirect/2`, status: 302 },
        { url: `${site.origin}/good`, status: 200 },
      ],
      finalStatus: 200,
      warnings: ['temporary-redirect', 'chain'],
      state: 'checked',
    },
    {
      originalUrl: `${site.origin}/good`,
      redirectedUrl: `${site.origin}/good`,
      hops: [{ url: `${site.origin}/good`, status: 200 }],
      finalStatus: 200,
      warnings: [],
      state: 'checked',
    },
    {
      originalUrl: `${site.origin}/status/404`,
      redirectedUrl: `${site.origin}/status/404`,
      hops: [{ url: `${site.origin}/status/404`, status: 404 }],
      finalStatus: 404,
      warnings: ['broken'],
      state: 'checked',
    },
  ]);
});

test('loops, endless chains, forbidden hops, timeouts and bad input end as flagged error rows instead of hanging', async () => {
  const site = await startLivePagesSite();
  const rows = await checkRedirects(
    [
      `${site.origin}/loop/a`,
      `${site.origin}/chain/0`,
      `${site.origin}/redirect/external-private`,
      'ftp://example.com/',
    ],
    { fetcher: fetcherFor(site.hostPort) },
  );
  // Only the URL that never answers gets the short per-URL timeout: a busy machine may need more for 10 hops.
  const [hung] = await checkRedirects([`${site.origin}/hang`], { fetcher: fetcherFor(site.hostPort), timeoutMs: 500 });
  await site.close();
  expect([...rows, hung].map((row) => [row.error, row.warnings, row.state])).toEqual([
    [
      `Redirect loop: ${site.origin}/loop/a redirects back to itself.`,
      ['temporary-redirect', 'chain', 'loop'],
      'failed',
    ],
    ['Too many redirects (more than 10).', ['temporary-redirect', 'chain', 'broken'], 'failed'],
    [
      expect.stringContaining('private or reserved network address (169.254.169.254)'),
      ['temporary-redirect'],
      'failed',
    ],
    ['Only http and https URLs can be fetched (got ftp).', [], 'failed'],
    ['127.0.0.1:' + site.port + ' did not respond within 0.5 seconds.', ['broken'], 'failed'],
  ]);
  expect(rows[0]).toMatchObject({
    finalStatus: null,
    redirectedUrl: `${site.origin}/loop/a`,
    hops: [{ status: 302 }, { status: 302 }],
  });
  expect(rows[1].hops).toHaveLength(10);
  expect(rows[2]).toMatchObject({
    redirectedUrl: 'http://169.254.169.254/latest/meta-data/',
    hops: [{ url: `${site.origin}/redirect/external-private`, status: 302 }],
  });
});

test('the user agent is a browser by default, or Googlebot smartphone on request', async () => {
  const site = await startBulkCheckSite();
  const url = `${site.origin}/by-agent`;
  const [asBrowser] = await checkRedirects([url], { fetcher: fetcherFor(site.hostPort) });
  const [asGooglebot] = await checkRedirects([url], {
    fetcher: fetcherFor(site.hostPort),
    userAgent: 'googlebot-smartphone',
  });
  await site.close();
  expect(site.userAgents).toEqual([
    USER_AGENTS.browser.header,
    USER_AGENTS['googlebot-smartphone'].header,
    USER_AGENTS['googlebot-smartphone'].header,
  ]);
  expect(asBrowser).toMatchObject({ finalStatus: 200, hops: [{ status: 200 }], warnings: [] });
  expect(asGooglebot).toMatchObject({
    finalStatus: 200,
    redirectedUrl: `${site.origin}/m/`,
    hops: [{ status: 301 }, { status: 200 }],
    warnings: [],
  });
});

test('at the list deadline, finished rows keep their result, the rest are timed out and their requests are cancelled', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startBulkCheckSite();
  const pending = checkRedirects([`${site.origin}/ok`, `${site.origin}/hang`, `${site.origin}/ok?again`], {
    fetcher: fetcherFor(site.hostPort),
    concurrency: 1,
    deadlineMs: 5_000,
  });
  // With one lane, /hang is asked for only after /ok has its answer.
  await site.requested('/hang');
  await vi.advanceTimersByTimeAsync(5_000);
  const rows = await pending;
  await site.closed('/hang');
  await site.close();
  expect(rows.map((row) => [row.state, row.finalStatus, row.error])).toEqual([
    ['checked', 200, undefined],
    ['timed-out', null, 'Not checked: the list took longer than 5 seconds. Check fewer URLs at a time.'],
    ['timed-out', null, 'Not checked: the list took longer than 5 seconds. Check fewer URLs at a time.'],
  ]);
  expect(rows[1].warnings).toEqual([]);
});
