import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { seededRandom, storeCrawl, type SeededRandom } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import {
  clickDepths,
  duplicatesBy,
  inlinkCounts,
  isIndexable,
  type RuleContext,
  type Finding,
  type Page,
} from '../rules/context.ts';
import { linkRules } from '../rules/links.ts';
import { createUrlStore, type PageRecord, type UrlNode } from '../store.ts';
import { storeLargeImages } from './images.ts';
import { collectFindings } from './index.ts';
import { STORE_DUPLICATE_CHECKS, storeDuplicates, type StoreDuplicateCheck } from './duplicates.ts';
import { analyseStore, readGraph, storeClickDepths, storeInlinks, storeOrphans } from './graph.ts';

const ORIGIN = 'https://graph.example';

/** The fields the cross-page checks read; the rest of a record as an empty page has it. */
function record(rng: SeededRandom, id: number, size: number): PageRecord {
  const links = new Set<number>();
  // Mostly a little further on (so the site is many clicks deep), now and then anywhere.
  for (let n = rng.int(4); n > 0; n -= 1) links.add(Math.min(size - 1, id + 1 + rng.int(15)));
  if (rng.int(3) === 0) links.add(rng.int(size));
  links.delete(id);
  // Few values, so groups of every size form, large ones (> 4) too; empty values are never grouped.
  const value = (prefix: string) => rng.pick([null, '', `${prefix} a`, `${prefix} b`, `${prefix} ${rng.int(40)}`]);
  const canonical = rng.pick<PageRecord['canonical']>([
    { kind: 'none' },
    { kind: 'none' },
    { kind: 'internal', id },
    { kind: 'internal', id: rng.int(size) },
    { kind: 'external', url: 'https://elsewhere.example/' },
  ]);
  return {
    title: value('Title'),
    description: value('Description'),
    h1: rng.pick([[], [''], ['', 'Heading a'], [value('Heading') ?? '']]),
    noindex: rng.int(8) === 0,
    canonical,
    words: rng.pick([0, 120, 450]),
    textHash: rng.pick(['', 'text-a', 'text-b', `text-${rng.int(30)}`]),
    links: [...links],
    outlinks: new Int32Array(0),
    // Distinct, as page-record.ts keeps them: some of them image URLs, some pages.
    images: [...new Set(Array.from({ length: rng.int(4) }, () => rng.int(size)))].filter((target) => target !== id),
    hreflang: [],
    scripts: [],
    stylesheets: [],
  } as unknown as PageRecord;
}

/**
 * A crawl of `size` URLs: the start and a redirect hop of it, then pages linking at random, redirects
 * into chains and loops (and off the site), errors, and URLs never fetched; some listed in a sitemap.
 */
function randomCrawl(seed: number, size: number): UrlNode[] {
  const rng = seededRandom(seed);
  // Blank nodes as the crawl makes them, one per URL named.
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) urls.idOf(`${ORIGIN}/n${id}`);
  const nodes = urls.nodes;
  Object.assign(nodes[0], { start: true, status: 301, redirectTo: 1 });
  Object.assign(nodes[1], { start: true, status: 200, page: record(rng, 1, size) });
  for (const current of nodes.slice(2)) {
    const kind = rng.int(10);
    current.inSitemap = rng.int(3) === 0;
    if (kind < 6) Object.assign(current, { status: 200, page: record(rng, current.id, size) });
    else if (kind < 8) Object.assign(current, { status: 301, redirectTo: rng.int(5) === 0 ? -1 : rng.int(size) });
    else if (kind < 9) current.status = 404;
    // An image or other file: answered, not a page, small or large.
    else if (rng.int(2) === 0) Object.assign(current, { status: 200, bytes: rng.pick([2_000, 150_000, 400_000]) });
  }
  return nodes;
}

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

/** What the rule finds in memory for a duplicate check (its filter and key, as rules/content.ts has them). */
function inMemoryDuplicates(nodes: readonly UrlNode[], check: StoreDuplicateCheck): Finding[] {
  const list = nodes.filter((each): each is Page => each.page !== null).filter(isIndexable);
  const { label } = STORE_DUPLICATE_CHECKS[check];
  if (check === 'title-duplicate') return duplicatesBy(list, (each) => each.page.title, label);
  if (check === 'description-duplicate') return duplicatesBy(list, (each) => each.page.description, label);
  if (check === 'h1-duplicate') return duplicatesBy(list, (each) => each.page.h1.find(Boolean), label);
  return duplicatesBy(
    list.filter((each) => each.page.words > 0),
    (each) => each.page.textHash,
    label,
  );
}

describe.each(DIALECTS)('the cross-page checks over the store on %s, on random graphs', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test.each([3, 4, 7, 10])(
    'seed %i: inlinks, click depths, orphans and large images equal the in-memory ones',
    async (seed) => {
      db = await openTestDatabase(dialect);
      const nodes = randomCrawl(seed, 400);
      await storeCrawl(db, 'g', nodes, `${ORIGIN}/`);
      await analyseStore(db);
      // Seeds 7 and 10 write the graph in ranges of 37 URLs, so a level spans many statements.
      const rangeIds = seed >= 7 ? 37 : undefined;
      await storeInlinks(db, 'g', rangeIds);
      await storeClickDepths(db, 'g', rangeIds);
      const graph = await readGraph(db, 'g', nodes.length);
      const depth = clickDepths(nodes);
      expect(graph.inlinks).toEqual(inlinkCounts(nodes));
      expect(graph.depth).toEqual(depth);
      // The graphs are not trivial: deep levels, URLs reached through redirects only, and unreachable ones.
      expect(Math.max(...depth)).toBeGreaterThan(8);
      expect(depth.filter((value) => value === -1).length).toBeGreaterThan(0);
      const context = { nodes, depth, inlinks: inlinkCounts(nodes) } as unknown as RuleContext;
      const orphans = linkRules.orphan(context);
      expect(orphans.length).toBeGreaterThan(0);
      expect(await collectFindings(db, 'g', storeOrphans)).toEqual(orphans);
      const large = linkRules['img-large'](context);
      expect(large.some((finding) => !finding.detail.endsWith(' 1 page'))).toBe(true);
      expect(byUrl(await collectFindings(db, 'g', storeLargeImages))).toEqual(byUrl(large));
    },
  );

  test.each([5, 6])(
    'seed %i: duplicate titles, descriptions, H1s and text equal the in-memory findings',
    async (seed) => {
      db = await openTestDatabase(dialect);
      const nodes = randomCrawl(seed, 300);
      await storeCrawl(db, 'g', nodes, `${ORIGIN}/`);
      for (const check of Object.keys(STORE_DUPLICATE_CHECKS) as StoreDuplicateCheck[]) {
        const found: Finding[] = [];
        await storeDuplicates(db, 'g', check, (finding) => {
          found.push(finding);
        });
        const expected = inMemoryDuplicates(nodes, check);
        expect(
          expected.some((finding) => finding.detail.endsWith('more')),
          check,
        ).toBe(true);
        expect(byUrl(found), check).toEqual(byUrl(expected));
      }
    },
  );
});
