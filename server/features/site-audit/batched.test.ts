import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { PAGE_META_ORIGIN, pageMetaSite } from '#test/fixtures/site-audit-page-meta-site.ts';
import { indexingContentSite } from '#test/fixtures/site-audit-indexing-content-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedSite } from '#test/fixtures/site-audit-site.ts';
import { spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { runSiteAudit, type SiteAuditOutcome } from './audit.ts';
import { BATCHED_KINDS, evaluateRulesInBatches, storedGraph, type BatchReader } from './rules/batched.ts';
import { evaluateRules, RULES } from './rules/index.ts';
import { storedBatchReader } from './stored-batches.ts';
import type { UrlNode } from './store.ts';

/** Small enough that every planted site is read in many batches, and redirects and links cross them. */
const BATCH = 3;

/** The ids whose records a batch's context reads besides its own (canonical, hreflang, pagination, #fragment targets). */
function namedRecords(batch: readonly UrlNode[]): Set<number> {
  const ids = new Set<number>();
  for (const { page } of batch) {
    if (!page) continue;
    if (page.canonical.kind === 'internal') ids.add(page.canonical.id);
    for (const entry of page.hreflang) ids.add(entry.id);
    for (const ref of page.indexing.pagination) ids.add(ref.id);
    for (let at = 0; at < page.fragmentLinks.length; at += 3) ids.add(page.fragmentLinks[at]);
  }
  for (const node of batch) ids.delete(node.id);
  ids.delete(-1);
  return ids;
}

/** The reader, counting the records each batch's context holds: its own pages' and its targets'. */
function counting(reader: BatchReader) {
  const batches: Array<{ own: number; targets: number; named: number }> = [];
  const counted: BatchReader = {
    async batch(afterId, limit) {
      const batch = await reader.batch(afterId, limit);
      if (batch.length > 0)
        batches.push({ own: batch.filter((node) => node.page).length, targets: 0, named: namedRecords(batch).size });
      return batch;
    },
    async nodes(ids, records) {
      const nodes = await reader.nodes(ids, records);
      batches.at(-1)!.targets += nodes.filter((node) => node.page).length;
      return nodes;
    },
    starts: () => reader.starts(),
  };
  return { reader: counted, batches };
}

describe.each(DIALECTS)('the page and node rules over the crawl store in batches, on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(id: string): Promise<string> {
    await insertSiteAudit(db, { id, visitor: 'v', url: 'https://x.example/', createdAt: '2026-11-29T06:00:00Z' });
    return id;
  }

  /** Both paths on what the audit stored: the batches' findings equal the in-memory ones for the same rules, row for row. */
  async function expectSameFindings(auditId: string, outcome: SiteAuditOutcome): Promise<void> {
    let decoded = 0;
    const { reader, batches } = counting(storedBatchReader(db, auditId, { decoded: () => (decoded += 1) }));
    const graph = await storedGraph(storedBatchReader(db, auditId), BATCH);
    expect(graph.depth).toStrictEqual(outcome.depth);
    expect(graph.inlinks).toStrictEqual(outcome.inlinks);
    const facts = { hasSitemap: outcome.hasSitemap, sitemapFiles: outcome.sitemaps, strings: outcome.strings };
    const batched = await evaluateRulesInBatches(reader, { ...facts, ...graph, batchSize: BATCH });
    const inMemory = evaluateRules({ ...facts, nodes: outcome.nodes }).issues.filter(
      (issue) => RULES[issue.type].kind !== 'site',
    );
    expect(batched).toStrictEqual(inMemory);
    // The audit's own findings of those rules are these (it read robots.txt too: the audit rules aside).
    expect(inMemory.filter((issue) => BATCHED_KINDS.has(RULES[issue.type].kind))).toStrictEqual(
      outcome.issues.filter((issue) => BATCHED_KINDS.has(RULES[issue.type].kind)),
    );
    // Every batch is read; each holds at most BATCH pages' records plus those of the URLs they name.
    const pages = outcome.nodes.filter((node) => node.page).length;
    expect(batches).toHaveLength(Math.ceil(outcome.nodes.length / BATCH));
    for (const batch of batches) {
      expect(batch.own).toBeLessThanOrEqual(BATCH);
      expect(batch.targets).toBeLessThanOrEqual(batch.named);
    }
    const starts = outcome.nodes.filter((node) => node.start && node.page).length;
    expect(decoded).toBe(pages + starts + batches.reduce((sum, batch) => sum + batch.targets, 0));
  }

  test('the planted site: every page and node finding, with batches of 3', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('planted');
    const canary = await startLoopbackServer((_req, res) => res.end('canary'));
    try {
      const outcome = await auditFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }), {
        crawlStore: { db, auditId, batchPages: 7 },
      });
      expect(new Set(outcome.issues.map((issue) => RULES[issue.type].kind))).toEqual(
        new Set(['page', 'node', 'site', 'audit']),
      );
      await expectSameFindings(auditId, outcome);
    } finally {
      await canary.close();
    }
  });

  test('the indexing and content site (hreflang, pagination, canonicals, redirects) and the page-meta site', async () => {
    db = await openTestDatabase(dialect);
    const indexing = await audit('indexing');
    await expectSameFindings(
      indexing,
      await auditFixture(indexingContentSite, { crawlStore: { db, auditId: indexing } }),
    );
    const meta = await audit('meta');
    const outcome = await runSiteAudit({
      startUrl: `${PAGE_META_ORIGIN}/`,
      fetcher: createInMemoryFetcher(pageMetaSite, [PAGE_META_ORIGIN, 'http://meta.example']),
      crawlStore: { db, auditId: meta },
    });
    await expectSameFindings(meta, outcome);
  });

  test('a rendered audit (the single-page application in Chromium): the rendering rules read what rendering kept', async () => {
    db = await openTestDatabase(dialect);
    const auditId = await audit('rendered');
    const outcome = await auditFixture(spaSite(), { render: {}, crawlStore: { db, auditId } });
    expect(outcome.issues.some((issue) => issue.type === 'links-only-rendered')).toBe(true);
    await expectSameFindings(auditId, outcome);
  });
});
