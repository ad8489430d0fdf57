import { expect, test } from 'vitest';
import type { StoredIssue } from '#db/site-audits.ts';
import { finishedAuditRow } from '#test/fixtures/site-audit-row.ts';
import { renderMonthlyPdf } from '#server/features/monitoring/monthly-pdf.ts';
import { auditPdf, auditPdfLines, renderAuditPdf } from '#server/features/site-audit/index.ts';
import { pickPdfFont } from '#server/lib/pdf/index.ts';
import { renderTranscriptPdf } from '#server/lib/youtube/transcript-pdf.ts';
import { testBrand } from '#test/helpers/report-brand.ts';
import { pdfPages } from '#test/helpers/pdf-text.ts';

/*
 * The site's three PDFs share one frame (server/lib/pdf): the same margins and font, a header on every page but
 * the first, and "Page N of M" at the foot of each. Read back as a PDF reader would (test/helpers/pdf-text.ts).
 */

const brand = testBrand;
const site = 'https://shop.example.in';
const audit = finishedAuditRow(site, { pages: 90, score: 40, errors: 88, warnings: 0, notices: 0 });
const issues: StoredIssue[] = Array.from({ length: 88 }, (_, i) => ({
  type: 'status-4xx',
  url: `${site}/gone-${i}`,
  severity: 'error',
  detail: 'HTTP 404',
}));

/** Every page ends with its number; every page but the first starts its frame with the header. */
function expectFrame(pages: string[][], header: string): void {
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((lines, index) => {
    expect(lines.at(-1)).toBe(`Page ${index + 1} of ${pages.length}`);
    if (index > 0) expect(lines.at(-2)).toBe(header);
    else expect(lines).not.toContain(header);
  });
}

test('the site audit PDF: the words of auditPdfLines on the pages, in the frame', async () => {
  const pages = pdfPages(await renderAuditPdf({ audit, issues, brand }));
  const title = 'Site audit of shop.example.in, 27 November 2026';
  expectFrame(pages, `Acme SEO · ${title}`);
  expect(pages[0]!.slice(0, 6)).toEqual([
    'Acme SEO',
    'hi@acme.in · 011 2345 6789 · https://acme.in',
    title,
    `${site}/ · 90 URLs crawled`,
    '40/100 health score',
    '88 errors · 0 warnings · 0 notices',
  ]);
  // Every line drawn is on some page (the long ones wrapped), the last one on the last page.
  const text = pages.flat().join(' ');
  for (const line of auditPdfLines({ audit, issues, brand })) expect(text).toContain(line.text.split(' ')[0]);
  // At most URLS_PER_ISSUE (20) URLs a type, then the count of the rest from the type's total.
  const drawn = pages.flat();
  expect(drawn).toContain(`• ${site}/gone-19`);
  expect(drawn).not.toContain(`• ${site}/gone-20`);
  expect(drawn).toContain('… and 68 more (see the CSV export).');
});

test("the monthly client report of a month without a finished check: the month's checks, in the frame", async () => {
  const runs = Array.from({ length: 60 }, (_, i) => ({
    at: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T06:00:00.000Z`,
    status: 'failed' as const,
    score: null,
    regressions: 0,
    fixed: 0,
  }));
  const report = { url: `${site}/`, month: '2026-11', runs };
  const pdf = auditPdf;
  const pages = pdfPages(await renderMonthlyPdf(report, brand, pdf, pickPdfFont()));
  const title = 'Monthly report for shop.example.in, November 2026';
  expectFrame(pages, `Acme SEO · ${title}`);
  expect(pages[0]!.slice(0, 7)).toEqual([
    'Acme SEO',
    'hi@acme.in · 011 2345 6789 · https://acme.in',
    title,
    `${site}/`,
    'November 2026 at a glance',
    'No check finished in November 2026.',
    '60 checks · 0 new problems found · 0 problems fixed · 60 checks could not finish',
  ]);
  expect(pages.flat().filter((line) => / Nov: did not finish$/.test(line))).toHaveLength(60);
});

test('the transcript PDF: the title, where it is from and each caption with its time, in the frame', async () => {
  const segments = Array.from({ length: 120 }, (_, i) => ({ start: i * 3, duration: 3, text: `caption ${i}` }));
  segments.push({ start: 400, duration: 1, text: 'Ünïcødé — café' });
  const pages = pdfPages(
    await renderTranscriptPdf({
      title: 'Local SEO Basics',
      channel: 'Delhi SEO',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      language: 'en',
      segments,
      fontPath: pickPdfFont(),
    }),
  );
  expectFrame(pages, 'Transcript: Local SEO Basics');
  expect(pages[0]!.slice(0, 4)).toEqual([
    'Local SEO Basics',
    'Delhi SEO · https://www.youtube.com/watch?v=dQw4w9WgXcQ · language: en',
    '0:00  caption 0',
    '0:03  caption 1',
  ]);
  expect(pages.at(-1)).toContain('6:40  Ünïcødé — café');
});
