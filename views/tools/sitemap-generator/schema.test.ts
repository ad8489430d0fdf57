import { expect, test } from 'vitest';
import { generateSitemapBody, progressQuery } from './schema.ts';

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

test('options: each may be left out; given ones are checked and bad ones refused with a clear message', () => {
  const url = 'https://example.com';
  expect(
    generateSitemapBody.parse({
      url,
      maxPages: 10,
      include: [' /blog/ ', '', '/blog/'],
      exclude: ['/tag/'],
      includeNoindex: true,
      includeNonCanonical: false,
      images: false,
      hreflang: true,
    }),
  ).toEqual({
    url,
    maxPages: 10,
    include: ['/blog/'],
    exclude: ['/tag/'],
    includeNoindex: true,
    includeNonCanonical: false,
    images: false,
    hreflang: true,
  });
  expect(message({ url, maxPages: 0 })).toBe('The page limit must be at least 1.');
  expect(message({ url, maxPages: 2.5 })).toBe('The page limit must be a whole number.');
  expect(message({ url, maxPages: '10' })).toBe('The page limit must be a whole number.');
  expect(message({ url, maxPages: 1_000_001 })).toBe('The page limit must be at most 1000000.');
  expect(message({ url, include: '/blog/' })).toBe('Include patterns must be a list of paths such as /blog/.');
  expect(message({ url, include: ['blog'] })).toBe(
    'Include pattern 1 ("blog") must start with / (a path such as /blog/).',
  );
  expect(message({ url, exclude: Array.from({ length: 21 }, (_, i) => `/p${i}`) })).toBe(
    'Exclude patterns: at most 20, one per line.',
  );
  expect(message({ url, exclude: [`/${'a'.repeat(200)}`] })).toBe(
    'Exclude patterns may be at most 200 characters each.',
  );
  expect(message({ url, exclude: [3] })).toBe('Exclude patterns must be text, one pattern per item.');
  expect(message({ url, includeNoindex: 'yes' })).toBe('includeNoindex must be true or false.');
  expect(message({ url, maxpages: 5 })).toMatch(/maxpages/);
});

test('the progress query names the same options as text: numbers, 1/0 flags, one or repeated patterns', () => {
  expect(
    progressQuery.parse({
      url: 'example.com',
      maxPages: '25',
      include: '/blog/',
      exclude: ['/a/', '/b/'],
      images: '0',
    }),
  ).toEqual({ url: 'example.com', maxPages: 25, include: ['/blog/'], exclude: ['/a/', '/b/'], images: false });
  expect(progressQuery.safeParse({ url: 'example.com', maxPages: 'ten' }).error?.issues[0].message).toBe(
    'The page limit must be a whole number.',
  );
  expect(progressQuery.safeParse({ url: 'example.com', hreflang: 'maybe' }).error?.issues[0].message).toBe(
    'hreflang must be true or false.',
  );
});
