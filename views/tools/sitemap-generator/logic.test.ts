import { expect, test } from 'vitest';
import {
  brokenStatusLabel,
  checkMessage,
  DEFAULT_OPTIONS_FORM,
  fullLink,
  generateErrorMessage,
  optionsFromForm,
  optionsSummary,
  progressPercent,
  reasonRows,
  siteOrigin,
  stopLabel,
  toSitemapList,
} from './logic.ts';

test('fullLink joins this site origin and the sitemap path, falling back to the raw path', () => {
  expect(fullLink('https://tools.example', '/api/sitemaps/files/sitemap-a.xml')).toBe(
    'https://tools.example/api/sitemaps/files/sitemap-a.xml',
  );
  expect(fullLink('not an origin', '/api/x.xml')).toBe('/api/x.xml');
});

test('the check line uses the spec strings: valid, failed with a status or a reason', () => {
  expect(checkMessage({ ok: true, validation: { ok: true } })).toBe('✅ Sitemap is accessible and valid.');
  expect(checkMessage({ ok: false, status: 404 })).toBe('❌ Sitemap check failed: 404');
  expect(checkMessage({ ok: true, validation: { ok: false, reason: 'the file is not well-formed XML' } })).toBe(
    '❌ Sitemap check failed: the file is not well-formed XML',
  );
});

test('siteOrigin is where the upload instructions point', () => {
  expect(siteOrigin('https://www.example.com/blog/?x=1')).toBe('https://www.example.com');
  expect(siteOrigin('not a url/')).toBe('not a url');
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
  expect(generateErrorMessage('The start page answered HTTP 404.')).toBe(
    'Failed to generate sitemap: The start page answered HTTP 404.',
  );
  expect(generateErrorMessage('')).toBe('Failed to generate sitemap');
});

test('reasonRows lists reasons with counts in a fixed order and drops empty ones', () => {
  expect(reasonRows({ external: 3, robots: 1, noindex: 0 })).toEqual([
    { reason: 'robots', label: 'Blocked by robots.txt', count: 1 },
    { reason: 'external', label: 'External link', count: 3 },
  ]);
  expect(stopLabel('page-limit')).toContain('page limit');
});

test('the options form sends only what differs from the defaults, and says what is wrong before any request', () => {
  expect(optionsFromForm(DEFAULT_OPTIONS_FORM)).toEqual({ ok: true, options: {} });
  expect(
    optionsFromForm({
      maxPages: ' 250 ',
      include: '/blog/\n\n /guides/ \n/blog/',
      exclude: '/tag/',
      includeNoindex: true,
      includeNonCanonical: true,
      images: false,
      hreflang: false,
    }),
  ).toEqual({
    ok: true,
    options: {
      maxPages: 250,
      include: ['/blog/', '/guides/'],
      exclude: ['/tag/'],
      includeNoindex: true,
      includeNonCanonical: true,
      images: false,
      hreflang: false,
    },
  });
  expect(optionsFromForm({ ...DEFAULT_OPTIONS_FORM, maxPages: '0' })).toEqual({
    ok: false,
    error: 'The page limit must be a whole number of at least 1.',
  });
  expect(optionsFromForm({ ...DEFAULT_OPTIONS_FORM, maxPages: '2.5' })).toEqual({
    ok: false,
    error: 'The page limit must be a whole number of at least 1.',
  });
  expect(optionsFromForm({ ...DEFAULT_OPTIONS_FORM, exclude: '/ok/\ntag' })).toEqual({
    ok: false,
    error: 'Exclude pattern 2 ("tag") must start with / (a path such as /blog/).',
  });
});

test('the options line says what differs from the defaults', () => {
  expect(optionsSummary(DEFAULT_OPTIONS_FORM)).toBe('Default options');
  expect(
    optionsSummary({ ...DEFAULT_OPTIONS_FORM, maxPages: '100', include: '/a/', exclude: '/b/\n/c/', images: false }),
  ).toBe('at most 100 pages · 1 include pattern · 2 exclude patterns · no images');
  expect(optionsSummary({ ...DEFAULT_OPTIONS_FORM, includeNonCanonical: true, hreflang: false })).toBe(
    'non-canonical pages listed · no hreflang',
  );
});

test('a broken link shows its status, or why no answer came', () => {
  expect(brokenStatusLabel({ status: 404, detail: 'HTTP 404' })).toBe('404');
  expect(brokenStatusLabel({ status: null, detail: 'connection refused' })).toBe('No answer (connection refused)');
});
