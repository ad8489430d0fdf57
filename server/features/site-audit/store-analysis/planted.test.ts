import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedExpectation, plantedSite } from '#test/fixtures/site-audit-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { runSiteAudit, type SiteAuditOutcome } from '../audit.ts';
import type { Finding } from '../rules/context.ts';
import { STORE_DUPLICATE_CHECKS, storeDuplicates, type StoreDuplicateCheck } from './duplicates.ts';
import { analyseStore, readGraph, storeClickDepths, storeInlinks, storeOrphans } from './graph.ts';

/** The in-memory audit's findings of one type, as (url, detail) rows by URL. */
const inMemory = (outcome: SiteAuditOutcome, type: string): Finding[] =>
  outcome.issues.filter((issue) => issue.type === type).map(({ url, detail }) => ({ url, detail }));

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

describe.each(DIALECTS)('the cross-page checks over the store on %s, on the planted site', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('inlinks, click depths, orphans and the four duplicate checks equal the in-memory audit’s, row for row', async () => {
    db = await openTestDatabase(dialect);
    const auditId = 'planted';
    await insertSiteAudit(db, { id: auditId, visitor: 'v', url: 'http://x/', createdAt: '2026-11-29T06:00:00Z' });
    const canary = await startLoopbackServer((_req, res) => res.end('canary'));
    const served = await serveFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }));
    let outcome: SiteAuditOutcome;
    try {
      outcome = await runSiteAudit({
        startUrl: `${served.origin}/`,
        fetcher: createSafeFetcher({
          allowPrivate: [served.hostPort],
          userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
        }),
        crawlStore: { db, auditId, batchPages: 9 },
      });
    } finally {
      await served.close();
      await canary.close();
    }
    await analyseStore(db);
    await storeInlinks(db, auditId);
    await storeClickDepths(db, auditId);
    const graph = await readGraph(db, auditId, outcome.nodes.length);
    expect(graph.inlinks).toEqual(outcome.inlinks);
    expect(graph.depth).toEqual(outcome.depth);
    const orphans = inMemory(outcome, 'orphan');
    expect(orphans.map((finding) => new URL(finding.url).pathname)).toEqual(plantedExpectation.orphan);
    expect(byUrl(await storeOrphans(db, auditId))).toEqual(orphans);
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
  });
});
