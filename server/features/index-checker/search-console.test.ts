import { expect, test } from 'vitest';
import {
  indexStatus,
  neverCrawled,
  permissionDenied,
  PERMISSION_DENIED_MESSAGE,
  startFakeGoogle,
  testServiceAccount,
  type InspectAnswer,
} from '#test/fixtures/fake-google.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createSearchConsoleClient, propertyCovers } from './search-console.ts';

const PROPERTY = 'https://shop.example.com/';

const ANSWERS: Record<string, InspectAnswer> = {
  'https://shop.example.com/indexed': indexStatus('PASS', 'Submitted and indexed'),
  'https://shop.example.com/discovered': indexStatus('NEUTRAL', 'Discovered - currently not indexed'),
  'https://shop.example.com/broken': indexStatus('FAIL', 'Server error (5xx)'),
  'https://shop.example.com/denied': permissionDenied(),
  'https://shop.example.com/new': neverCrawled(),
  'https://shop.example.com/shoes?colour=red': indexStatus(
    'NEUTRAL',
    'Duplicate, Google chose different canonical than user',
    {
      lastCrawlTime: '2026-11-26T22:05:11Z',
      googleCanonical: 'https://shop.example.com/shoes',
      userCanonical: 'https://shop.example.com/shoes?colour=red',
      crawledAs: 'DESKTOP',
      sitemap: ['https://shop.example.com/sitemap.xml'],
      referringUrls: ['https://shop.example.com/'],
    },
  ),
};

/** Google's states of a crawled page that nothing blocks, as the fixture answers them. */
const CRAWLED_OK = { robotsTxtState: 'ALLOWED', indexingState: 'INDEXING_ALLOWED', pageFetchState: 'SUCCESSFUL' };

/** The service account, a fake Google that trusts `trustedKey` (the account's own by default), and a client. */
async function setup(options: { trustedKey?: string; tokenUrl?: 'option' | 'key-file' } = {}) {
  const account = testServiceAccount();
  const google = await startFakeGoogle({
    publicKey: options.trustedKey ?? account.publicKey,
    clientEmail: account.credentials.client_email,
    inspect: (url) => ANSWERS[url] ?? { status: 500, body: { error: { code: 500, message: `no answer for ${url}` } } },
  });
  const viaKeyFile = options.tokenUrl === 'key-file';
  const client = createSearchConsoleClient({
    credentials: viaKeyFile ? { ...account.credentials, token_uri: google.tokenUrl } : account.credentials,
    property: PROPERTY,
    fetcher: createSafeFetcher({ allowPrivate: [google.server.hostPort], userAgent: 'test-bot' }),
    apiOrigin: google.server.origin,
    tokenUrl: viaKeyFile ? undefined : google.tokenUrl,
  });
  return { account, google, client };
}

test('Search Console properties cover their domain or URL prefix only', () => {
  expect(propertyCovers('sc-domain:example.com', 'https://blog.example.com/a')).toBe(true);
  expect(propertyCovers('sc-domain:example.com', 'https://notexample.com/a')).toBe(false);
  expect(propertyCovers('https://example.com/shop/', 'https://example.com/shop/item')).toBe(true);
  expect(propertyCovers('https://example.com/shop/', 'https://example.com/blog')).toBe(false);
});

test("verdicts: PASS is indexed, NEUTRAL and FAIL are not, each with Google's coverage state; one token serves every inspection", async () => {
  const { google, client } = await setup();
  const results = [
    await client.inspect('https://shop.example.com/indexed'),
    await client.inspect('https://shop.example.com/discovered'),
    await client.inspect('https://shop.example.com/broken'),
  ];
  await google.close();
  const none = { lastCrawlTime: null, googleCanonical: null, userCanonical: null, crawledAs: 'MOBILE' };
  expect(results).toEqual([
    { indexed: true, note: 'Submitted and indexed', details: { ...none, ...CRAWLED_OK } },
    { indexed: false, note: 'Discovered - currently not indexed', details: { ...none, ...CRAWLED_OK } },
    { indexed: false, note: 'Server error (5xx)', details: { ...none, ...CRAWLED_OK } },
  ]);
  expect(google.refusals).toEqual([]);
  expect(google.tokenRequests).toBe(1);
  expect(google.inspections).toEqual([
    { inspectionUrl: 'https://shop.example.com/indexed', siteUrl: PROPERTY },
    { inspectionUrl: 'https://shop.example.com/discovered', siteUrl: PROPERTY },
    { inspectionUrl: 'https://shop.example.com/broken', siteUrl: PROPERTY },
  ]);
});

