import { expect, test } from 'vitest';
import { resolveAlternates, resolveImages } from './page-extras.ts';

const base = 'https://example.com/blog/post';

test('images resolve against the page, keep http(s) only, drop fragments and repeats', () => {
  expect(
    resolveImages(
      [
        'a.png',
        '/img/b.png#x',
        'https://cdn.example/c.png',
        'data:image/png;base64,AA',
        'javascript:x',
        '/img/b.png',
        `/${'x'.repeat(2100)}.png`,
      ],
      base,
    ),
  ).toEqual(['https://example.com/blog/a.png', 'https://example.com/img/b.png', 'https://cdn.example/c.png']);
});

test('hreflang alternates keep valid language values and absolute http(s) targets, each pair once', () => {
  expect(
    resolveAlternates(
      [
        { hreflang: 'en', href: '/en/' },
        { hreflang: 'en-GB', href: 'https://example.co.uk/' },
        { hreflang: 'zh-Hant-TW', href: '/tw/' },
        { hreflang: 'x-default', href: '/' },
        { hreflang: 'EN', href: '/en/' },
        { hreflang: 'english', href: '/english/' },
        { hreflang: 'en-UK', href: '/uk/' },
        { hreflang: 'xx-GB', href: '/xx/' },
        { hreflang: 'fr', href: 'mailto:a@b.c' },
        { hreflang: '', href: '/none/' },
      ],
      base,
    ),
  ).toEqual([
    { hreflang: 'en', href: 'https://example.com/en/' },
    { hreflang: 'en-GB', href: 'https://example.co.uk/' },
    { hreflang: 'zh-Hant-TW', href: 'https://example.com/tw/' },
    { hreflang: 'x-default', href: 'https://example.com/' },
  ]);
});
