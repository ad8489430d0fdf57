import { expect, test } from 'vitest';
import type { StoredIssue } from '#db/site-audits.ts';
import { finishedAuditRow } from '#test/fixtures/site-audit-row.ts';
import { auditPdfLines, renderAuditPdf, URLS_PER_ISSUE } from './pdf.ts';
import { testBrand } from '#test/helpers/report-brand.ts';
import { csvRows } from './report.ts';
import { pageExperienceSection } from '#views/model/page-experience-report.ts';

const site = 'https://shop.example.in';
const audit = finishedAuditRow(site, { pages: 46, score: 51, errors: 46, warnings: 2, notices: 1 });
const brand = testBrand;
const pages = Array.from({ length: 45 }, (_, i) => `${site}/p${i}`);
const issues: StoredIssue[] = [
  { type: 'near-duplicate-content', url: `${site}/a`, severity: 'notice', detail: 'almost the same text as /b' },
  { type: 'thin-content', url: `${site}/a`, severity: 'warning', detail: '20 words' },
  { type: 'thin-content', url: `${site}/b`, severity: 'warning', detail: '22 words' },
  { type: 'status-4xx', url: `${site}/old`, severity: 'error', detail: 'HTTP 404' },
  ...pages.map((url) => ({
    type: 'links-broken',
    url,
    severity: 'error',
    detail: `links to ${site}/old (HTTP 404)`,
    links: [{ source: url, target: `${site}/old`, anchor: 'Old offers', position: 'footer' }],
  })),
];

test('the PDF says, in plain words: title with domain and date, the score and its rule, top fixes by severity, each link grouped', () => {
  const text = auditPdfLines({ audit, issues, brand }).map((line) => line.text);
  expect(text.slice(2, 6)).toEqual([
    'Site audit of shop.example.in, 27 November 2026',
    `${site}/ · 46 URLs crawled`,
    '51/100 health score',
    '46 errors · 2 warnings · 1 notice',
  ]);
  expect(text).toContain('How the score works');
  expect(text).toContain(
    'A URL with an error counts for nothing; a URL with warnings but no error counts half; notices never lower the score.',
  );
  expect(text.filter((line) => /^\d+\. /.test(line))).toEqual([
    '1. Page links to a broken internal URL (error, 1 link in the footer, on 45 pages)',
    '2. Internal URL answers 4xx (error, 1 link in the footer, on 45 pages)',
    '3. Thin content (warning, on 2 pages)',
    '4. Near-duplicate content (notice, on 1 page)',
  ]);
  // Under the broken link issue, and under the broken URL itself (the links to it), followed by its URL.
  expect(text.filter((line) => line === '• 1 link in the footer, on 45 pages: "Old offers" to /old')).toHaveLength(2);
  expect(text).toContain(`• ${site}/old`);
  expect(text).toContain('  Linked from /p0, /p1, /p2, /p3, /p4, /p5, /p6, /p7, /p8, /p9 and 35 more pages');
  expect(text.at(-2)).toBe('Want these fixed?');
  expect(text.join('\n')).not.toMatch(/shingle|minhash|jaccard|weight|times the number/i);
});

test('a rendered audit\'s PDF has its "Page experience": pages per grade, the worst pages with their values, the axe rules failing most', () => {
  const pageExperience = pageExperienceSection([
    { url: `${site}/`, lcpMs: 900, cls: 0, tbtMs: 0, axeRules: [] },
    { url: `${site}/hero`, lcpMs: 4300, cls: 0.12, tbtMs: 40, axeRules: ['image-alt', 'color-contrast'] },
    { url: `${site}/cart`, lcpMs: 1200, cls: 0, tbtMs: 650, axeRules: ['image-alt'] },
  ]);
  const rendered = { ...audit, report: { siteUrl: site, pageExperience } };
  const text = auditPdfLines({ audit: rendered, issues, brand }).map((line) => line.text);
  const from = text.indexOf('Page experience');
  expect(text.slice(from, text.indexOf('Every issue'))).toEqual([
    'Page experience',
    "Lab Core Web Vitals of 3 rendered pages, graded with Lighthouse's mobile thresholds.",
    'LCP: 2 good · 0 need improvement · 1 poor',
    'CLS: 2 good · 1 need improvement · 0 poor',
    'TBT: 2 good · 0 need improvement · 1 poor',
    'Worst pages',
    '• /hero: LCP 4.3 s (poor) · CLS 0.120 (needs improvement) · TBT 40 ms',
    '• /cart: LCP 1.2 s · CLS 0.000 · TBT 650 ms (poor)',
    'Accessibility rules that fail most',
    '• image-alt on 2 pages',
    '• color-contrast on 1 page',
  ]);
  // An audit without rendering has no such section.
  expect(auditPdfLines({ audit, issues, brand }).map((line) => line.text)).not.toContain('Page experience');
});

test('the PDF lists at most URLS_PER_ISSUE URLs a type and says how many more there are, from the count', () => {
  const many = Array.from({ length: 25 }, (_, n) => `${site}/thin-${n}`);
  const groups = [
    {
      type: 'thin-content',
      severity: 'warning' as const,
      title: 'Thin content',
      count: 25_000,
      urls: many.slice(0, 20),
    },
  ];
  const text = auditPdfLines({ audit, groups, brand }).map((line) => line.text);
  expect(text.filter((line) => line.startsWith(`• ${site}/thin-`))).toEqual(
    many.slice(0, URLS_PER_ISSUE).map((url) => `• ${url}`),
  );
  expect(text).toContain('… and 24980 more (see the CSV export).');
  expect(text.filter((line) => line.startsWith('1. '))).toEqual(['1. Thin content (warning, on 25,000 pages)']);
});

test('the PDF renders', async () => {
  const pdf = await renderAuditPdf({ audit, issues, brand });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the CSV has a row per link of a link issue (source, target, anchor text, position) and a row per other issue', () => {
  const rows = [...csvRows(issues.slice(3, 5))];
  expect(rows).toEqual([
    [`${site}/old`, 'status-4xx', 'error', 'HTTP 404', '', '', '', ''],
    [
      `${site}/p0`,
      'links-broken',
      'error',
      `links to ${site}/old (HTTP 404)`,
      `${site}/p0`,
      `${site}/old`,
      'Old offers',
      'footer',
    ],
  ]);
});
