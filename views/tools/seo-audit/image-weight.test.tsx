import { TimeZoneContext } from '#views/lib/local-time.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { AuditReport } from '#views/model/seo-audit.ts';
import { imageWeightText } from './logic.ts';
import { AuditReportView } from './Report.tsx';

const weighed = {
  checked: 2,
  capped: false,
  measured: 2,
  totalBytes: 2_411_725 + 20_480,
  heaviest: [
    { url: 'https://shop.example.com/photos/hero.jpg', bytes: 2_411_725 },
    { url: 'https://shop.example.com/small.jpg', bytes: 20_480 },
  ],
};

test('the image weight in words: total, how many were weighed, and when only the first 20 were', () => {
  const images = { total: 2, missingAlt: 0, missingDimensions: 0 };
  expect(imageWeightText({ images, imageWeight: weighed })).toBe('2.32 MB in 2 of 2 images weighed');
  expect(
    imageWeightText({
      images: { ...images, total: 25 },
      imageWeight: { checked: 20, capped: true, measured: 18, totalBytes: 18_000, heaviest: [] },
    }),
  ).toBe('17.6 KB in 18 of 20 images weighed (the first 20 on the page; the rest were not weighed)');
  // Three <img> tags, two of them the same file: two images, nothing left out.
  expect(imageWeightText({ images: { ...images, total: 3 }, imageWeight: weighed })).toBe(
    '2.32 MB in 2 of 2 images weighed',
  );
  expect(
    imageWeightText({
      images: { ...images, total: 0 },
      imageWeight: { ...weighed, checked: 0, capped: false, measured: 0 },
    }),
  ).toBe('No images');
  expect(
    imageWeightText({
      images: { ...images, total: 1 },
      imageWeight: { checked: 1, capped: false, measured: 0, totalBytes: 0, heaviest: [] },
    }),
  ).toBe('0 B in 0 of 1 image weighed');
});

function report(imageWeight: AuditReport['facts']['imageWeight']): AuditReport {
  return {
    url: 'https://shop.example.com/',
    title: 'Shop',
    metaDescription: '',
    h1Tags: [],
    h2Tags: [],
    score: 80,
    grade: 'B',
    pageSpeedScore: 57,
    pageSpeedSource: 'estimate',
    checks: [],
    summary: { pass: 20, warning: 1, fail: 1 },
    facts: {
      finalUrl: 'https://shop.example.com/',
      statusCode: 200,
      redirects: 0,
      responseTimeMs: 80,
      totalTimeMs: 90,
      htmlBytes: 20_000,
      transferBytes: 20_000,
      compression: null,
      canonical: null,
      robotsMeta: [],
      xRobotsTag: null,
      lang: 'en',
      viewport: null,
      openGraph: {},
      twitter: {},
      images: { total: 2, missingAlt: 0, missingDimensions: 0 },
      links: { internal: 0, external: 0, nofollow: 0 },
      wordCount: 300,
      jsonLdTypes: [],
      https: true,
      hsts: null,
      renderBlocking: { scripts: 0, stylesheets: 0 },
      subresources: 2,
      imageWeight,
    },
    auditedAt: '2026-11-27T15:00:00.000Z',
  };
}

test('the report names the heaviest images with their sizes, heaviest first, and counts the weight among the facts', () => {
  const html = renderToStaticMarkup(<AuditReportView report={report(weighed)} idPrefix="a" />);
  expect(html).toContain(
    '<div class="heaviest-images"><h3>Heaviest images</h3><ol>' +
      '<li><span class="image-url">https://shop.example.com/photos/hero.jpg</span> <strong>2.30 MB</strong></li>' +
      '<li><span class="image-url">https://shop.example.com/small.jpg</span> <strong>20.0 KB</strong></li>' +
      '</ol></div>',
  );
  expect(html).toContain('<th scope="row">Image weight</th><td>2.32 MB in 2 of 2 images weighed</td>');
});

test('no image weighed: no heaviest-images list at all', () => {
  const html = renderToStaticMarkup(
    <AuditReportView
      report={report({ checked: 0, capped: false, measured: 0, totalBytes: 0, heaviest: [] })}
      idPrefix="a"
    />,
  );
  expect(html).not.toContain('Heaviest images');
});

test('the audit time is in the profile zone (decision 0060), not UTC', () => {
  const html = renderToStaticMarkup(
    <TimeZoneContext.Provider value="America/New_York">
      <AuditReportView report={report(weighed)} idPrefix="a" />
    </TimeZoneContext.Provider>,
  );
  expect(html).toContain('audited 27 Nov 2026, 10:00 am GMT-5');
  expect(renderToStaticMarkup(<AuditReportView report={report(weighed)} idPrefix="a" />)).toContain(
    'audited 27 Nov 2026, 8:30 pm IST',
  );
});
