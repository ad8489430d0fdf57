import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { auditPages, getSiteAudit, insertSiteAudit, type SiteAuditRow } from '#db/site-audits.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { testBrand } from '#test/helpers/report-brand.ts';
import { rowReads } from '#test/helpers/row-reads.ts';
import { CSV_BATCH_ROWS, writeAuditCsv } from './csv-router.ts';
import { boundedIssueGroups, issuePage, issueSummary } from './issue-reads.ts';
import { auditPdfLines, URLS_PER_ISSUE } from './pdf.ts';

// Issue 34: the report's reads at a size CI affords, 20,000 pages written straight into the report's
// tables: exact figures from counts and pages of rows, the CSV read in batches, never all at once.
const PAGES = 20_000;
const site = 'https://big.example.in';
const pageUrl = (n: number) => `${site}/p/${String(n).padStart(5, '0')}`;
/** Every page is thin, every 10th has no title, every 100th links to a 404 (one footer link). */
const THIN = PAGES;
const NO_TITLE = PAGES / 10;
const BROKEN = PAGES / 100;
const ISSUES = THIN + NO_TITLE + BROKEN;

/** A slow reader of the CSV (it takes a chunk per turn of the event loop) that counts its lines. */
function slowReader(stopAfterChunks = Infinity) {
  let text = '';
  let chunks = 0;
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      chunks += 1;
      if (chunks >= stopAfterChunks) out.destroy();
      setImmediate(done);
    },
  });
  return { out, lines: () => text.split('\r\n').slice(0, -1) };
}

