import { describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { auditIssues, completeSiteAudit, insertSiteAudit, markRunning, type StoredIssue } from '#db/site-audits.ts';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import { boundedIssueGroups, issuePage, issueSummary, issueTypesMatching } from './issue-reads.ts';
import { groupIssues } from './issues.ts';

const site = 'https://shop.example.in';
const footer = (url: string) => ({ source: url, target: `${site}/old`, anchor: 'Old offers', position: 'footer' });
/** A shop's findings: a footer link to a 404 on every product, a redirect linked from the text of two, thin pages. */
const issues: StoredIssue[] = [
  { type: 'status-4xx', url: `${site}/old`, severity: 'error', detail: 'HTTP 404' },
  { type: 'redirect-temporary', url: `${site}/sale`, severity: 'warning', detail: '302 to /offers' },
  ...Array.from({ length: 12 }, (_, n) => ({
    type: 'links-broken',
    url: `${site}/p${n}`,
    severity: 'error',
    detail: `links to ${site}/old (HTTP 404)`,
    links: [footer(`${site}/p${n}`)],
  })),
  ...[3, 7].map((n) => ({
    type: 'links-to-redirect',
    url: `${site}/p${n}`,
    severity: 'warning',
    detail: `links to ${site}/sale`,
    links: [{ source: `${site}/p${n}`, target: `${site}/sale`, anchor: 'Sale', position: 'content' }],
  })),
  ...Array.from({ length: 5 }, (_, n) => ({
    type: 'thin-content',
    url: `${site}/p${n}`,
    severity: 'warning',
    detail: `${20 + n} words`,
  })),
];

async function stored(db: Db, id: string, rows: StoredIssue[]): Promise<void> {
  await insertSiteAudit(db, { id, visitor: 'v', url: `${site}/`, createdAt: '2026-11-29T00:00:00.000Z' });
  await markRunning(db, id, '2026-11-29T00:00:01.000Z');
  await completeSiteAudit(db, id, {
    finishedAt: '2026-11-29T00:01:00.000Z',
    crawled: 20,
    discovered: 20,
    summary: {},
    report: {},
    pages: [],
    issues: rows,
    diff: async () => undefined,
  });
}

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  test('the summary is the grouping of every issue, without the URLs: counts, links, the links to a broken URL', async () => {
    const db = await freshDb();
    await stored(db, 'a', issues);
    const summary = await issueSummary(db, 'a');
    // What the report showed before (every issue read, then grouped), less the URLs.
    expect(summary.issues).toEqual(groupIssues(await auditIssues(db, 'a')).map(({ urls: _, ...group }) => group));
    expect(summary.issues.map((group) => [group.type, group.count, group.links?.inbound ?? false])).toEqual([
      ['links-broken', 12, false],
      ['status-4xx', 1, true],
      ['thin-content', 5, false],
      ['links-to-redirect', 2, false],
      ['redirect-temporary', 1, true],
    ]);
    expect(summary.totals).toEqual({ error: 13, warning: 8, notice: 0 });
  });

  test('a type’s URLs come a page at a time in URL order (p10 before p2); the URL filter names the types it matches', async () => {
    const db = await freshDb();
    await stored(db, 'a', issues);
    expect(await issuePage(db, 'a', 'links-broken', { page: 2, perPage: 5 })).toEqual({
      type: 'links-broken',
      total: 12,
      page: 2,
      perPage: 5,
      urls: [`${site}/p3`, `${site}/p4`, `${site}/p5`, `${site}/p6`, `${site}/p7`].map((url) => ({
        url,
        detail: `links to ${site}/old (HTTP 404)`,
      })),
    });
    expect((await issuePage(db, 'a', 'links-broken', { page: 4, perPage: 5 })).urls).toEqual([]);
    expect(await issueTypesMatching(db, 'a', '/P1')).toEqual([
      { type: 'links-broken', severity: 'error', title: 'Page links to a broken internal URL', count: 3 },
      { type: 'thin-content', severity: 'warning', title: 'Thin content', count: 1 },
    ]);
    const bounded = await boundedIssueGroups(db, 'a', 2);
    expect(bounded.map((group) => [group.type, group.count, group.urls])).toEqual([
      ['links-broken', 12, [`${site}/p0`, `${site}/p1`]],
      ['status-4xx', 1, [`${site}/old`]],
      ['thin-content', 5, [`${site}/p0`, `${site}/p1`]],
      ['links-to-redirect', 2, [`${site}/p3`, `${site}/p7`]],
      ['redirect-temporary', 1, [`${site}/sale`]],
    ]);
  });
});
