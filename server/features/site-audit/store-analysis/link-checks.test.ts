import { sortEdgesByTarget } from '#db/site-audit-edges.ts';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import {
  indexingContentSite,
  indexingContentSiteExpectation,
} from '#test/fixtures/site-audit-indexing-content-site.ts';
import { PAGE_META_ORIGIN, pageMetaSite, pageMetaSiteExpectation } from '#test/fixtures/site-audit-page-meta-site.ts';
import { seededRandom, storeCrawl, type SeededRandom } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { runSiteAudit } from '../audit.ts';
import type { CrawlStoreTarget } from '../crawl-writer.ts';
import { inlinkCounts, type Finding, type RuleContext } from '../rules/context.ts';
import { indexingContentRules } from '../rules/indexing-content.ts';
import { pageMetaRules } from '../rules/page-meta.ts';
import { createUrlStore, type PageRecord, type UrlNode } from '../store.ts';
import { storeInlinks } from './graph.ts';
import { collectFindings, type StoreCheck } from './index.ts';
import { storeCanonicalTargetNoLinks, storeNofollowInlinksOnly, storeRedirectNoInlinks } from './link-checks.ts';

const CHECKS: Record<string, StoreCheck> = {
  'nofollow-inlinks-only': storeNofollowInlinksOnly,
  'redirect-no-inlinks': storeRedirectNoInlinks,
  'canonical-target-no-links': storeCanonicalTargetNoLinks,
};

const RULES = { ...indexingContentRules, ...pageMetaRules };

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

/** A page's record with the fields these checks read; the rest as an empty page has it. */
function record(rng: SeededRandom, id: number, size: number): PageRecord {
  const someIds = (most: number) => [...new Set(Array.from({ length: rng.int(most + 1) }, () => rng.int(size)))];
  // The last 3 URLs are never linked to, and with 2 more the canonical targets pages name most.
  const links = someIds(4).filter((target) => target !== id && target < size - 3);
  return {
    h1: [],
    words: 0,
    textHash: '',
    nofollow: rng.int(8) === 0,
    canonical: rng.pick<PageRecord['canonical']>([
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'internal', id },
      { kind: 'internal', id: rng.int(size) },
      { kind: 'internal', id: size - 1 - rng.int(5) },
      { kind: 'external', url: 'https://elsewhere.example/' },
    ]),
    links,
    images: rng.int(6) === 0 ? someIds(1) : [],
    hreflang: rng.int(8) === 0 ? [{ id: rng.pick([id, rng.int(size), -1]) }] : [],
    scripts: rng.int(10) === 0 ? [rng.pick([rng.int(size), -1])] : [],
    stylesheets: rng.int(10) === 0 ? [rng.int(size)] : [],
    indexing: {
      nofollowOnlyLinks: links.filter(() => rng.int(3) === 0),
      pagination: rng.int(3) === 0 ? [{ rel: 'next', id: rng.pick([rng.int(size), -1]) }] : [],
    },
  } as unknown as PageRecord;
}

/**
 * `size` URLs (paths of mixed case and punctuation, so byte order and a language's order differ): pages
 * linking at random, some with nofollow, canonicals, images, hreflang, pagination; redirects (to
 * themselves too, into chains, off the site); errors; URLs never fetched; some in a sitemap.
 */
function randomSite(seed: number, size: number): UrlNode[] {
  const rng = seededRandom(seed);
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) urls.idOf(`https://links.example/${rng.pick(['a', 'B', 'a-', 'a_', 'Z'])}${id}`);
  const nodes = urls.nodes;
  Object.assign(nodes[0], { start: true, status: 200, page: record(rng, 0, size) });
  for (const node of nodes.slice(1)) {
    // The canonical targets pages name most are pages.
    const kind = node.id >= size - 5 ? 0 : rng.int(10);
    node.inSitemap = rng.int(3) === 0;
    if (kind < 6) Object.assign(node, { status: 200, page: record(rng, node.id, size) });
    else if (kind < 8) Object.assign(node, { status: 301, redirectTo: rng.pick([-1, node.id, rng.int(size)]) });
    else if (kind < 9) node.status = 404;
  }
  return nodes;
}

describe.each(DIALECTS)('links, redirects and canonicals from the store on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  /** The planted sites as their own tests audit them, writing the crawl store as the job does. */
  const PLANTED = {
    'indexing-content': {
      audit: (crawlStore: CrawlStoreTarget) => auditFixture(indexingContentSite, { crawlStore }),
      expected: indexingContentSiteExpectation,
      types: ['nofollow-inlinks-only', 'redirect-no-inlinks'],
    },
    'page-meta': {
      audit: (crawlStore: CrawlStoreTarget) =>
        runSiteAudit({
          startUrl: `${PAGE_META_ORIGIN}/`,
          fetcher: createInMemoryFetcher(pageMetaSite, [PAGE_META_ORIGIN, 'http://meta.example']),
          crawlStore,
        }),
      expected: pageMetaSiteExpectation,
      types: ['canonical-target-no-links'],
    },
  };

  test.each(Object.keys(PLANTED) as (keyof typeof PLANTED)[])(
    'the %s planted site: each check’s findings equal the in-memory audit’s, row for row',
    async (name) => {
      db = await openTestDatabase(dialect);
      await insertSiteAudit(db, { id: name, visitor: 'v', url: 'http://x/', createdAt: '2026-11-29T06:00:00Z' });
      const { audit, expected, types } = PLANTED[name];
      const outcome = await audit({ db, auditId: name, batchPages: 7 });
      await sortEdgesByTarget(db, name);
      await storeInlinks(db, name);
      for (const type of types) {
        const inMemory = outcome.issues
          .filter((issue) => issue.type === type)
          .map(({ url, detail }) => ({ url, detail }));
        expect(
          inMemory.map((finding) => new URL(finding.url).pathname),
          type,
        ).toEqual([...expected[type]].sort());
        expect(byUrl(await collectFindings(db, name, CHECKS[type])), type).toEqual(inMemory);
      }
    },
  );

  test.each([11, 12, 13])('seed %i: each check equals its in-memory rule on a random site', async (seed) => {
    db = await openTestDatabase(dialect);
    const nodes = randomSite(seed, 400);
    await storeCrawl(db, 'r', nodes, 'https://links.example/');
    await storeInlinks(db, 'r');
    const context = { nodes, inlinks: inlinkCounts(nodes) } as unknown as RuleContext;
    for (const [type, check] of Object.entries(CHECKS)) {
      const expected = RULES[type](context);
      expect(expected.length, type).toBeGreaterThan(2);
      expect(byUrl(await collectFindings(db, 'r', check)), type).toEqual(byUrl(expected));
    }
    // The details' variants are all met: several naming pages, a count of more, the sitemap's wording.
    const details = Object.keys(CHECKS).flatMap((type) => RULES[type](context).map((finding) => finding.detail));
    for (const part of [' more;', 'from 1 page,', 'pages, always', 'listed in the sitemap'])
      expect(
        details.some((detail) => detail.includes(part)),
        part,
      ).toBe(true);
  });
});