async function seed(db: Db, id: string): Promise<void> {
  await insertSiteAudit(db, { id, visitor: 'v', url: `${site}/`, createdAt: '2026-11-29T00:00:00.000Z' });
  const report = { siteUrl: site, render: { rendered: PAGES / 2, stopped: null } };
  const summary = { pages: PAGES, score: 40, errors: NO_TITLE + BROKEN, warnings: THIN, notices: 0 };
  await db
    .updateTable('site_audits')
    .set({
      status: 'done',
      finished_at: '2026-11-29T01:00:00.000Z',
      summary: JSON.stringify(summary),
      report: JSON.stringify(report),
    })
    .where('id', '=', id)
    .execute();
  for (let from = 0; from < PAGES; from += 500) {
    const pages = [];
    const issues = [];
    for (let n = from; n < from + 500; n += 1) {
      const url = pageUrl(n);
      // Even pages were rendered: LCP n ms, CLS n / 100000, TBT n % 700 ms.
      const vitals = n % 2 === 0 ? { lcpMs: n, cls: n / 100_000, tbtMs: n % 700 } : {};
      pages.push({
        audit_id: id,
        n,
        url,
        facts: JSON.stringify({ status: 200, ...vitals }),
        issues: '[]',
        kind: 'page' as const,
      });
      issues.push({
        audit_id: id,
        type: 'thin-content',
        url,
        severity: 'warning',
        detail: `${n % 200} words`,
        links: null,
      });
      if (n % 10 === 0)
        issues.push({ audit_id: id, type: 'title-missing', url, severity: 'error', detail: 'no <title>', links: null });
      if (n % 100 === 0)
        issues.push({
          audit_id: id,
          type: 'links-broken',
          url,
          severity: 'error',
          detail: `links to ${site}/old (HTTP 404)`,
          links: JSON.stringify([['', `${site}/old`, 'Old offers', 'footer']]),
        });
    }
    await db.insertInto('site_audit_pages').values(pages).execute();
    await db.insertInto('site_audit_issues').values(issues).execute();
  }
}

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  let audit: SiteAuditRow;
  beforeAll(async () => {
    db = await openTestDatabase(dialect);
    await seed(db, 'big');
    audit = (await getSiteAudit(db, 'big'))!;
  }, 120_000);
  afterAll(async () => {
    await closeTestDatabase(db);
  });

  test('the issues API counts every type and sends one page of a type’s URLs', async () => {
    const summary = await issueSummary(db, 'big');
    expect(summary.issues.map((group) => [group.type, group.count])).toEqual([
      ['title-missing', NO_TITLE],
      ['links-broken', BROKEN],
      ['thin-content', THIN],
    ]);
    expect(summary.totals).toEqual({ error: NO_TITLE + BROKEN, warning: THIN, notice: 0 });
    expect(summary.issues[1].links).toMatchObject({ total: BROKEN, distinct: 1, groups: [{ pages: BROKEN }] });
    const page = await issuePage(db, 'big', 'thin-content', { page: 400, perPage: 50 });
    expect(page.total).toBe(THIN);
    expect(page.urls.map((row) => row.url)).toEqual(Array.from({ length: 50 }, (_, n) => pageUrl(19_950 + n)));
  });

  test('the pages list searches and pages on the server', async () => {
    const found = await auditPages(db, 'big', { offset: 5, limit: 5, search: '/P/1999' });
    expect(found.total).toBe(10);
    expect(found.pages.map((row) => row.url)).toEqual([19_995, 19_996, 19_997, 19_998, 19_999].map(pageUrl));
    const slowest = await auditPages(db, 'big', { offset: 0, limit: 2, sort: 'lcp' });
    expect(slowest.pages.map((row) => row.facts.lcpMs)).toEqual([19_998, 19_996]);
  });

  test('the CSV streams every row, read in keyset batches, with each rendered page’s vitals', async () => {
    const spy = rowReads('site_audit_issues');
    const reader = slowReader();
    const written = await writeAuditCsv(db.withPlugin(spy.plugin), audit, reader.out);
    await new Promise((resolve) => reader.out.on('finish', resolve));
    const lines = reader.lines();
    expect([written, lines.length]).toEqual([ISSUES, ISSUES + 1]);
    expect(lines[0]).toBe(
      'url,type,severity,detail,link_source,link_target,anchor_text,link_position,lcp_ms,cls,tbt_ms',
    );
    expect(lines).toContain(
      `${pageUrl(100)},links-broken,error,links to ${site}/old (HTTP 404),${pageUrl(100)},${site}/old,Old offers,footer,100,0.001,100`,
    );
    expect(lines).toContain(`${pageUrl(101)},thin-content,warning,101 words,,,,,,,`);
    // 22,200 issues in reads of at most CSV_BATCH_ROWS: 45 reads, the last one short.
    expect(spy.rows).toHaveLength(Math.ceil(ISSUES / CSV_BATCH_ROWS));
    expect(Math.max(...spy.rows)).toBe(CSV_BATCH_ROWS);
    expect(spy.rows.reduce((sum, n) => sum + n, 0)).toBe(ISSUES);
  });

  test('a client that goes away stops the CSV’s reads', async () => {
    const spy = rowReads('site_audit_issues');
    const reader = slowReader(1);
    await writeAuditCsv(db.withPlugin(spy.plugin), audit, reader.out);
    expect(spy.rows.length).toBeLessThanOrEqual(2);
  });

  test('the PDF prints at most URLS_PER_ISSUE URLs a type and the rest as a count', async () => {
    const groups = await boundedIssueGroups(db, 'big', URLS_PER_ISSUE);
    expect(groups.map((group) => [group.type, group.count, group.urls.length])).toEqual([
      ['title-missing', NO_TITLE, URLS_PER_ISSUE],
      ['links-broken', BROKEN, URLS_PER_ISSUE],
      ['thin-content', THIN, URLS_PER_ISSUE],
    ]);
    const text = auditPdfLines({ audit, groups, brand: testBrand }).map((line) => line.text);
    expect(text).toContain(`… and ${THIN - URLS_PER_ISSUE} more (see the CSV export).`);
    expect(text).toContain(`… and ${NO_TITLE - URLS_PER_ISSUE} more (see the CSV export).`);
    expect(text.filter((line) => line.startsWith(`• ${site}/p/`))).toHaveLength(2 * URLS_PER_ISSUE);
  });
});
