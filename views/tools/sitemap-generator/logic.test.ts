import { expect, test } from 'vitest';
import { fileNameFromLink, fullLink, generateErrorMessage, progressPercent, reasonRows, stopLabel, toSitemapList } from './logic.ts';

test('fullLink joins this site origin and the sitemap path, falling back to the raw path', () => {
  expect(fullLink('https://tools.example', '/api/sitemaps/files/sitemap-a.xml')).toBe('https://tools.example/api/sitemaps/files/sitemap-a.xml');
  expect(fullLink('not an origin', '/api/x.xml')).toBe('/api/x.xml');
});

test('fileNameFromLink is the last path segment, ignoring query and fragment', () => {
  expect(fileNameFromLink('https://tools.example/api/sitemaps/files/sitemap-example.com-1.xml?x=1#y')).toBe('sitemap-example.com-1.xml');
  expect(fileNameFromLink('https://tools.example/')).toBe('sitemap.xml');
});

test('progressPercent is handled over handled plus waiting, 0 before anything is known', () => {
  expect(progressPercent({ found: 0, queued: 0, skipped: 0 })).toBe(0);
  expect(progressPercent({ found: 0, queued: 1, skipped: 0 })).toBe(0);
  expect(progressPercent({ found: 30, queued: 50, skipped: 20 })).toBe(50);
  expect(progressPercent({ found: 10, queued: 0, skipped: 5 })).toBe(100);
});

test('toSitemapList treats anything but an array as an empty, invalid list', () => {
  expect(toSitemapList([{ _id: 'a' }])).toEqual({ items: [{ _id: 'a' }], valid: true });
  expect(toSitemapList({ error: 'x' })).toEqual({ items: [], valid: false });
  expect(toSitemapList(null)).toEqual({ items: [], valid: false });
});

test('generateErrorMessage keeps the spec text and adds the server reason when there is one', () => {
  expect(generateErrorMessage('The start page answered HTTP 404.')).toBe('Failed to generate sitemap: The start page answered HTTP 404.');
  expect(generateErrorMessage('')).toBe('Failed to generate sitemap');
});

test('reasonRows lists reasons with counts in a fixed order and drops empty ones', () => {
  expect(reasonRows({ external: 3, robots: 1, noindex: 0 })).toEqual([
    { reason: 'robots', label: 'Blocked by robots.txt', count: 1 },
    { reason: 'external', label: 'External link', count: 3 },
  ]);
  expect(stopLabel('page-limit')).toContain('page limit');
});
