// `TEST_DATABASE_URL=… npx tsx scripts/bench/near-duplicates.ts` (PAGES=20000 by default): the near-duplicate
// check over the crawl store (decision 0066) against the in-memory rule on a made-up crawl, on a SQLite file and
// on PostgreSQL. Not part of `npm run bench` (it reads no built server).
import type { Db } from '#db/index.ts';
import { onBothDatabases } from './both-databases.ts';
import { MINHASH_SIZE } from '#server/lib/page-facts/text-fingerprint.ts';
import { BLANK_RECORD, seededRandom, storeCrawl } from '#test/fixtures/stored-crawl.ts';
import { contentRules } from '#server/features/site-audit/rules/content.ts';
import type { RuleContext } from '#server/features/site-audit/rules/context.ts';
import { collectFindings } from '#server/features/site-audit/store-analysis/index.ts';
import { storeNearDuplicates } from '#server/features/site-audit/store-analysis/near-duplicates.ts';
import { createUrlStore, type PageRecord } from '#server/features/site-audit/store.ts';

const PAGES = Number(process.env.PAGES ?? 20_000);

/** PAGES pages: 70% of the signatures one page's, the rest copied on 2–20 pages with 0–19 values changed. */
function crawl() {
  const rng = seededRandom(1);
  const urls = createUrlStore();
  for (let id = 0; id < PAGES; id += 1) urls.idOf(`https://near.example/p${id}`);
  for (let id = 0; id < PAGES;) {
    const base = Uint32Array.from({ length: MINHASH_SIZE }, () => rng.int(2 ** 32));
    const members = rng.int(10) < 7 ? 1 : 2 + rng.int(19);
    for (let member = 0; member < members && id < PAGES; member += 1, id += 1) {
      const minhash = base.slice();
      for (let change = member === 0 ? 0 : rng.int(20); change > 0; change -= 1)
        minhash[rng.int(MINHASH_SIZE)] = rng.int(2 ** 32);
      Object.assign(urls.nodes[id], {
        status: 200,
        start: id === 0,
        page: { ...BLANK_RECORD, words: 300, textHash: `text-${id}`, minhash } as unknown as PageRecord,
      });
    }
  }
  return urls.nodes;
}

async function run(name: string, db: Db, nodes: ReturnType<typeof crawl>) {
  await storeCrawl(db, 'b', nodes, 'https://near.example/');
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const found = await collectFindings(db, 'b', storeNearDuplicates);
  const store = Math.round(performance.now() - started);
  const rssGrowth = Math.round((process.memoryUsage().rss - rss) / 1e6);
  const at = performance.now();
  const expected = contentRules['near-duplicate-content']({ nodes } as unknown as RuleContext);
  const memory = Math.round(performance.now() - at);
  const same =
    JSON.stringify(found.map((f) => [f.url, f.detail]).sort()) ===
    JSON.stringify(expected.map((f) => [f.url, f.detail]).sort());
  console.log(
    `${name}: store ${store} ms (RSS +${rssGrowth} MB), memory ${memory} ms, ${found.length} findings, ${same ? 'equal' : 'DIFFERENT'}`,
  );
}

const nodes = crawl();
await onBothDatabases('near-duplicates', (label, db) => run(`${label} (${PAGES} pages)`, db, nodes));
