import { expect, test } from 'vitest';
import {
  hostKey,
  isHostIn,
  isSameSite,
  isTrackingParam,
  nonHtmlExtension,
  normalizeUrl,
  upgradeScheme,
} from './normalize.ts';

test('normalizeUrl lower-cases the host, drops default ports, fragments and credentials', () => {
  expect(normalizeUrl('HTTP://User:pw@Example.COM:80/Path/#frag')).toBe('http://example.com/Path/');
  expect(normalizeUrl('https://example.com:443')).toBe('https://example.com/');
  expect(normalizeUrl('http://example.com:8080/a')).toBe('http://example.com:8080/a');
  expect(normalizeUrl('http://example.com./a')).toBe('http://example.com/a');
  // Each part is taken off alone too, an empty fragment as well; a base's fragment is never the link's.
  expect(normalizeUrl('http://example.com/a#')).toBe('http://example.com/a');
  expect(normalizeUrl('http://user@example.com/a')).toBe('http://example.com/a');
  expect(normalizeUrl('http://:secret@example.com/a')).toBe('http://example.com/a');
  expect(normalizeUrl('?q=1', 'http://example.com/a#top')).toBe('http://example.com/a?q=1');
  expect(normalizeUrl('', 'http://example.com/a#top')).toBeNull();
  expect(normalizeUrl('b#c%2fd', 'http://example.com/a#top')).toBe('http://example.com/b');
});

test('normalizeUrl resolves relative links and dot segments against the page', () => {
  expect(normalizeUrl('b', 'http://example.com/dir/a')).toBe('http://example.com/dir/b');
  expect(normalizeUrl('../up', 'http://example.com/dir/sub/')).toBe('http://example.com/dir/up');
  expect(normalizeUrl('//other.example/x', 'https://example.com/')).toBe('https://other.example/x');
  expect(normalizeUrl('?q=1', 'http://example.com/search')).toBe('http://example.com/search?q=1');
});

test('normalizeUrl strips tracking parameters and keeps other query strings in order', () => {
  expect(normalizeUrl('http://example.com/p?utm_source=a&id=3&UTM_Medium=b&gclid=x&fbclid=y&sort=asc')).toBe(
    'http://example.com/p?id=3&sort=asc',
  );
  expect(normalizeUrl('http://example.com/p?utm_campaign=x')).toBe('http://example.com/p');
  expect(normalizeUrl('http://example.com/p?b=2&a=1')).toBe('http://example.com/p?b=2&a=1');
  expect(normalizeUrl('http://example.com/p?')).toBe('http://example.com/p');
});

test('normalizeUrl keeps the trailing slash as written and makes the empty path /', () => {
  expect(normalizeUrl('http://example.com')).toBe('http://example.com/');
  expect(normalizeUrl('http://example.com/a/')).toBe('http://example.com/a/');
  expect(normalizeUrl('http://example.com/a')).toBe('http://example.com/a');
});

test('normalizeUrl upper-cases percent escapes so both spellings meet', () => {
  expect(normalizeUrl('http://example.com/a%2fb%c3%a9')).toBe('http://example.com/a%2Fb%C3%A9');
  expect(normalizeUrl('http://example.com/café')).toBe('http://example.com/caf%C3%A9');
});

test('normalizeUrl returns null for mailto, tel, javascript, data, bare fragments and garbage', () => {
  for (const raw of [
    'mailto:a@b.c',
    'tel:+911234',
    'javascript:void(0)',
    'data:text/html,hi',
    '#top',
    '',
    '   ',
    'http://',
    'ftp://example.com/',
  ]) {
    expect(normalizeUrl(raw, 'http://example.com/')).toBeNull();
  }
});

test('isTrackingParam knows utm_*, gclid, fbclid and friends, and nothing else', () => {
  expect(['utm_source', 'UTM_TERM', 'gclid', 'fbclid', 'msclkid'].every(isTrackingParam)).toBe(true);
  expect(['id', 'page', 'utm', 'q'].some(isTrackingParam)).toBe(false);
});

test('hostKey and isSameSite treat http and https of one host as the same site', () => {
  expect(hostKey('http://Example.com/')).toBe('example.com');
  expect(hostKey('https://example.com:8443/')).toBe('example.com:8443');
  expect(isSameSite('https://example.com/a', 'example.com')).toBe(true);
  expect(isSameSite('http://www.example.com/a', 'example.com')).toBe(false);
  expect(isSameSite('http://sub.example.com/a', 'example.com')).toBe(false);
});

test('upgradeScheme moves http links onto an https site and leaves http sites alone', () => {
  expect(upgradeScheme('http://example.com/a', 'https://example.com')).toBe('https://example.com/a');
  expect(upgradeScheme('http://example.com/a', 'http://example.com')).toBe('http://example.com/a');
  expect(upgradeScheme('https://example.com/a', 'http://example.com')).toBe('https://example.com/a');
});

test('nonHtmlExtension spots files by extension, not pages', () => {
  expect(nonHtmlExtension('http://example.com/a/brochure.PDF')).toBe('pdf');
  expect(nonHtmlExtension('http://example.com/img.jpg?w=20')).toBe('jpg');
  expect(nonHtmlExtension('http://example.com/page.html')).toBeNull();
  expect(nonHtmlExtension('http://example.com/index.php')).toBeNull();
  expect(nonHtmlExtension('http://example.com/v1.2/docs')).toBeNull();
  expect(nonHtmlExtension('http://example.com/.well-known')).toBeNull();
});

test('isHostIn answers what parsing the URL for its host key answers, the tricky spellings included', () => {
  const hosts = new Set([
    hostKey('https://example.com/'),
    hostKey('https://shop.example.com:80/'),
    hostKey('http://127.0.0.1:8080/'),
    hostKey('http://[::1]:3000/'),
  ]);
  const urls = [
    'https://example.com/a',
    'http://example.com/a?b#c',
    'https://example.com',
    'https://example.com?q=/x',
    'https://example.com#/x',
    'https://example.com:443/a',
    'http://example.com:80/a',
    'https://example.com:8443/a',
    'http://shop.example.com:80/a',
    'https://shop.example.com:80/a',
    'https://shop.example.com/a',
    'http://127.0.0.1:8080/a',
    'http://127.1:8080/a',
    'http://0x7f.0.0.1:8080/a',
    'http://127.0.0.1:08080/a',
    'http://[::1]:3000/a',
    'http://[0:0::1]:3000/a',
    'https://EXAMPLE.com/a',
    'https://example.com./a',
    'https://user@example.com/a',
    'https://example.com@evil.example/a',
    'https://evil.example/example.com/',
    'https:\\\\example.com\\a',
    'https://exam%70le.com/a',
    'ftp://example.com/a',
  ];
  for (const url of urls) expect(isHostIn(url, hosts), url).toBe(hosts.has(hostKey(url)));
  // Some of each answer: the comparison has both sides.
  expect(urls.filter((url) => isHostIn(url, hosts)).length).toBeGreaterThan(5);
  expect(urls.filter((url) => !isHostIn(url, hosts)).length).toBeGreaterThan(5);
});