test("crawl time, both canonicals, robots and fetch states come from Google's answer; a never-crawled URL has none", async () => {
  const { google, client } = await setup();
  const duplicate = await client.inspect('https://shop.example.com/shoes?colour=red');
  const fresh = await client.inspect('https://shop.example.com/new');
  await google.close();
  expect(duplicate).toEqual({
    indexed: false,
    note: 'Duplicate, Google chose different canonical than user',
    details: {
      lastCrawlTime: '2026-11-26T22:05:11Z',
      googleCanonical: 'https://shop.example.com/shoes',
      userCanonical: 'https://shop.example.com/shoes?colour=red',
      ...CRAWLED_OK,
      crawledAs: 'DESKTOP',
    },
  });
  expect(fresh).toEqual({
    indexed: false,
    note: 'URL is unknown to Google',
    details: {
      lastCrawlTime: null,
      googleCanonical: null,
      userCanonical: null,
      robotsTxtState: 'ROBOTS_TXT_STATE_UNSPECIFIED',
      indexingState: 'INDEXING_STATE_UNSPECIFIED',
      pageFetchState: 'PAGE_FETCH_STATE_UNSPECIFIED',
      crawledAs: null,
    },
  });
});

test('inspections started together share one token exchange', async () => {
  const { google, client } = await setup();
  const results = await Promise.all(
    ['indexed', 'discovered', 'indexed'].map((path) => client.inspect(`https://shop.example.com/${path}`)),
  );
  await google.close();
  expect(results.map((result) => result.indexed)).toEqual([true, false, true]);
  expect(google.tokenRequests).toBe(1);
});

test('a refused sign-in (invalid_grant) makes the row "Not checked" and sends no inspection', async () => {
  // Google trusts a different key: the assertion's RS256 signature really fails.
  const { google, client } = await setup({ trustedKey: testServiceAccount().publicKey });
  const result = await client.inspect('https://shop.example.com/indexed');
  await google.close();
  expect(result).toEqual({ indexed: null, note: 'Not checked (Google sign-in failed (HTTP 400))' });
  expect(google.refusals).toEqual(['Invalid JWT Signature.']);
  expect(google.inspections).toEqual([]);
});

test("an API refusal is shown with Google's own message", async () => {
  const { google, client } = await setup();
  const result = await client.inspect('https://shop.example.com/denied');
  await google.close();
  expect(result).toEqual({
    indexed: null,
    note: `Not checked (Search Console answered HTTP 403: ${PERMISSION_DENIED_MESSAGE})`,
  });
});

test('a URL outside the property is never sent to Google, not even for a token', async () => {
  const { google, client } = await setup();
  const result = await client.inspect('https://blog.example.com/post');
  await google.close();
  expect(result).toEqual({ indexed: null, note: `Not checked (outside the Search Console property ${PROPERTY})` });
  expect(google.tokenRequests).toBe(0);
  expect(google.inspections).toEqual([]);
});

test("without SEARCH_CONSOLE_TOKEN_URL the key file's token_uri is where the assertion goes", async () => {
  const { google, client } = await setup({ tokenUrl: 'key-file' });
  const result = await client.inspect('https://shop.example.com/indexed');
  await google.close();
  expect(result).toMatchObject({ indexed: true, note: 'Submitted and indexed' });
  expect(google.tokenRequests).toBe(1);
});

test("SEARCH_CONSOLE_TOKEN_URL wins over the key file's token_uri", async () => {
  const account = testServiceAccount();
  const google = await startFakeGoogle({
    publicKey: account.publicKey,
    clientEmail: account.credentials.client_email,
    tokenPath: '/private/token',
    inspect: () => ANSWERS['https://shop.example.com/indexed'],
  });
  const elsewhere = await startLoopbackServer((_req, res) => void res.writeHead(500).end());
  const client = createSearchConsoleClient({
    credentials: { ...account.credentials, token_uri: `${elsewhere.origin}/token` },
    property: PROPERTY,
    fetcher: createSafeFetcher({ allowPrivate: [google.server.hostPort], userAgent: 'test-bot' }),
    apiOrigin: google.server.origin,
    tokenUrl: google.tokenUrl,
  });
  const result = await client.inspect('https://shop.example.com/indexed');
  await Promise.all([google.close(), elsewhere.close()]);
  expect(result).toMatchObject({ indexed: true, note: 'Submitted and indexed' });
  expect([google.tokenRequests, elsewhere.connections()]).toEqual([1, 0]);
});

test('a token endpoint that cannot be reached makes the row "Not checked" with the reason', async () => {
  const account = testServiceAccount();
  const closed = await startLoopbackServer(() => undefined);
  await closed.close();
  const client = createSearchConsoleClient({
    credentials: account.credentials,
    property: PROPERTY,
    fetcher: createSafeFetcher({ allowPrivate: [], userAgent: 'test-bot' }),
    tokenUrl: `${closed.origin}/token`,
  });
  expect(await client.inspect('https://shop.example.com/indexed')).toEqual({
    indexed: null,
    note: `Not checked (Google sign-in failed (could not reach ${closed.hostPort}))`,
  });
});
