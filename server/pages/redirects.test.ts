import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import { listen, rawGet } from '#test/helpers/raw-http.ts';
import { isLocalPath } from './redirects.ts';

const SITE = 'https://example.test';

async function site() {
  const { app } = await createTestApp({ assets: apiOnlyAssets });
  return listen(app);
}

/** Where a browser on this site would go for a Location value. */
function destination(location: string): URL {
  return new URL(location, `${SITE}/some/page`);
}

// Spellings a browser treats as protocol-relative (or that decode to one), with and without the
// trailing slash that used to trigger the normaliser, plus encoded and control-character variants.
const HOSTILE = [
  '//evil.com/',
  '//evil.com',
  '///evil.com/',
  '////evil.com//',
  '/\\evil.com/',
  '/\\evil.com',
  '/\\/evil.com/',
  '/\\\\evil.com/',
  '//\\evil.com/',
  '/%2F/evil.com/',
  '/%2F%2Fevil.com/',
  '/%2fevil.com/',
  '/%5Cevil.com/',
  '/%5C%5Cevil.com/',
  '/%09/evil.com/',
  '/%0A/evil.com/',
  '/%0D%0A/evil.com/',
  '/%20/evil.com/',
  '/.//evil.com/',
  '//evil.com/%2F..',
  '//evil.com/contact-me/',
  '//evil.com/?next=/',
  '/%E3%80%82/evil.com/',
  '//evil%E3%80%82com/',
  '//127.0.0.1/',
  '//@evil.com/',
  '/%2F%2Fevil.com/contact-me/',
];

test.each(HOSTILE)('GET %s never redirects off the site', async (path) => {
  const port = await site();
  const res = await rawGet(port, path);
  expect(res.status).not.toBe(500);
  const location = res.headers.location;
  if (location !== undefined) {
    expect(isLocalPath(location), location).toBe(true);
    expect(destination(location).origin).toBe(SITE);
  }
});

test('the probe finding: //evil.com/ and /\\evil.com/ are 404 pages, not redirects', async () => {
  const port = await site();
  for (const path of ['//evil.com/', '/\\evil.com/']) {
    const res = await rawGet(port, path);
    expect(res.status, path).toBe(404);
    expect(res.headers.location, path).toBeUndefined();
  }
});

test('raw tabs and backslash-tab tricks in the request line are refused by the parser with a body', async () => {
  const port = await site();
  const res = await rawGet(port, '/\t/evil.com/');
  expect(res.status).toBe(400);
  expect(res.headers.location).toBeUndefined();
  expect(res.body).toContain('Bad Request');
});

test.each([
  ['/contact-me/', '/contact-me'],
  ['/contact-me//', '/contact-me'],
  ['/contact-me/?utm_source=x&a=%2F%2Fevil.com', '/contact-me?utm_source=x&a=%2F%2Fevil.com'],
  ['///', '/'],
  ['/BulkUrlRedirectionTool', '/bulk-url-redirection-tool'],
  ['/BulkUrlRedirectionTool/', '/bulk-url-redirection-tool'],
  ['/bulkurlredirectiontool', '/bulk-url-redirection-tool'],
  ['/CONTACT-ME', '/contact-me'],
  ['/Seo-Services-Delhi/', '/seo-services-delhi'],
  ['/youtubeshortsdownloader', '/YouTubeShortsDownloader'],
  ['/local-seo-delhi', '/seo-services-delhi'],
])('%s answers 301 to the canonical %s', async (path, target) => {
  const port = await site();
  const res = await rawGet(port, path);
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe(target);
});

test('canonical paths and unknown paths are not redirected', async () => {
  const port = await site();
  expect((await rawGet(port, '/disclaimer')).status).toBe(200);
  const unknown = await rawGet(port, '/no-such-page/');
  expect(unknown.status).toBe(404);
  expect(unknown.headers.location).toBeUndefined();
});

test('isLocalPath accepts site paths only', () => {
  for (const good of ['/', '/contact-me', '/a/b?c=//d', '/seo-services-delhi#faq'])
    expect(isLocalPath(good), good).toBe(true);
  for (const bad of [
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil.com/',
    'evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/ /x',
    '',
  ]) {
    expect(isLocalPath(bad), JSON.stringify(bad)).toBe(false);
  }
});
