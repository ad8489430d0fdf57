// `TEST_DATABASE_URL=… npx tsx scripts/bench/store-checks.ts` (PAGES=20000 by default): the cost of the
// site-wide setting, resource and external-link checks over the crawl store (decision 0067) on a made-up crawl, on a
// SQLite file and on PostgreSQL. Not part of `npm run bench` (it reads no built server).
import type { Db } from '#db/index.ts';
import { onBothDatabases } from './both-databases.ts';
import { saveExternalChecks } from '#db/site-audit-external-checks.ts';
import { BLANK_RECORD, seededRandom, storeCrawl } from '#test/fixtures/stored-crawl.ts';
import type { ExternalCheck } from '#server/features/site-audit/external-links.ts';
import { analyseStore } from '#server/features/site-audit/store-analysis/graph.ts';
import { collectFindings, STORE_CHECKS } from '#server/features/site-audit/store-analysis/index.ts';
import { SITE_SETTINGS } from '#server/features/site-audit/rules/page-meta-urls.ts';
import { STORE_RESOURCE_CHECKS } from '#server/features/site-audit/store-analysis/resources.ts';
import { createUrlStore, type PageRecord } from '#server/features/site-audit/store.ts';

const PAGES = Number(process.env.PAGES ?? 20_000);
/** The checks of decision 0067: the site-wide settings, the resources and the external links. */
const TYPES = [
  ...Object.keys(SITE_SETTINGS),
  ...Object.keys(STORE_RESOURCE_CHECKS),
  ...['broken', 'redirected', 'timeout', 'unverified'].map((kind) => `external-${kind}`),
];

/**
 * PAGES pages loading 5 scripts, 3 stylesheets (a quarter of them other sites') and 5 images of 750
 * resources, and linking to 3 of 50 other-site URLs.
 */
function crawl() {
  const rng = seededRandom(1);
  const urls = createUrlStore();
  for (let id = 0; id < PAGES + 750; id += 1) urls.idOf(`https://big.example/${id < PAGES ? 'p' : 'r'}${id}`);
  const externals = Array.from({ length: 50 }, (_, id) => `https://cdn.example/${id}.js`);
  const checks = externals.map(
    (_, id): ExternalCheck =>
      [
        { kind: 'broken', status: 404, detail: 'HTTP 404' } as const,
        { kind: 'redirected', status: 301, finalUrl: 'https://cdn.example/x', finalStatus: 200, hops: 1 } as const,
        { kind: 'unverified', status: 403, detail: 'HTTP 403' } as const,
        { kind: 'ok', status: 200 } as const,
      ][id % 4],
  );
  const some = (n: number, from: () => number) => [...new Set(Array.from({ length: n }, from))];
  for (const node of urls.nodes.slice(PAGES))
    Object.assign(node, { status: rng.pick([200, 200, 404, 301]), redirectTo: 0, bytes: rng.pick([1000, 600_000]) });
  for (const node of urls.nodes.slice(0, PAGES))
    Object.assign(node, {
      status: 200,
      start: node.id === 0,
      page: {
        ...BLANK_RECORD,
        metaFlags: rng.int(8192),
        htmlBytes: 20_000,
        scripts: some(5, () => (rng.int(4) === 0 ? -1 - rng.int(50) : PAGES + rng.int(200))),
        stylesheets: some(3, () => (rng.int(4) === 0 ? -1 - rng.int(50) : PAGES + 200 + rng.int(50))),
        images: some(5, () => PAGES + 250 + rng.int(500)),
        // Three links to other sites on every page, the anchor texts' first.
        outlinks: Int32Array.from(some(3, () => -1 - rng.int(50)).flatMap((target) => [target, 0])),
      } as unknown as PageRecord,
    });
  return { nodes: urls.nodes, externals, checks };
}

async function run(name: string, db: Db, { nodes, externals, checks }: ReturnType<typeof crawl>) {
  await storeCrawl(db, 'b', nodes, 'http://x/', { anchors: ['Partner'], externals });
  await saveExternalChecks(db, 'b', checks);
  await analyseStore(db);
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  let findings = 0;
  for (const type of TYPES) {
    const at = performance.now();
    const found = await collectFindings(db, 'b', STORE_CHECKS[type]);
    findings += found.length;
    console.log(`${name} ${type}: ${Math.round(performance.now() - at)} ms, ${found.length} findings`);
  }
  const rssGrowth = Math.round((process.memoryUsage().rss - rss) / 1e6);
  console.log(
    `${name}: ${TYPES.length} checks in ${Math.round(performance.now() - started)} ms, ${findings} findings, RSS +${rssGrowth} MB`,
  );
}

const site = crawl();
await onBothDatabases('store-checks', (label, db) => run(`${label} (${PAGES} pages)`, db, site));
