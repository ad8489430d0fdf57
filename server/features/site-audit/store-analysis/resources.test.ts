import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { saveExternalChecks } from '#db/site-audit-external-checks.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { BLANK_RECORD, seededRandom, storeCrawl } from '#test/fixtures/stored-crawl.ts';
import type { ExternalCheck } from '../external-links.ts';
import type { Finding, RuleContext } from '../rules/context.ts';
import { resourcesRules } from '../rules/resources.ts';
import { createUrlStore, type PageRecord, type UrlNode } from '../store.ts';
import { collectFindings } from './index.ts';
import { STORE_RESOURCE_CHECKS } from './resources.ts';

const ORIGIN = 'https://res.example';

/** Other-site answers of every kind, and URLs never checked (undefined). */
const CHECKS: Array<ExternalCheck | undefined> = [
  undefined,
  { kind: 'ok', status: 200 },
  { kind: 'redirected', status: 301, finalUrl: 'https://cdn.example/final.js', finalStatus: 200, hops: 1 },
  { kind: 'broken', status: 404, detail: 'HTTP 404' },
  { kind: 'broken', status: 0, detail: 'connection refused', hostDown: true },
  { kind: 'timeout', detail: 'no answer in 5 s' },
  { kind: 'unverified', status: 403, detail: 'HTTP 403 (may block crawlers)' },
];

/**
 * A crawl of pages loading scripts, stylesheets and images, of this site and others, each target loaded
 * by one page or many: the resources answered in every way the rules tell apart (errors, no answer,
 * redirects inside, off the site and nowhere, sizes around both limits, a page loaded as a script).
 */
function randomCrawl(seed: number, size: number) {
  const rng = seededRandom(seed);
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) urls.idOf(`${ORIGIN}/${rng.pick(['a', 'B', 'z-', '_x'])}${id}`);
  const externals = Array.from({ length: 30 }, (_, id) => `https://cdn${id % 3}.example/${id}`);
  const externalChecks = externals.map(() => rng.pick(CHECKS));
  const nodes = urls.nodes;
  const resources: number[] = [];
  const pages: UrlNode[] = [];
  for (const node of nodes) {
    const kind = rng.int(12);
    if (kind < 5) pages.push(Object.assign(node, { status: 200, start: node.id === 0 }));
    else if (kind < 7)
      Object.assign(node, { status: 200, bytes: rng.pick([10_000, 150 * 1024, 150 * 1024 + 1, 600_000]) });
    else if (kind < 8) Object.assign(node, { status: rng.pick([404, 410, 500, 503]) });
    else if (kind < 9) Object.assign(node, { status: 0, error: rng.pick(['timeout', null]) });
    else if (kind < 11)
      Object.assign(node, {
        status: rng.pick([301, 302, 307]),
        redirectTo: rng.int(3) === 0 ? -1 : rng.int(size),
        redirectExternal: rng.int(2) === 0 ? 'https://elsewhere.example/x' : null,
      });
    else Object.assign(node, { status: 200, bytes: 700_000 });
    if (kind >= 5 || rng.int(10) === 0) resources.push(node.id);
  }
  // A few popular targets (loaded by many pages) beside the rest.
  const target = () =>
    rng.int(3) === 0 ? -1 - rng.int(externals.length) : rng.pick(resources.slice(0, 5 + rng.int(resources.length)));
  const some = (most: number) => [...new Set(Array.from({ length: rng.int(most) }, target))];
  for (const node of pages)
    node.page = {
      ...BLANK_RECORD,
      scripts: some(6),
      stylesheets: some(4),
      images: some(5).filter((id) => id >= 0 && id !== node.id),
    } as unknown as PageRecord;
  return { nodes, externals, externalChecks };
}

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

describe.each(DIALECTS)('the resource checks over the store on %s, on random crawls', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test.each([11, 12, 13])('seed %i: each equals its rule, finding for finding', async (seed) => {
    db = await openTestDatabase(dialect);
    const { nodes, externals, externalChecks } = randomCrawl(seed, 300);
    await storeCrawl(db, 'r', nodes, 'http://x/', { externals });
    await saveExternalChecks(db, 'r', externalChecks);
    const context = {
      nodes,
      strings: { anchors: [], externals },
      externalChecks,
    } as unknown as RuleContext;
    const all: Finding[] = [];
    for (const [type, check] of Object.entries(STORE_RESOURCE_CHECKS)) {
      const expected = resourcesRules[type](context);
      all.push(...expected);
      expect(expected.length, type).toBeGreaterThan(0);
      expect(byUrl(await collectFindings(db, 'r', check)), type).toEqual(byUrl(expected));
    }
    // Not trivial: targets of other sites, and some loaded by more pages than a detail names.
    expect(all.some((finding) => finding.url.includes('cdn'))).toBe(true);
    expect(all.some((finding) => finding.detail.endsWith('more'))).toBe(true);
  });
});
