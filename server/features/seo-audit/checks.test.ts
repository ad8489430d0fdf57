import { expect, test } from 'vitest';
import { RECOMMENDATIONS, RECOMMENDATION_CATEGORIES } from '#views/model/seo-audit.ts';
import type { AuditFacts } from '#views/model/seo-audit.ts';
import { evaluateChecks, type CheckInput } from './checks.ts';
import { estimatePageSpeedScore } from './score.ts';

function makeFacts(overrides: Partial<AuditFacts> = {}): AuditFacts {
  return {
    finalUrl: 'https://example.com/page',
    statusCode: 200,
    redirects: 0,
    responseTimeMs: 120,
    totalTimeMs: 150,
    htmlBytes: 30_000,
    transferBytes: 8_000,
    compression: 'br',
    canonical: 'https://example.com/page',
    robotsMeta: [],
    xRobotsTag: null,
    lang: 'en',
    viewport: 'width=device-width, initial-scale=1',
    openGraph: { 'og:title': 't', 'og:description': 'd', 'og:image': 'i' },
    twitter: { 'twitter:card': 'summary' },
    images: { total: 2, missingAlt: 0, missingDimensions: 0 },
    links: { internal: 5, external: 1, nofollow: 0 },
    wordCount: 800,
    jsonLdTypes: ['Organization'],
    https: true,
    hsts: 'max-age=31536000',
    renderBlocking: { scripts: 0, stylesheets: 1 },
    subresources: 6,
    imageWeight: { checked: 2, capped: false, measured: 2, totalBytes: 60_000, heaviest: [] },
    ...overrides,
  };
}

function makeInput(overrides: Partial<CheckInput> = {}, facts: Partial<AuditFacts> = {}): CheckInput {
  return {
    facts: makeFacts(facts),
    title: 'Affordable SEO services in Delhi NCR | Example',
    metaDescription: 'x'.repeat(140),
    h1: ['SEO services'],
    h2: ['Why us'],
    vagueAnchors: [],
    ...overrides,
  };
}

function statusOf(input: CheckInput, id: string) {
  return evaluateChecks(input).find((check) => check.id === id);
}

test('there are exactly 22 recommendations across the six spec categories with unique ids', () => {
  expect(RECOMMENDATIONS).toHaveLength(22);
  expect(new Set(RECOMMENDATIONS.map((item) => item.id)).size).toBe(22);
  expect(new Set(RECOMMENDATIONS.map((item) => item.category))).toEqual(new Set(RECOMMENDATION_CATEGORIES));
  expect(new Set(RECOMMENDATIONS.map((item) => item.priority))).toEqual(new Set(['High', 'Medium', 'Low']));
});

test('a well-built page passes all 22 checks, reported in the fixed order', () => {
  const checks = evaluateChecks(makeInput());
  expect(checks.map((check) => check.id)).toEqual(RECOMMENDATIONS.map((item) => item.id));
  expect(checks.filter((check) => check.status !== 'pass')).toEqual([]);
});

test('meta description length passes from 120 to 160 characters and warns outside', () => {
  const at = (length: number) =>
    statusOf(makeInput({ metaDescription: 'd'.repeat(length) }), 'meta-description-length')?.status;
  expect([at(119), at(120), at(160), at(161)]).toEqual(['warning', 'pass', 'pass', 'warning']);
  expect(statusOf(makeInput({ metaDescription: null }), 'meta-description')).toMatchObject({
    status: 'fail',
    detail: 'No meta description found.',
  });
});

test('noindex in the robots meta tag or the X-Robots-Tag header fails indexability', () => {
  expect(statusOf(makeInput({}, { robotsMeta: ['noindex'] }), 'indexable')?.detail).toBe(
    'Not indexable: the robots meta tag says noindex.',
  );
  expect(statusOf(makeInput({}, { xRobotsTag: 'googlebot: noindex' }), 'indexable')?.status).toBe('fail');
  expect(statusOf(makeInput({}, { xRobotsTag: 'noarchive' }), 'indexable')?.status).toBe('pass');
});

test('headings: none fails, several warns; a canonical elsewhere warns', () => {
  expect(statusOf(makeInput({ h1: [] }), 'h1')?.status).toBe('fail');
  expect(statusOf(makeInput({ h1: ['a', 'b'] }), 'h1')?.status).toBe('warning');
  expect(statusOf(makeInput({}, { canonical: '/other' }), 'canonical')).toMatchObject({
    status: 'warning',
    detail: 'Canonical points to another URL: https://example.com/other',
  });
});

