import { expect, test } from 'vitest';
import { sitemapSettings } from './settings.ts';

test('defaults: 5,000 pages, depth 50, 8 at a time, 15 s per page, 3 min per crawl', () => {
  expect(sitemapSettings({})).toEqual({
    maxPages: 5000,
    maxDepth: 50,
    concurrency: 8,
    pageTimeoutMs: 15_000,
    crawlTimeoutMs: 180_000,
    maxPageBytes: 5 * 1024 * 1024,
    maxRunning: 4,
    keep: 500,
    rateLimitPer10Min: 10,
  });
});

test('SITEMAP_* variables override the defaults and empty values are ignored', () => {
  expect(sitemapSettings({ SITEMAP_MAX_PAGES: '200', SITEMAP_CONCURRENCY: '2', SITEMAP_KEEP: '' })).toMatchObject({ maxPages: 200, concurrency: 2, keep: 500 });
});

test('a bad SITEMAP_* value stops the app with a message naming it', () => {
  expect(() => sitemapSettings({ SITEMAP_MAX_PAGES: 'lots' })).toThrow(/SITEMAP_MAX_PAGES/);
  expect(() => sitemapSettings({ SITEMAP_CONCURRENCY: '0' })).toThrow(/SITEMAP_CONCURRENCY/);
  expect(() => sitemapSettings({ SITEMAP_MAX_DEPTH: '2.5' })).toThrow(/SITEMAP_MAX_DEPTH/);
});
