// `npm run bench -- audit`: SEO audits per second of a 100 KB fixture page over loopback, and how
// much the audit (decode + parse + 22 checks) adds on top of the raw guarded fetch of the same page.
// Goal (issue 6): the audit adds under 20 ms per page over the raw fetch. Exits 1 when missed.
import { register } from 'tsx/esm/api';

register();
const { startLivePagesSite } = await import('../../test/fixtures/live-pages.ts');
const { createSafeFetcher } = await import('../../server/lib/safe-fetch/index.ts');
const { auditUrl } = await import('../../server/features/seo-audit/service.ts');
const { extractPageFacts } = await import('../../server/lib/page-facts/extract.ts');

const GOAL_MS = 20;
const ROUNDS = 150;
const THROUGHPUT_SECONDS = 5;
const CONCURRENCY = 8;

const site = await startLivePagesSite();
const fetcher = createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: 'bench' });
const url = `${site.origin}/page-100kb`;

async function timeEach(rounds, fn) {
  for (let i = 0; i < 20; i += 1) await fn(); // warm-up: JIT and sockets
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) await fn();
  return (performance.now() - started) / rounds;
}

const sample = await fetcher.fetch(url);
const html = sample.body.toString('utf8');
const fetchMs = await timeEach(ROUNDS, () => fetcher.fetch(url));
const auditMs = await timeEach(ROUNDS, () => auditUrl(url, { fetcher }));
const parseMs = await timeEach(ROUNDS * 2, async () => extractPageFacts(html));

let done = 0;
const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < deadline) {
      await auditUrl(url, { fetcher });
      done += 1;
    }
  }),
);
await site.close();

const overhead = auditMs - fetchMs;
const round = (value) => Math.round(value * 100) / 100;
console.log(`page: ${(sample.body.length / 1024).toFixed(1)} KB HTML (${sample.redirects.length} redirects)`);
console.log(`raw guarded fetch: ${round(fetchMs)} ms/page`);
console.log(`full audit:        ${round(auditMs)} ms/page  (adds ${round(overhead)} ms; goal < ${GOAL_MS} ms)`);
console.log(
  `HTML parse alone:  ${round(parseMs)} ms/page  (${Math.round((parseMs / auditMs) * 100)}% of the audit time)`,
);
console.log(`throughput:        ${round(done / THROUGHPUT_SECONDS)} audits/s at concurrency ${CONCURRENCY}`);
if (overhead >= GOAL_MS) {
  console.log('GOAL MISSED');
  process.exit(1);
}
console.log('goal met');
