import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { PAGE_META_ORIGIN, pageMetaSite, pageMetaSiteExpectation } from '#test/fixtures/site-audit-page-meta-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { BLANK_RECORD, seededRandom, storeCrawl } from '#test/fixtures/stored-crawl.ts';
import { runSiteAudit } from '../audit.ts';
import type { Finding, RuleContext } from '../rules/context.ts';
import { SITE_SETTINGS, siteSettingRule, type SiteSetting } from '../rules/page-meta-urls.ts';
import { createUrlStore, META_FLAGS, type PageRecord, type UrlNode } from '../store.ts';
import { collectFindings } from './index.ts';
import { siteWideCheck } from './site-wide.ts';

const SETTINGS = Object.keys(SITE_SETTINGS) as SiteSetting[];

/** Letters whose order differs between code points and a locale's collation (case, punctuation). */
const LETTERS = ['a', 'B', 'b', '-', '_', '~', 'Z', '0', '.', 'é'];

/**
 * A crawl of `size` URLs on http and https, named so that URL order is not id order: a start that
 * redirects to the start page, then pages (each setting's bit present with probability `present`, HTML
 * above and below the compression threshold), redirects, errors and files that are not pages.
 */
function randomCrawl(seed: number, size: number, present: number): UrlNode[] {
  const rng = seededRandom(seed);
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) {
    const name = Array.from({ length: 1 + rng.int(4) }, () => rng.pick(LETTERS)).join('');
    urls.idOf(`${rng.pick(['http', 'https'])}://site.example/${encodeURIComponent(name)}/${id}`);
  }
  const page = () => {
    let metaFlags = 0;
    for (const { flag } of Object.values(SITE_SETTINGS)) if (rng.next() < present) metaFlags |= flag;
    if (rng.int(2) === 0) metaFlags |= META_FLAGS.ogTitle;
    const htmlBytes = rng.pick([300, 1023, 1024, 40_000]);
    return { ...BLANK_RECORD, metaFlags, htmlBytes } as unknown as PageRecord;
  };
  const nodes = urls.nodes;
  Object.assign(nodes[0], { start: true, status: 301, redirectTo: 1 });
  Object.assign(nodes[1], { start: true, status: 200, page: page() });
  for (const node of nodes.slice(2)) {
    const kind = rng.int(10);
    if (kind < 7) Object.assign(node, { status: rng.pick([200, 200, 200, 404]), page: page() });
    else if (kind < 8) Object.assign(node, { status: 301, redirectTo: rng.int(size) });
    else if (kind < 9) node.status = 500;
    else Object.assign(node, { status: 200, bytes: 5_000 });
  }
  return nodes;
}

const inMemory = (nodes: readonly UrlNode[], type: SiteSetting): Finding[] =>
  siteSettingRule(type)({ nodes } as unknown as RuleContext);

describe.each(DIALECTS)('the site-wide setting checks over the store on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('on the page-meta planted site (https), they equal the in-memory audit’s findings', async () => {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, {
      id: 'meta',
      visitor: 'v',
      url: `${PAGE_META_ORIGIN}/`,
      createdAt: '2026-11-29T06:00:00Z',
    });
    const outcome = await runSiteAudit({
      startUrl: `${PAGE_META_ORIGIN}/`,
      fetcher: createInMemoryFetcher(pageMetaSite, [PAGE_META_ORIGIN, 'http://meta.example']),
      crawlStore: { db, auditId: 'meta', batchPages: 7 },
    });
    for (const type of SETTINGS) {
      const expected = outcome.issues
        .filter((issue) => issue.type === type)
        .map(({ url, detail }) => ({ url, detail }));
      expect(
        expected.map((finding) => new URL(finding.url).pathname),
        type,
      ).toEqual(pageMetaSiteExpectation[type]);
      expect(await collectFindings(db, 'meta', siteWideCheck(type)), type).toEqual(expected);
    }
  });

  test.each([
    [1, 0.5],
    [2, 0.97],
    [3, 0.995],
    [4, 1],
  ])(
    'seed %i (each setting present with probability %d): they equal the rules on a random crawl',
    async (seed, present) => {
      db = await openTestDatabase(dialect);
      const nodes = randomCrawl(seed, 240, present);
      await storeCrawl(db, 'r', nodes, 'http://x/');
      const details: string[] = [];
      for (const type of SETTINGS) {
        const expected = inMemory(nodes, type);
        details.push(...expected.map((finding) => finding.detail));
        expect(await collectFindings(db, 'r', siteWideCheck(type)), type).toEqual(expected);
      }
      if (present === 1) expect(details).toEqual([]);
      else expect(details.length).toBeGreaterThan(0);
      // Many lacking (a count of the rest), or a few (no count), as the seed has it.
      if (present === 0.5) expect(details.every((detail) => detail.endsWith('more'))).toBe(true);
      if (present > 0.99 && present < 1) expect(details.some((detail) => !detail.endsWith('more'))).toBe(true);
    },
  );
});
