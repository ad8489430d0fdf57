import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { writeCrawlBatch } from '#db/site-audit-records.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { URL_STATE } from '#db/site-audit-urls.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { storedRecordOf, storedUrlOf } from './record-codec.ts';
import type { Page } from './rules/context.ts';
import { experienceSummaries } from './rules/page-experience.ts';
import { storedExperienceSummaries } from './stored-pages.ts';

// A rendered audit streamed from the store keeps no record in memory: its "Page experience" section is read back.
describe.each(DIALECTS)('the rendered pages’ summaries read from the crawl store on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('are the ones the records in memory give, in crawl order, across batches', async () => {
    const paths = Array.from({ length: 7 }, (_, n) => `/p${n + 1}`);
    const site: FixtureSite = (path) =>
      path === '/' || paths.includes(path)
        ? html(auditPage(path, { social: false, links: path === '/' ? paths : [] }))
        : undefined;
    const outcome = await auditFixture(site);
    const pages = outcome.nodes.filter((node): node is Page => node.page !== null);
    // Vitals on every other page, axe findings on some: what a render leaves in the record.
    pages.forEach((node, n) => {
      if (n % 2 === 1) return;
      node.page.render = {
        error: null,
        rawH1Count: 1,
        rawCanonical: null,
        rawNoindex: false,
        renderedNoindex: false,
        linksOnlyRendered: 0,
        linksOnlyRenderedFirst: [],
        consoleErrors: { count: 0, first: [] },
        failedResources: { count: 0, first: [] },
        vitals: { lcpMs: 1000 + n * 700, cls: n / 20, tbtMs: n * 90 },
        ...(n % 4 === 0 ? { axe: [{ rule: 'image-alt', impact: 'critical', count: n + 1, element: '<img>' }] } : {}),
      };
    });
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, { id: 'a', visitor: 'v', url: outcome.startUrl, createdAt: '2026-11-29T06:00:00Z' });
    const urls = outcome.nodes.map((node) => storedUrlOf(node, { state: URL_STATE.done, seq: node.id, depth: 0 }));
    await writeCrawlBatch(db, 'a', { urls, records: pages.map(storedRecordOf) });
    const expected = [...experienceSummaries(outcome.nodes)];
    expect(expected).toHaveLength(4);
    expect(await storedExperienceSummaries(db, 'a', 3)).toStrictEqual(expected);
  });
});