test('performance checks follow the measured numbers', () => {
  expect(statusOf(makeInput({}, { responseTimeMs: 2400 }), 'response-time')).toMatchObject({
    status: 'fail',
    detail: 'First byte after 2400 ms.',
  });
  expect(statusOf(makeInput({}, { compression: null }), 'compression')?.status).toBe('fail');
  expect(statusOf(makeInput({}, { htmlBytes: 200 * 1024 }), 'page-weight')?.status).toBe('warning');
  expect(statusOf(makeInput({}, { renderBlocking: { scripts: 3, stylesheets: 1 } }), 'render-blocking')?.status).toBe(
    'fail',
  );
});

test('plain HTTP fails, HTTPS without HSTS warns, a redirect before 200 warns', () => {
  expect(statusOf(makeInput({}, { https: false, hsts: null }), 'https')?.status).toBe('fail');
  expect(statusOf(makeInput({}, { hsts: null }), 'https')?.status).toBe('warning');
  expect(statusOf(makeInput({}, { redirects: 2 }), 'status-code')?.detail).toBe('HTTP 200 after 2 redirects.');
  expect(statusOf(makeInput({}, { statusCode: 404 }), 'status-code')?.status).toBe('fail');
});

test('the estimated page speed score is 100 for an ideal page and follows the documented penalties', () => {
  const ideal = {
    responseTimeMs: 100,
    htmlBytes: 20_000,
    compression: 'gzip' as const,
    renderBlocking: { scripts: 0, stylesheets: 1 },
    images: { total: 1, missingAlt: 0, missingDimensions: 0 },
    subresources: 10,
    imageWeight: {
      checked: 1,
      capped: false,
      measured: 1,
      totalBytes: 150 * 1024,
      heaviest: [{ url: 'https://example.com/a.jpg', bytes: 150 * 1024 }],
    },
  };
  const images = (...kb: number[]) => ({
    checked: kb.length,
    capped: false,
    measured: kb.length,
    totalBytes: kb.reduce((sum, size) => sum + size * 1024, 0),
    heaviest: kb
      .map((size, i) => ({ url: `https://example.com/${i}.jpg`, bytes: size * 1024 }))
      .sort((a, b) => b.bytes - a.bytes),
  });
  expect(estimatePageSpeedScore(ideal)).toBe(100);
  // The heaviest image: 0 at 150 KB, 20 at 1.5 MB (1,536 KB): 843 KB is half way, 10 points.
  expect(estimatePageSpeedScore({ ...ideal, imageWeight: images(843) })).toBe(90);
  // 1.5 MB: the heaviest's 20, and a quarter of the way from 1 to 3 MB in total, 5.
  expect(estimatePageSpeedScore({ ...ideal, imageWeight: images(1536) })).toBe(75);
  // All images together: 0 at 1 MB, 20 at 3 MB. Eight 256 KB images (2 MB) cost 10, and the heaviest 1.53.
  expect(estimatePageSpeedScore({ ...ideal, imageWeight: images(...Array<number>(8).fill(256)) })).toBe(88);
  // One 2.3 MB image: 20 for the heaviest, 13 for the total.
  expect(estimatePageSpeedScore({ ...ideal, imageWeight: images(2.3 * 1024) })).toBe(67);
  // Nothing weighed (no images, or no size could be read): no image penalty.
  expect(
    estimatePageSpeedScore({
      ...ideal,
      imageWeight: { checked: 3, capped: false, measured: 0, totalBytes: 0, heaviest: [] },
    }),
  ).toBe(100);
  expect(estimatePageSpeedScore({ ...ideal, responseTimeMs: 2000 })).toBe(75);
  expect(estimatePageSpeedScore({ ...ideal, compression: null })).toBe(90);
  expect(estimatePageSpeedScore({ ...ideal, renderBlocking: { scripts: 2, stylesheets: 3 } })).toBe(86);
  expect(
    estimatePageSpeedScore({
      responseTimeMs: 9000,
      htmlBytes: 5e6,
      compression: null,
      renderBlocking: { scripts: 9, stylesheets: 9 },
      images: { total: 50, missingAlt: 0, missingDimensions: 50 },
      subresources: 400,
      imageWeight: images(9000),
    }),
  ).toBe(0);
});
