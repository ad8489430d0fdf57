import { expect, test } from 'vitest';
import { MAX_URL_LENGTH, TYPED_URL_EMPTY, TYPED_URL_INVALID, TYPED_URL_TOO_LONG, typedUrl } from './url-input.ts';

test('a bare domain, //host and host:port become https and say no scheme was typed', () => {
  expect(typedUrl(' example.com/page?q=1 ')).toEqual({
    ok: true,
    url: 'https://example.com/page?q=1',
    schemeTyped: false,
  });
  expect(typedUrl('//example.com')).toEqual({ ok: true, url: 'https://example.com/', schemeTyped: false });
  expect(typedUrl('localhost:3000/x')).toEqual({ ok: true, url: 'https://localhost:3000/x', schemeTyped: false });
  expect(typedUrl('127.0.0.1:8080')).toEqual({ ok: true, url: 'https://127.0.0.1:8080/', schemeTyped: false });
  expect(typedUrl('münchen.de')).toEqual({ ok: true, url: 'https://xn--mnchen-3ya.de/', schemeTyped: false });
  expect(typedUrl('user:pw@example.com:8443/a')).toEqual({
    ok: true,
    url: 'https://user:pw@example.com:8443/a',
    schemeTyped: false,
  });
});

test('an explicit http:// or https:// is kept', () => {
  expect(typedUrl('http://example.com')).toEqual({ ok: true, url: 'http://example.com/', schemeTyped: true });
  expect(typedUrl('HTTPS://Example.com/A')).toEqual({ ok: true, url: 'https://example.com/A', schemeTyped: true });
  expect(typedUrl('http://[::1]:8080/')).toEqual({ ok: true, url: 'http://[::1]:8080/', schemeTyped: true });
});

test('other schemes are refused by name', () => {
  expect(typedUrl('ftp://example.com')).toEqual({
    ok: false,
    problem: 'scheme',
    reason: 'Only http and https URLs can be fetched (got ftp).',
  });
  expect(typedUrl('javascript:alert(1)')).toEqual({
    ok: false,
    problem: 'scheme',
    reason: 'Only http and https URLs can be fetched (got javascript).',
  });
  expect(typedUrl('mailto:a@example.com')).toMatchObject({ ok: false, problem: 'scheme' });
});

test('empty, over-long and host-less text is refused before any request', () => {
  expect(typedUrl('   ')).toEqual({ ok: false, problem: 'empty', reason: TYPED_URL_EMPTY });
  expect(typedUrl(`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`)).toEqual({
    ok: false,
    problem: 'too-long',
    reason: TYPED_URL_TOO_LONG,
  });
  expect(TYPED_URL_TOO_LONG).toBe('URLs are limited to 2048 characters.');
  for (const text of ['../../etc/passwd', 'http://', 'https://', ':::', 'a b c', 'example..com', '-a.com', '.', '//']) {
    expect([text, typedUrl(text)]).toEqual([text, { ok: false, problem: 'invalid', reason: TYPED_URL_INVALID }]);
  }
});

test('the limit counts the trimmed text: exactly 2048 characters pass', () => {
  const base = 'https://example.com/';
  expect(typedUrl(`  ${base}${'a'.repeat(MAX_URL_LENGTH - base.length)}  `).ok).toBe(true);
});
