import { expect, test } from 'vitest';
import { domainsText, EXTRACT_FAILED, extractDomains, INPUT_REQUIRED, INVALID_URL, MAX_LINES } from './logic.ts';
import { rootDomain } from './root-domain.ts';

function lines(text: string, options = {}) {
  const result = extractDomains(text, options);
  if (!result.ok) throw new Error(result.error);
  return result.lines;
}

test('one hostname per URL line; ports, paths and credentials dropped; empty lines skipped', () => {
  expect(
    lines('https://www.example.com:8080/a?b=1\n\n  http://user:pw@Blog.Example.org/x  \nexample.net/page\n').map(
      (l) => l.domain,
    ),
  ).toEqual(['www.example.com', 'blog.example.org', 'example.net']);
});

test('invalid lines say Invalid URL and keep their place', () => {
  expect(lines('not a url\nhttps://ok.com\nmailto:a@b.com\nfoo')).toEqual([
    { input: 'not a url', domain: null, error: INVALID_URL },
    { input: 'https://ok.com', domain: 'ok.com' },
    { input: 'mailto:a@b.com', domain: null, error: INVALID_URL },
    { input: 'foo', domain: null, error: INVALID_URL },
  ]);
});

test('IDN hosts come back in punycode; IP and localhost URLs with a scheme are kept', () => {
  expect(
    lines('https://münchen.de/x\nhttp://127.0.0.1:3000/\nhttp://localhost/\nhttp://[::1]:80/').map((l) => l.domain),
  ).toEqual(['xn--mnchen-3ya.de', '127.0.0.1', 'localhost', '[::1]']);
});

test('unique-only keeps the first occurrence; www can be stripped', () => {
  const text = 'https://a.com/1\nhttps://A.com/2\nhttps://www.a.com/\nbad line\nbad line';
  expect(domainsText(lines(text, { uniqueOnly: true }))).toBe('a.com\nwww.a.com');
  expect(domainsText(lines(text, { uniqueOnly: true, stripWww: true }))).toBe('a.com');
  expect(lines(text, { uniqueOnly: true }).filter((l) => l.error)).toHaveLength(2);
});

test('empty input is refused, and so is more than the line limit', () => {
  expect(extractDomains(' \n\n ')).toEqual({ ok: false, error: INPUT_REQUIRED });
  const tooMany = Array.from({ length: MAX_LINES + 1 }, (_, i) => `https://s${i}.com`).join('\n');
  expect(extractDomains(tooMany)).toEqual({
    ok: false,
    error: `${EXTRACT_FAILED}: paste at most 5,000 URLs at a time.`,
  });
  expect(extractDomains(tooMany.split('\n').slice(1).join('\n')).ok).toBe(true);
});

test('root domain output uses the Public Suffix List; hosts without one stay as they are', () => {
  const text = [
    'https://a.b.example.co.uk/page',
    'shop.example.com.au/cart',
    'http://www.example.com',
    'https://blog.example.in:8080/x',
    'https://alice.github.io/repo',
    'https://münchen.de/x',
    'http://127.0.0.1:3000/',
    'http://localhost/',
    'https://co.uk/',
    'not a url',
  ].join('\n');
  expect(lines(text, { rootDomain }).map((line) => line.domain)).toEqual([
    'example.co.uk',
    'example.com.au',
    'example.com',
    'example.in',
    'alice.github.io',
    'xn--mnchen-3ya.de',
    '127.0.0.1',
    'localhost',
    'co.uk',
    null,
  ]);
});

test('unique-only de-duplicates by root domain when that output is chosen', () => {
  const text = 'https://www.example.co.uk/\nhttps://shop.example.co.uk/\nhttps://example.co.uk/x\nhttps://other.co.uk/';
  expect(domainsText(lines(text, { rootDomain, uniqueOnly: true }))).toBe('example.co.uk\nother.co.uk');
  expect(domainsText(lines(text, { uniqueOnly: true }))).toBe(
    'www.example.co.uk\nshop.example.co.uk\nexample.co.uk\nother.co.uk',
  );
});
