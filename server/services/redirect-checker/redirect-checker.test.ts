import { expect, test } from 'vitest';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { createSafeFetcher } from '#server/services/safe-fetch/index.ts';
import { checkRedirects } from './index.ts';

function fetcherFor(hostPort: string) {
  return createSafeFetcher({ allowPrivate: [hostPort], userAgent: 'test-bot' });
}

test('each URL comes back in input order with its full chain and final status', async () => {
  const site = await startLivePagesSite();
  const rows = await checkRedirects([`${site.origin}/redirect/1`, `${site.origin}/good`, `${site.origin}/status/404`], { fetcher: fetcherFor(site.hostPort), concurrency: 2 });
  await site.close();
  expect(rows).toEqual([
    {
      originalUrl: `${site.origin}/redirect/1`,
      redirectedUrl: `${site.origin}/good`,
      hops: [
        { url: `${site.origin}/redirect/1`, status: 301 },
        { url: `${site.origin}/redirect/2`, status: 302 },
        { url: `${site.origin}/good`, status: 200 },
      ],
      finalStatus: 200,
    },
    { originalUrl: `${site.origin}/good`, redirectedUrl: `${site.origin}/good`, hops: [{ url: `${site.origin}/good`, status: 200 }], finalStatus: 200 },
    { originalUrl: `${site.origin}/status/404`, redirectedUrl: `${site.origin}/status/404`, hops: [{ url: `${site.origin}/status/404`, status: 404 }], finalStatus: 404 },
  ]);
});

test('loops, endless chains, forbidden hops, timeouts and bad input end as error rows instead of hanging', async () => {
  const site = await startLivePagesSite();
  const rows = await checkRedirects(
    [`${site.origin}/loop/a`, `${site.origin}/chain/0`, `${site.origin}/redirect/external-private`, 'ftp://example.com/'],
    { fetcher: fetcherFor(site.hostPort) },
  );
  // Only the URL that never answers gets the short per-URL timeout: a busy machine may need more for 10 hops.
  const [hung] = await checkRedirects([`${site.origin}/hang`], { fetcher: fetcherFor(site.hostPort), timeoutMs: 500 });
  await site.close();
  expect([...rows, hung].map((row) => row.error)).toEqual([
    `Redirect loop: ${site.origin}/loop/a redirects back to itself.`,
    'Too many redirects (more than 10).',
    expect.stringContaining('private or reserved network address (169.254.169.254)'),
    'Only http and https URLs can be fetched (got ftp).',
    '127.0.0.1:' + site.port + ' did not respond within 0.5 seconds.',
  ]);
  expect(rows[0]).toMatchObject({ finalStatus: null, redirectedUrl: `${site.origin}/loop/a`, hops: [{ status: 302 }, { status: 302 }] });
  expect(rows[1].hops).toHaveLength(10);
  expect(rows[2]).toMatchObject({ redirectedUrl: 'http://169.254.169.254/latest/meta-data/', hops: [{ url: `${site.origin}/redirect/external-private`, status: 302 }] });
});

test('a slow slot never blocks the others and a spent budget reports the rest as skipped', async () => {
  const site = await startLivePagesSite();
  const rows = await checkRedirects([`${site.origin}/hang`, `${site.origin}/good`, `${site.origin}/good`], {
    fetcher: fetcherFor(site.hostPort),
    concurrency: 1,
    timeoutMs: 300,
    batchBudgetMs: 100,
  });
  await site.close();
  expect(rows[0].error).toContain('did not respond');
  expect(rows.slice(1).map((row) => row.error)).toEqual(['Not checked: the batch ran out of time. Submit fewer URLs.', 'Not checked: the batch ran out of time. Submit fewer URLs.']);
});
