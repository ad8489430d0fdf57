import { expect, test } from 'vitest';
import {
  classifyFetchError,
  classifyStatus,
  isFailure,
  movedToAnotherDomain,
  observedLinkType,
  outboundLinks,
  parkedSign,
} from './evidence.ts';

test('status codes: 2xx/3xx work, 401/403/429 and a Cloudflare challenge are "blocked", 404/410 dead, the rest errors', () => {
  expect([200, 204, 304].map((status) => classifyStatus(status, {}))).toEqual(['ok', 'ok', 'ok']);
  expect([401, 403, 429].map((status) => classifyStatus(status, {}))).toEqual(['blocked', 'blocked', 'blocked']);
  expect(classifyStatus(503, { 'cf-mitigated': 'challenge' })).toBe('blocked');
  expect([404, 410].map((status) => classifyStatus(status, {}))).toEqual(['dead', 'dead']);
  expect([500, 502, 503, 418].map((status) => classifyStatus(status, {}))).toEqual([
    'error',
    'error',
    'error',
    'error',
  ]);
  expect(classifyFetchError('dns')).toBe('dead');
  expect(['timeout', 'tls', 'network', 'forbidden-address', 'too-many-redirects'].map(classifyFetchError)).toEqual([
    'error',
    'error',
    'error',
    'error',
    'error',
  ]);
  // Blocked means the site is up; only parked, dead and error count towards hiding.
  expect(['ok', 'blocked', 'parked', 'dead', 'error'].map((outcome) => isFailure(outcome as never))).toEqual([
    false,
    false,
    true,
    true,
    true,
  ]);
});

test('parking pages are recognised by their marketplace or by what they say', () => {
  expect(parkedSign('https://www.hugedomains.com/domain_profile.cfm?d=oldsite.com', '<html></html>')).toBe(
    'redirects to hugedomains.com',
  );
  expect(parkedSign('https://sedo.com/search/details/?domain=x.com', '')).toBe('redirects to sedo.com');
  expect(parkedSign('https://oldsite.com/', '<h1>This domain is for sale!</h1>')).toBe(
    'page says "This domain is for sale"',
  );
  expect(parkedSign('https://oldsite.com/', '<p>The domain name oldsite.com is for sale</p>')).toBe(
    'page says "The domain name oldsite.com is for sale"',
  );
  expect(parkedSign('https://oldsite.com/', '<script src="//www.sedoparking.com/frmpark/x.js"></script>')).toBe(
    'page says "sedoparking"',
  );
});

test('working listing sites are not mistaken for parked ones', () => {
  const pages = [
    '<title>OLX India</title><h1>Buy and sell used cars</h1><a href="/post-ad">Sell</a>',
    '<title>Housing.com</title><p>Flats for sale in Rohini. Post your property for free.</p>',
    '<title>Domain news</title><p>How a company bought its domain name from a previous owner.</p>',
  ];
  for (const html of pages) expect(parkedSign('https://www.example.in/', html)).toBeNull();
});

test('outbound links are tallied by rel; links within the same site, subdomains and non-web links are ignored', () => {
  const html = `
    <a href="/about">internal</a>
    <a href="https://blog.example.com/post">same site, other subdomain</a>
    <a href="https://partner.org/">followed</a>
    <a href="https://another.in/" rel="noopener">followed with noopener</a>
    <a href="https://ugc.net/" rel="nofollow ugc">user content</a>
    <a href="https://ads.net/" rel="sponsored">advert</a>
    <a href="mailto:hi@partner.org">mail</a>
    <a href="javascript:void(0)">script</a>
    <a>no href</a>`;
  expect(outboundLinks(html, 'https://www.example.com/')).toEqual({
    followed: 2,
    notFollowed: 2,
    nofollow: 1,
    ugc: 1,
    sponsored: 1,
  });
  expect(
    outboundLinks(
      '<base href="https://cdn.other.com/"><a href="page">relative to base</a>',
      'https://www.example.com/',
    ),
  ).toMatchObject({ followed: 1 });
});

test('the observed link type summarises the tally, and says nothing when there are no outbound links', () => {
  expect(observedLinkType({ followed: 3, notFollowed: 0, nofollow: 0, ugc: 0, sponsored: 0 })).toBe('dofollow');
  expect(observedLinkType({ followed: 0, notFollowed: 4, nofollow: 4, ugc: 4, sponsored: 0 })).toBe('nofollow');
  expect(observedLinkType({ followed: 1, notFollowed: 1, nofollow: 1, ugc: 0, sponsored: 0 })).toBe('mixed');
  expect(observedLinkType({ followed: 0, notFollowed: 0, nofollow: 0, ugc: 0, sponsored: 0 })).toBeUndefined();
});

test('a move to another registrable domain is noticed; www, subdomains and paths are not moves', () => {
  expect(movedToAnotherDomain('https://twitter.com/', 'https://x.com/')).toBe(true);
  expect(movedToAnotherDomain('https://www.threads.net/', 'https://www.threads.com/')).toBe(true);
  expect(movedToAnotherDomain('https://example.com/', 'https://www.example.com/home')).toBe(false);
  expect(movedToAnotherDomain('https://www.indeed.com/', 'https://in.indeed.com/')).toBe(false);
  expect(movedToAnotherDomain('https://shop.example.co.uk/', 'https://example.co.uk/')).toBe(false);
});
