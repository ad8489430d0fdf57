import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { auditPdf } from '#server/features/site-audit/index.ts';
import { URLS_PER_ISSUE } from '#server/features/site-audit/pdf.ts';
import { completeSiteAudit, insertSiteAudit, markRunning } from '#db/site-audits.ts';
import { serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { storeAuditOf } from '#test/helpers/monitoring-audit.ts';
import { testBrand } from '#test/helpers/report-brand.ts';
import {
  loadMonthlyReport,
  monthBounds,
  monthlyReportLines,
  monthlyTrendLines,
  monthName,
  previousMonth,
  renderMonthlyPdf,
  type MonthlyRun,
} from './monthly-pdf.ts';

const pdf = auditPdf;
const brand = testBrand;
const IST = 'Asia/Kolkata';
const run = (day: number, score: number | null, regressions = 0, fixed = 0): MonthlyRun => ({
  at: `2026-11-${String(day).padStart(2, '0')}T06:00:00.000Z`,
  status: score === null ? 'failed' : 'done',
  score,
  regressions,
  fixed,
});

describe('the month', () => {
  test("names, bounds and the month a report on the 1st covers, in the profile's zone", () => {
    expect(monthName('2026-11')).toBe('November 2026');
    expect(monthBounds('2026-12', 'UTC')).toEqual({
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
    // India: a month starts at 18:30 UTC on the day before.
    expect(monthBounds('2026-12', 'Asia/Kolkata')).toEqual({
      from: '2026-11-30T18:30:00.000Z',
      to: '2026-12-31T18:30:00.000Z',
    });
    // New York: November starts in summer time (UTC-4) and ends in winter time (UTC-5).
    expect(monthBounds('2026-11', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-12-01T05:00:00.000Z',
    });
    expect(previousMonth(new Date('2027-01-01T00:05:00.000Z'), 'UTC')).toBe('2026-12');
    expect(previousMonth(new Date('2026-11-30T23:59:59.000Z'), 'UTC')).toBe('2026-10');
    // 19:00 UTC on 30 November is 00:30 on 1 December in India: November's report is due there.
    expect(previousMonth(new Date('2026-11-30T19:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-11');
    expect(previousMonth(new Date('2026-11-30T19:00:00.000Z'), 'UTC')).toBe('2026-10');
  });
});

describe('monthlyTrendLines', () => {
  test('the score from the first to the last finished check, the counts, and one line per check', () => {
    const lines = monthlyTrendLines(
      '2026-11',
      [run(2, 74), run(9, null, 0), run(16, 70, 3, 0), run(23, 81, 0, 5)],
      IST,
    );
    expect(lines.map((line) => line.text)).toEqual([
      'November 2026 at a glance',
      'The health score went up from 74 to 81 in November 2026 (+7).',
      '4 checks · 3 new problems found · 5 problems fixed · 1 check could not finish',
      '• 2 Nov: 74/100 · 0 new problems · 0 fixed',
      '• 9 Nov: did not finish',
      '• 16 Nov: 70/100 · 3 new problems · 0 fixed',
      '• 23 Nov: 81/100 · 0 new problems · 5 fixed',
    ]);
  });

  test('a check is listed on its day in the profile zone: 8:00 pm UTC on the 2nd is the 3rd in India', () => {
    const late = { ...run(2, 74), at: '2026-11-02T20:00:00.000Z' };
    expect(monthlyTrendLines('2026-11', [late], IST).at(-1)?.text).toBe('• 3 Nov: 74/100 · 0 new problems · 0 fixed');
    expect(monthlyTrendLines('2026-11', [late], 'Europe/London').at(-1)?.text).toBe(
      '• 2 Nov: 74/100 · 0 new problems · 0 fixed',
    );
  });

  test('a falling score, a steady one, a month without a finished check, a month without checks', () => {
    expect(monthlyTrendLines('2026-11', [run(1, 90), run(8, 80, 1)], IST)[1].text).toBe(
      'The health score went down from 90 to 80 in November 2026 (-10).',
    );
    expect(monthlyTrendLines('2026-11', [run(1, 90), run(8, 90)], IST)[1].text).toBe(
      'The health score stayed at 90 through November 2026.',
    );
    expect(monthlyTrendLines('2026-11', [run(1, null)], IST)[1].text).toBe('No check finished in November 2026.');
    expect(monthlyTrendLines('2026-11', [], IST).map((line) => line.text)).toEqual([
      'November 2026 at a glance',
      'No check ran in November 2026.',
    ]);
  });
});

describe.each(DIALECTS)('the monthly report from stored audits (%s)', (dialect) => {
  let db: Db;
  let site: MonitoringSite;
  let day = 0;
  const audit = (version: MonitoringSite['version']) => {
    site.version = version;
    day += 1;
    return storeAuditOf(db, site, `2026-11-${String(day).padStart(2, '0')}T06:00:00.000Z`);
  };
  beforeAll(async () => {
    site = await serveMonitoringSite();
  });
  afterAll(() => site.close());
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(() => closeTestDatabase(db));

  test('each check counted against the one before with the alert rule; the report is the latest finished audit', async () => {
    const baseline = await audit('before');
    const ids = [await audit('before'), await audit('after'), await audit('down-5xx'), await audit('before')];
    const report = await loadMonthlyReport(
      db,
      {
        url: `${site.origin}/`,
        month: '2026-11',
        auditIds: ids,
        baselineAuditId: baseline,
        scoreDrop: 5,
      },
      pdf.groups,
    );
    expect(report.runs).toEqual([
      { at: '2026-11-02T06:00:00.000Z', status: 'done', score: 100, regressions: 0, fixed: 0 },
      // The fixture's 25 planted regressions: 24 new problems and the score drop.
      { at: '2026-11-03T06:00:00.000Z', status: 'done', score: 0, regressions: 24, fixed: 0 },
      { at: '2026-11-04T06:00:00.000Z', status: 'failed', score: null, regressions: 0, fixed: 0 },
      // Compared with the last finished check (the broken one), not the failed one: 23 errors fixed.
      { at: '2026-11-05T06:00:00.000Z', status: 'done', score: 100, regressions: 0, fixed: 23 },
    ]);
    expect(report.latest?.audit.id).toBe(ids[3]);
    expect(report.latest?.groups).toEqual([]);

    const text = monthlyReportLines(report, brand, pdf).map((line) => line.text);
    expect(text.slice(0, 6)).toEqual([
      'Acme SEO',
      'hi@acme.in · 011 2345 6789 · https://acme.in',
      'Monthly report for 127.0.0.1, November 2026',
      `${site.origin}/ · 15 URLs crawled · 1 script or stylesheet`,
      '100/100 health score',
      '0 errors · 0 warnings · 0 notices',
    ]);
    // The trend right after the score, before the score's explanation.
    expect(text.slice(6, 14)).toEqual([
      'November 2026 at a glance',
      'The health score stayed at 100 through November 2026.',
      '4 checks · 24 new problems found · 23 problems fixed · 1 check could not finish',
      '• 2 Nov: 100/100 · 0 new problems · 0 fixed',
      '• 3 Nov: 0/100 · 24 new problems · 0 fixed',
      '• 4 Nov: did not finish',
      '• 5 Nov: 100/100 · 0 new problems · 23 fixed',
      'How the score works',
    ]);
    const file = await renderMonthlyPdf(report, brand, pdf);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test("the month's latest audit is read as its PDF prints it: exact counts, the first 20 URLs of a type", async () => {
    // 45 pages without a title, stored straight into the report tables: the report holds 20 of them.
    const urls = Array.from({ length: 45 }, (_, i) => `https://example.test/p${String(i).padStart(2, '0')}`);
    await insertSiteAudit(db, {
      id: 'big',
      visitor: 'v',
      url: 'https://example.test/',
      createdAt: '2026-11-10T06:00:00.000Z',
    });
    await markRunning(db, 'big', '2026-11-10T06:00:00.000Z');
    await completeSiteAudit(db, 'big', {
      finishedAt: '2026-11-10T06:10:00.000Z',
      crawled: urls.length,
      discovered: urls.length,
      summary: { pages: urls.length, score: 80, errors: 0, warnings: 45, notices: 0 },
      report: {},
      pages: urls.map((url) => ({ url, facts: { status: 200, noindex: false }, issues: ['title-missing'] })),
      issues: urls.map((url) => ({ type: 'title-missing', url, severity: 'warning', detail: '' })),
      diff: () => Promise.resolve(undefined),
    });
    const report = await loadMonthlyReport(
      db,
      { url: 'https://example.test/', month: '2026-11', auditIds: ['big'], scoreDrop: 5 },
      pdf.groups,
    );
    const [group] = report.latest!.groups;
    expect([group!.type, group!.count, group!.urls]).toEqual(['title-missing', 45, urls.slice(0, URLS_PER_ISSUE)]);
    const text = monthlyReportLines(report, brand, pdf).map((line) => line.text);
    expect(text).toContain('… and 25 more (see the CSV export).');
  });

  test('a month whose every check failed is a short report of those checks', async () => {
    const ids = [await audit('down-reset'), await audit('down-5xx')];
    const report = await loadMonthlyReport(
      db,
      {
        url: `${site.origin}/`,
        month: '2026-11',
        auditIds: ids,
        scoreDrop: 5,
      },
      pdf.groups,
    );
    expect(report.latest).toBeUndefined();
    expect(monthlyReportLines(report, brand, pdf).map((line) => line.text)).toEqual([
      'Acme SEO',
      'hi@acme.in · 011 2345 6789 · https://acme.in',
      'Monthly report for 127.0.0.1, November 2026',
      `${site.origin}/`,
      'November 2026 at a glance',
      'No check finished in November 2026.',
      '2 checks · 0 new problems found · 0 problems fixed · 2 checks could not finish',
      `• ${day - 1} Nov: did not finish`,
      `• ${day} Nov: did not finish`,
    ]);
    const file = await renderMonthlyPdf(report, brand, pdf);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
