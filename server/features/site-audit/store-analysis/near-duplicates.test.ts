import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { MINHASH_SIZE, minhashSimilarity } from '#server/lib/page-facts/text-fingerprint.ts';
import { seededRandom, storeCrawl, type SeededRandom } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { isIndexable, type Finding, type Page, type RuleContext } from '../rules/context.ts';
import { BANDS, contentRules, sameBand } from '../rules/content.ts';
import { createUrlStore, type PageRecord, type UrlNode } from '../store.ts';
import { NEAR_DUPLICATE_MIN_WORDS } from '../thresholds.ts';
import { collectFindings } from './index.ts';
import { storeNearDuplicates, type NearDuplicateReads } from './near-duplicates.ts';

const ORIGIN = 'https://near.example';

/** Values changed in a member's copy of its cluster's signature: 12 leaves 116 of 128 equal (0.906), 13 leaves 115 (0.898). */
const CHANGES = [0, 0, 3, 8, 12, 12, 13, 13, 20, 60];

function signature(rng: SeededRandom): Uint32Array {
  return Uint32Array.from({ length: MINHASH_SIZE }, () => rng.int(2 ** 32));
}

/** A copy of `base` with `changes` values, at distinct places, made new. */
function changed(rng: SeededRandom, base: Uint32Array, changes: number): Uint32Array {
  const copy = base.slice();
  const places = new Set<number>();
  while (places.size < changes) places.add(rng.int(MINHASH_SIZE));
  for (const place of places) copy[place] = rng.int(2 ** 32);
  return copy;
}

/** The fields the near-duplicate check reads; the rest of a record as an empty page has it. */
function record(rng: SeededRandom, id: number, size: number, text: { hash: string; minhash: Uint32Array }) {
  return {
    title: null,
    description: null,
    h1: [],
    noindex: rng.int(12) === 0,
    canonical: rng.pick<PageRecord['canonical']>([
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'internal', id },
      { kind: 'internal', id: rng.int(size) },
    ]),
    // Below, at and above the fewest words the rule compares.
    words: rng.pick([NEAR_DUPLICATE_MIN_WORDS - 1, NEAR_DUPLICATE_MIN_WORDS, 300, 300, 300]),
    textHash: text.hash,
    // Now and then a page without a whole signature (the rule leaves it out).
    minhash: rng.int(15) === 0 ? new Uint32Array(0) : text.minhash,
    links: [],
    images: [],
    hreflang: [],
    scripts: [],
    stylesheets: [],
  } as unknown as PageRecord;
}

/**
 * `size` pages in clusters of 1 to 14 copies of one signature, each copy with a few values changed (just
 * above and just below the threshold against the original, further apart from each other), some with the
 * original's exact text (its hash: not near duplicates however alike), some not indexable or too short.
 */
function nearCrawl(seed: number, size: number): UrlNode[] {
  const rng = seededRandom(seed);
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) urls.idOf(`${ORIGIN}/p${id}`);
  const nodes = urls.nodes;
  for (let id = 0; id < size;) {
    const base = signature(rng);
    const members = 1 + rng.int(14);
    for (let member = 0; member < members && id < size; member += 1, id += 1) {
      const changes = member === 0 ? 0 : rng.pick(CHANGES);
      const hash = changes === 0 && rng.int(2) === 0 ? `text-of-${base[0]}` : `text-${id}`;
      const text = { hash, minhash: changed(rng, base, changes) };
      Object.assign(nodes[id], { status: 200, start: id === 0, page: record(rng, id, size, text) });
    }
  }
  return nodes;
}

/** What the test's crawl holds, so it can be seen to walk each case: pairs sharing a band, by what the rule makes of them. */
function pairCases(nodes: readonly UrlNode[]) {
  const candidates = nodes
    .filter((node): node is Page => node.page !== null)
    .filter(isIndexable)
    .filter((node) => node.page.words >= NEAR_DUPLICATE_MIN_WORDS && node.page.minhash.length === MINHASH_SIZE);
  const cases = { justAbove: 0, justBelow: 0, sameText: 0, severalBands: 0 };
  for (const [i, a] of candidates.entries())
    for (const b of candidates.slice(i + 1)) {
      const shared = Array.from({ length: BANDS }, (_, band) => band).filter((band) =>
        sameBand(a.page.minhash, b.page.minhash, band),
      ).length;
      if (shared === 0) continue;
      const equal = Math.round(minhashSimilarity(a.page.minhash, b.page.minhash) * MINHASH_SIZE);
      if (a.page.textHash === b.page.textHash) cases.sameText += 1;
      else if (equal === 116) cases.justAbove += 1;
      else if (equal === 115) cases.justBelow += 1;
      if (shared > 1 && equal >= 116 && a.page.textHash !== b.page.textHash) cases.severalBands += 1;
    }
  return cases;
}

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

describe.each(DIALECTS)('near-duplicate content from the store’s bands on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test.each<[number, NearDuplicateReads | undefined]>([
    [1, undefined],
    [2, { entries: 40, block: 3, held: 5 }],
    [3, { entries: 700, block: 4, held: 2 }],
    // Band hashes of 3 bits: most buckets mix pages whose bands differ (skipped, uncharged, as the rule skips them).
    [4, { entries: 900, block: 6, held: 50, hashBits: 3 }],
  ])('seed %i (reads %o): the same pages, partners and counts as the in-memory rule', async (seed, reads) => {
    db = await openTestDatabase(dialect);
    const nodes = nearCrawl(seed, 260);
    await storeCrawl(db, 'n', nodes, `${ORIGIN}/`);
    const cases = pairCases(nodes);
    for (const [name, count] of Object.entries(cases)) expect(count, name).toBeGreaterThan(0);
    const expected = contentRules['near-duplicate-content']({ nodes } as unknown as RuleContext);
    expect(expected.some((finding) => finding.detail.endsWith(' more'))).toBe(true);
    const found = await collectFindings(db, 'n', (on, auditId, emit) => storeNearDuplicates(on, auditId, emit, reads));
    expect(byUrl(found)).toEqual(byUrl(expected));
    // By page id, each page once.
    const ids = found.map((finding) => Number(new URL(finding.url).pathname.slice(2)));
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  });

  test('the check only reads: no statement of it writes, so the web thread never waits on it', async () => {
    db = await openTestDatabase(dialect);
    await storeCrawl(db, 'n', nearCrawl(4, 120), `${ORIGIN}/`);
    const statements: string[] = [];
    const watched = db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    const executor = watched.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = (query, ...rest) => {
      statements.push(query.sql.trim().split(/\s+/)[0].toUpperCase());
      return execute(query, ...rest);
    };
    const found = await collectFindings(watched, 'n', storeNearDuplicates);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(statements)).toEqual(new Set(['SELECT']));
  });
});
