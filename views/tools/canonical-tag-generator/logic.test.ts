import { expect, test } from 'vitest';
import { buildCanonicalTag, URL_INVALID, URL_REQUIRED, URL_TOO_LONG } from './logic.ts';

test('builds the tag for an absolute URL', () => {
  expect(buildCanonicalTag(' https://example.com/page ')).toEqual({
    ok: true,
    href: 'https://example.com/page',
    tag: '<link rel="canonical" href="https://example.com/page">',
    notes: [],
  });
});

test('escapes ampersands and quotes in the attribute', () => {
  const result = buildCanonicalTag('https://example.com/search?q=a&b="c"<d>');
  expect(result).toMatchObject({
    ok: true,
    tag: '<link rel="canonical" href="https://example.com/search?q=a&amp;b=%22c%22%3Cd%3E">',
  });
});

test('adds https to a bare domain, drops fragments and credentials, keeps ports', () => {
  const result = buildCanonicalTag('user:pw@example.com:8443/a#top');
  expect(result).toMatchObject({ ok: true, href: 'https://example.com:8443/a' });
  expect(result.ok && result.notes).toHaveLength(3);
});

test('IDN hosts and unicode paths are normalised', () => {
  expect(buildCanonicalTag('https://münchen.de/über uns'.replace(' ', '-'))).toMatchObject({
    href: 'https://xn--mnchen-3ya.de/%C3%BCber-uns',
  });
});

test('empty, invalid and over-long input get their messages', () => {
  expect(buildCanonicalTag('   ')).toEqual({ ok: false, error: URL_REQUIRED });
  for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://example.com/', 'page', 'http://']) {
    expect(buildCanonicalTag(bad)).toEqual({ ok: false, error: URL_INVALID });
  }
  expect(buildCanonicalTag(`https://example.com/${'a'.repeat(2048)}`)).toEqual({ ok: false, error: URL_TOO_LONG });
});
