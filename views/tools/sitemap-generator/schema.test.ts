import { expect, test } from 'vitest';
import { generateSitemapBody } from './schema.ts';

function message(input: unknown): string | undefined {
  const result = generateSitemapBody.safeParse(input);
  return result.success ? undefined : result.error.issues[0].message;
}

test('a full http(s) URL is accepted as typed (trimmed)', () => {
  expect(generateSitemapBody.parse({ url: '  https://example.com/blog ' })).toEqual({
    url: 'https://example.com/blog',
  });
  expect(generateSitemapBody.parse({ url: 'http://example.com' })).toEqual({ url: 'http://example.com' });
});

test('a bare domain is kept as typed: the crawl reads it as https, then http when the site has no TLS', () => {
  expect(generateSitemapBody.parse({ url: ' example.com/blog ' })).toEqual({ url: 'example.com/blog' });
});

test('missing, empty, non-web and over-long URLs are refused with a message a person can act on', () => {
  expect(message({})).toBe('Please enter your website URL.');
  expect(message({ url: '   ' })).toBe('Please enter your website URL.');
  expect(message({ url: 42 })).toBe('Please enter your website URL.');
  expect(message({ url: 'ftp://example.com' })).toBe('Please enter a valid http:// or https:// URL.');
  expect(message({ url: 'javascript:alert(1)' })).toBe('Please enter a valid http:// or https:// URL.');
  expect(message({ url: 'http://' })).toBe('Please enter a valid http:// or https:// URL.');
  for (const url of ['../../etc/passwd', ':::', 'a b c'])
    expect(message({ url })).toBe('Please enter a valid http:// or https:// URL.');
  expect(message({ url: `https://example.com/${'a'.repeat(2048)}` })).toBe('The URL must be at most 2048 characters.');
});
