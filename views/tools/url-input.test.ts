import { expect, test } from 'vitest';
import { DOMAIN_INVALID, DOMAIN_REQUIRED, isDomainName, parseDomain, parseWebUrl } from './url-input.ts';

test('a bare domain, a URL with port and path, and www all give the same domain', () => {
  for (const input of [
    'example.com',
    ' https://example.com ',
    'http://www.example.com:8080/a?b=1#c',
    'EXAMPLE.com.',
    'user:pw@example.com/x',
  ]) {
    expect(parseDomain(input)).toEqual({ ok: true, domain: 'example.com' });
  }
});

test('IDN domains come back as punycode, with or without a scheme', () => {
  expect(parseDomain('münchen.de')).toEqual({ ok: true, domain: 'xn--mnchen-3ya.de' });
  expect(parseDomain('https://www.दिल्ली.भारत/path')).toEqual({ ok: true, domain: 'xn--j2bya4ch0f.xn--h2brj9c' });
});

test('subdomains other than www are kept', () => {
  expect(parseDomain('blog.example.co.in')).toEqual({ ok: true, domain: 'blog.example.co.in' });
});

test('empty and non-domain input is refused with a message a person can act on', () => {
  expect(parseDomain('   ')).toEqual({ ok: false, error: DOMAIN_REQUIRED });
  for (const input of [
    'localhost',
    '127.0.0.1',
    'http://[::1]/',
    'not a domain',
    'ftp://example.com',
    'mailto:a@example.com',
    'exa_mple.com',
    'example.c0m',
    'javascript:alert(1)',
  ]) {
    expect(parseDomain(input)).toEqual({ ok: false, error: DOMAIN_INVALID });
  }
});

test('very long hosts are refused', () => {
  expect(isDomainName(`${'a'.repeat(64)}.com`)).toBe(false);
  expect(isDomainName(`${'abcdefghi.'.repeat(26)}com`)).toBe(false);
  expect(isDomainName(`${'a'.repeat(63)}.com`)).toBe(true);
});

test('parseWebUrl keeps path and query, and only accepts http and https', () => {
  expect(parseWebUrl('example.com:8080/a b')).toBeNull();
  expect(parseWebUrl('example.com:8080/x?y=1')?.href).toBe('https://example.com:8080/x?y=1');
  expect(parseWebUrl('http://example.com')?.href).toBe('http://example.com/');
  expect(parseWebUrl('data:text/html,hi')).toBeNull();
});
