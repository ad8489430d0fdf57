import { expect, test } from 'vitest';
import { leadSource, sameOriginPath, SOURCE_PAGE_MAX, sourcePath } from './source-page.ts';

test('a path of this site is kept with its query, without its fragment', () => {
  expect(sourcePath('/seo-packages')).toBe('/seo-packages');
  expect(sourcePath(' /contact-me?plan=growth#form ')).toBe('/contact-me?plan=growth');
  expect(sourcePath('/guest-post-sites?page=2')).toBe('/guest-post-sites?page=2');
});

test('anything but a path of this site is dropped: full and protocol-relative URLs, schemes, control characters', () => {
  for (const value of [
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    'javascript:alert(1)',
    'seo-packages',
    '',
    '/a\nb',
    42,
    null,
    undefined,
    { path: '/' },
  ])
    expect(sourcePath(value)).toBeNull();
});

test('markup in a path is percent-encoded, never kept as markup', () => {
  expect(sourcePath('/x"><script>alert(1)</script>')).toBe('/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
  expect(sourcePath('/x?q=<b>')).toBe('/x?q=%3Cb%3E');
});

test(`an overlong path is capped at ${SOURCE_PAGE_MAX} characters`, () => {
  const long = `/seo-guides?${'q'.repeat(1000)}`;
  expect(sourcePath(long)).toBe(long.slice(0, SOURCE_PAGE_MAX));
  expect(sourcePath(long)).toHaveLength(300);
});

test('a referrer counts only from the same origin, as its path', () => {
  const origin = 'https://seo.example.in';
  expect(sameOriginPath('https://seo.example.in/seo-packages?x=1#top', origin)).toBe('/seo-packages?x=1');
  expect(sameOriginPath('https://www.google.com/search?q=seo', origin)).toBeNull();
  expect(sameOriginPath('http://seo.example.in/seo-packages', origin)).toBeNull();
  expect(sameOriginPath('https://seo.example.in.evil.example/', origin)).toBeNull();
  expect(sameOriginPath('not a url', origin)).toBeNull();
});

test('what a form sends: its own page and the page before it; a reload of the form names no earlier page', () => {
  const location = { pathname: '/contact-me', search: '?plan=growth', origin: 'https://seo.example.in' };
  expect(leadSource(location, 'https://seo.example.in/seo-packages')).toEqual({
    formPage: '/contact-me?plan=growth',
    sourcePage: '/seo-packages',
  });
  expect(leadSource(location, '')).toEqual({ formPage: '/contact-me?plan=growth', sourcePage: null });
  expect(leadSource(location, 'https://www.google.com/')).toEqual({
    formPage: '/contact-me?plan=growth',
    sourcePage: null,
  });
  expect(leadSource(location, 'https://seo.example.in/contact-me?plan=growth')).toEqual({
    formPage: '/contact-me?plan=growth',
    sourcePage: null,
  });
});
