import { sortEdgesByTarget } from '#db/site-audit-edges.ts';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedExpectation, plantedSite } from '#test/fixtures/site-audit-site.ts';
import { issueRowsOf, storedIssueRows, storedNodes, type IssueRow } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { SiteChecks } from '#server/config/site-audit-defaults.ts';
import { runSiteAudit, type SiteAuditOutcome } from '../audit.ts';
import type { Finding } from '../rules/context.ts';
import { evaluateRules } from '../rules/index.ts';
import { STORE_DUPLICATE_CHECKS, storeDuplicates, type StoreDuplicateCheck } from './duplicates.ts';
import { storeLargeImages } from './images.ts';
import { STORE_RESOURCE_CHECKS } from './resources.ts';
import { collectFindings, STORE_CHECK_TYPES } from './index.ts';
import { storeNearDuplicates } from './near-duplicates.ts';
import { analyseStore, readGraph, storeClickDepths, storeInlinks, storeOrphans } from './graph.ts';

/** The in-memory audit's findings of one type, as (url, detail) rows by URL. */
const inMemory = (outcome: SiteAuditOutcome, type: string): Finding[] =>
  outcome.issues.filter((issue) => issue.type === type).map(({ url, detail }) => ({ url, detail }));

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

describe.each(DIALECTS)('the cross-page checks over the store on %s, on the planted site', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  /** Audits the planted site with its crawl store in a new audit row; `siteChecks` as the job would pass it. */
  async function auditPlanted(auditId: string, siteChecks?: SiteChecks): Promise<SiteAuditOutcome> {
    await insertSiteAudit(db, { id: auditId, visitor: 'v', url: 'http://x/', createdAt: '2026-11-29T06:00:00Z' });
    const canary = await startLoopbackServer((_req, res) => res.end('canary'));
    const served = await serveFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }));
    try {
      return await runSiteAudit({
        startUrl: `${served.origin}/`,
        fetcher: createSafeFetcher({
          allowPrivate: [served.hostPort],
          userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
          // One instant for every request: two crawls of the site compared below never differ by a response's
          // time (on a busy machine any page can answer slowly: slow-response is a timing, not a planted fact).
          clock: () => 0,
        }),
        crawlStore: { db, auditId, batchPages: 9 },
        siteChecks,
        // The in-memory rules run again on this crawl's nodes below, so they keep their records.
        keepRecords: true,
      });
    } finally {
      await served.close();
      await canary.close();
    }
  }

  test('inlinks, click depths, orphans, large images, near duplicates, the four duplicate checks and the resource checks equal the in-memory audit’s, row for row', async () => {
    db = await openTestDatabase(dialect);
    const auditId = 'planted';
    const outcome = await auditPlanted(auditId);
    await sortEdgesByTarget(db, auditId);
    await analyseStore(db);
    await storeInlinks(db, auditId);
    await storeClickDepths(db, auditId);
    const graph = await readGraph(db, auditId, outcome.nodes.length);
    expect(graph.inlinks).toEqual(outcome.inlinks);
    expect(graph.depth).toEqual(outcome.depth);
    const orphans = inMemory(outcome, 'orphan');
    expect(orphans.map((finding) => new URL(finding.url).pathname)).toEqual(plantedExpectation.orphan);
    expect(byUrl(await collectFindings(db, auditId, storeOrphans))).toEqual(orphans);
    const large = inMemory(outcome, 'img-large');
    expect(large.map((finding) => new URL(finding.url).pathname)).toEqual(plantedExpectation['img-large']);
    expect(byUrl(await collectFindings(db, auditId, storeLargeImages))).toEqual(large);
    const near = inMemory(outcome, 'near-duplicate-content');
    expect(near.map((finding) => new URL(finding.url).pathname)).toEqual(plantedExpectation['near-duplicate-content']);
    expect(byUrl(await collectFindings(db, auditId, storeNearDuplicates))).toEqual(near);
    for (const check of Object.keys(STORE_DUPLICATE_CHECKS) as StoreDuplicateCheck[]) {
      const found: Finding[] = [];
      await storeDuplicates(db, auditId, check, (finding) => {
        found.push(finding);
      });
      const expected = inMemory(outcome, check);
      expect(
        expected.map((finding) => new URL(finding.url).pathname),
        check,
      ).toEqual(plantedExpectation[check]);
      expect(byUrl(found), check).toEqual(expected);
    }
    for (const [type, check] of Object.entries(STORE_RESOURCE_CHECKS)) {
      const expected = inMemory(outcome, type);
      expect(
        expected.map((finding) => new URL(finding.url).pathname),
        type,
      ).toEqual(plantedExpectation[type]);
      expect(byUrl(await collectFindings(db, auditId, check)), type).toEqual(expected);
    }
  });

  test('an audit told to run its cross-page checks from the store reports what the in-memory audit reports', async () => {
    db = await openTestDatabase(dialect);
    const memory = await auditPlanted('memory');
    const stored = await auditPlanted('stored', 'store');
    // It did read the store: the depths are in its URLs' rows (the in-memory audit leaves them NULL).
    const depths = async (auditId: string) =>
      (
        await db
          .selectFrom('site_audit_urls')
          .select('click_depth')
          .where('audit_id', '=', auditId)
          .where('click_depth', 'is not', null)
          .execute()
      ).length;
    expect(await depths('memory')).toBe(0);
    expect(await depths('stored')).toBe(memory.depth.filter((value) => value >= 0).length);
    // Word for word what the rules find in memory on the same crawl (its nodes, ids and all, read back from the
    // store: the audit let its own go before the analysis): the graph, and the findings of the checks that moved
    // and of the depth the deep-page rule reads.
    expect(stored.nodes).toEqual([]);
    const inMemoryOfStored = evaluateRules({
      nodes: await storedNodes(db, 'stored'),
      hasSitemap: stored.hasSitemap,
      sitemapFiles: stored.sitemaps,
      strings: stored.strings,
    });
    expect(stored.depth).toEqual(inMemoryOfStored.depth);
    expect(stored.inlinks).toEqual(inMemoryOfStored.inlinks);
    // Its findings went to the issues table as they came (the job's analysis, decision 0065), none kept.
    expect(stored.issues).toEqual([]);
    const storedRows = await storedIssueRows(db, 'stored');
    const worded = new Set([...STORE_CHECK_TYPES, 'deep-page']);
    const moved = (rows: readonly IssueRow[]) => rows.filter((row) => worded.has(row.type));
    expect(moved(storedRows)).toEqual(moved(issueRowsOf(inMemoryOfStored.issues)));
    // 18 of the graph, duplicate and link checks, 7 of the resource checks (one each); the site-wide settings none.
    expect(moved(storedRows).length).toBe(25);
    // And every finding of every type at the same paths as the audit that ran them all in memory (each
    // audit serves the site on a port of its own; ids, and so the URLs a group names first, may differ).
    const port = /127\.0\.0\.1:\d+/g;
    const paths = (rows: readonly IssueRow[]) =>
      rows.map(({ type, url }) => `${type} ${url.replace(port, 'site')}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(paths(storedRows)).toEqual(paths(issueRowsOf(memory.issues)));
  });
});
