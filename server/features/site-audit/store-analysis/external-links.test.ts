import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { saveExternalChecks } from '#db/site-audit-external-checks.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFetcher, externalFixture } from '#test/fixtures/external-links-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import {
  BLANK_RECORD,
  issueRowsOf,
  seededRandom,
  storeCrawl,
  storedIssueRows,
  type IssueRow,
} from '#test/fixtures/stored-crawl.ts';
import { runSiteAudit, type SiteAuditOutcome } from '../audit.ts';
import type { ExternalCheck } from '../external-links.ts';
import type { Finding, RuleContext } from '../rules/context.ts';
import { buildLinkIndex } from '../rules/link-refs.ts';
import { resourcesRules } from '../rules/resources.ts';
import { createUrlStore, type PageRecord } from '../store.ts';
import { collectFindings, STORE_CHECK_TYPES } from './index.ts';
import { externalLinkCheck } from './external-links.ts';

const KINDS = ['broken', 'redirected', 'timeout', 'unverified'] as const;

/** Other-site answers of every kind, and URLs never checked (undefined). */
const CHECKS: Array<ExternalCheck | undefined> = [
  undefined,
  { kind: 'ok', status: 200 },
  { kind: 'redirected', status: 301, finalUrl: 'https://cdn.example/final', finalStatus: 200, hops: 1 },
  { kind: 'redirected', status: 302, finalUrl: 'https://cdn.example/far', finalStatus: 404, hops: 3 },
  { kind: 'broken', status: 404, detail: 'HTTP 404' },
  { kind: 'timeout', detail: 'no answer in 5 s' },
  { kind: 'unverified', status: 403, detail: 'HTTP 403 (may block crawlers)' },
];

/**
 * Pages linking to other sites (and to each other), some of those URLs on nearly every page (more links
 * than a finding names), some twice on one page with other words or in another part of the page.
 */
function randomCrawl(seed: number, size: number) {
  const rng = seededRandom(seed);
  const urls = createUrlStore();
  for (let id = 0; id < size; id += 1) urls.idOf(`https://links.example/${rng.pick(['a', 'B', '_'])}${id}`);
  const externals = Array.from({ length: 40 }, (_, id) => `https://other${id % 4}.example/${id}`);
  const anchors = ['Home', 'Read more', 'Partner', 'CDN', ''];
  const externalChecks = externals.map((_, id) => (id < 4 ? CHECKS[4 + (id % 3)] : rng.pick(CHECKS)));
  for (const node of urls.nodes) {
    const cells: number[] = [];
    for (let n = rng.int(6); n > 0; n -= 1) {
      const target =
        rng.int(4) === 0 ? rng.int(size) : -1 - (rng.int(3) === 0 ? rng.int(4) : rng.int(externals.length));
      cells.push(target, (rng.int(anchors.length) << 2) | rng.int(3));
    }
    // The popular ones: in every page's footer.
    if (rng.int(4) > 0) cells.push(-1 - rng.int(4), (2 << 2) | 2);
    Object.assign(node, {
      status: 200,
      start: node.id === 0,
      page: { ...BLANK_RECORD, outlinks: Int32Array.from(cells) } as unknown as PageRecord,
    });
  }
  return { nodes: urls.nodes, strings: { anchors, externals }, externalChecks };
}

const byUrl = (findings: readonly Finding[]) => [...findings].sort((a, b) => (a.url < b.url ? -1 : 1));

describe.each(DIALECTS)('the external-link checks over the store on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test.each([21, 22])('seed %i: each equals its rule, links and all', async (seed) => {
    db = await openTestDatabase(dialect);
    const { nodes, strings, externalChecks } = randomCrawl(seed, 160);
    await storeCrawl(db, 'r', nodes, 'http://x/', strings);
    await saveExternalChecks(db, 'r', externalChecks);
    const context = {
      nodes,
      strings,
      externalChecks,
      linkIndex: buildLinkIndex(nodes, strings),
    } as unknown as RuleContext;
    for (const kind of KINDS) {
      const expected = resourcesRules[`external-${kind}`](context);
      expect(expected.length, kind).toBeGreaterThan(0);
      expect(byUrl(await collectFindings(db, 'r', externalLinkCheck(kind))), kind).toEqual(byUrl(expected));
    }
    // Not trivial: a URL linked more often than a finding names, and one linked once.
    const all = KINDS.flatMap((kind) => resourcesRules[`external-${kind}`](context));
    expect(all.some((finding) => finding.links!.length === 50)).toBe(true);
    expect(all.some((finding) => finding.detail.endsWith('linked once'))).toBe(true);
  });

  test('an audit of a site linking and loading other sites’ URLs reports from the store what it reports in memory', async () => {
    db = await openTestDatabase(dialect);
    const ext = await externalFixture();
    const { origin, down } = ext;
    const links = [`${origin}/ok`, `${origin}/missing`, `${origin}/moved`, `${origin}/chain-1`, `${origin}/hang`];
    const more = [`${origin}/forbidden`, `${origin}/missing`, `${down}/refused`, 'http://nowhere.invalid/page'];
    const site: FixtureSite = (path) => {
      if (path === '/')
        return html(
          auditPage('/', {
            links: ['/other', ...links],
            head: `<link rel="stylesheet" href="${origin}/moved.css">`,
            body: `<script src="${origin}/ok.js" defer></script>`,
          }),
        );
      if (path === '/other')
        return html(auditPage('/other', { links: more, body: `<script src="${origin}/missing.js" defer></script>` }));
      return undefined;
    };
    const audit = async (auditId: string, siteChecks?: 'store'): Promise<SiteAuditOutcome> => {
      await insertSiteAudit(db, { id: auditId, visitor: 'v', url: 'http://x/', createdAt: '2026-11-29T06:00:00Z' });
      const served = await serveFixture(site);
      try {
        return await runSiteAudit({
          startUrl: `${served.origin}/`,
          fetcher: auditFetcher([served.hostPort, ...ext.allowPrivate]),
          externalLinks: { timeoutMs: 1000 },
          crawlStore: { db, auditId },
          siteChecks,
        });
      } finally {
        await served.close();
      }
    };
    try {
      const memory = await audit('memory');
      const stored = await audit('stored', 'store');
      // The store's findings are in the issues table (decision 0065); each audit serves the site on a port of its own.
      expect(stored.issues).toEqual([]);
      const storedRows = await storedIssueRows(db, 'stored');
      const rows = (found: readonly IssueRow[], siteUrl: string) =>
        JSON.parse(
          JSON.stringify(found.filter((row) => STORE_CHECK_TYPES.includes(row.type))).replaceAll(siteUrl, 'SITE'),
        ) as unknown[];
      expect(rows(storedRows, stored.siteUrl)).toEqual(rows(issueRowsOf(memory.issues), memory.siteUrl));
      const types = new Set(storedRows.map((row) => row.type));
      for (const type of ['external-broken', 'external-redirected', 'external-timeout', 'external-unverified'])
        expect(types.has(type), type).toBe(true);
      expect(types.has('js-broken') && types.has('css-redirected')).toBe(true);
    } finally {
      await ext.close();
    }
  });
});
