// `node --expose-gc --import tsx scripts/bench/url-memory.ts [URLS]`: what the audit's memory retains per
// URL in store mode once records are released (decision 0059, "memory per URL"): the URL store (a node per
// URL, the url → id map), the frontier's `seen` set and a fetched page's node fields, each measured as
// heap retained after a full collection, for URLS (default 100,000) URLs shaped like the bench site's;
// then a distinct external link and anchor text per page, as the bench site's pages have.
import { createUrlStore } from '#server/features/site-audit/store.ts';
import { createFrontier, type QueueSource } from '#server/lib/crawler/frontier.ts';
import { allowAll } from '#server/lib/crawler/robots.ts';
import { createSkipLog } from '#server/lib/crawler/skip-log.ts';

const URLS = Number(process.argv[2] ?? 100_000);
const origin = 'http://127.0.0.1:41234';
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('Run with node --expose-gc.');

function heapUsed(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

/** Store mode keeps the queue in the database: nothing is held here. */
const storedQueue: QueueSource = {
  push: () => undefined,
  next: () => undefined,
  pending: 0,
  refill: () => Promise.resolve(),
  async *rest() {},
};

const empty = heapUsed();
const urls = Array.from({ length: URLS }, (_, i) => new URL(`/page/${i}`, origin).href);
const before = heapUsed();
const store = createUrlStore();
for (const url of urls) store.idOf(url);
const withStore = heapUsed();
const frontier = createFrontier({
  maxDepth: 1000,
  skips: createSkipLog(1000),
  siteOrigin: origin,
  robots: allowAll(),
  queue: storedQueue,
  // As the site audit runs it (audit.ts): the URL store remembers what the frontier met.
  seen: store.seen,
});
for (const url of urls) frontier.discover(url, 1);
const withFrontier = heapUsed();
// A fetched page's node as the visitor fills it (the header's string is the response's own).
for (const node of store.nodes) {
  node.status = 200;
  node.contentType = `text/html; charset=utf-8${''.padEnd(node.id % 1, ' ')}`;
  node.ttfbMs = 3 + (node.id % 7) / 10;
  node.bytes = 4000 + node.id;
}
const fetched = heapUsed();
// The bench site's pages each link one external URL of their own, under an anchor text of their own.
for (let i = 0; i < URLS; i += 1) {
  store.externalId(`https://external.example/ref/${i}`);
  store.anchorId(`Page ${i}`);
}
const interned = heapUsed();

const per = (bytes: number) => `${(bytes / URLS).toFixed(1)} B`;
console.log(`${URLS} URLs, each ${urls[URLS - 1]!.length} characters at most`);
console.log(`the URL strings (and an array):  ${per(before - empty)}`);
console.log(`URL store (nodes, url → id):     ${per(withStore - before)}`);
console.log(`frontier's seen URLs:            ${per(withFrontier - withStore)}`);
console.log(`a fetched page's node fields:    ${per(fetched - withFrontier)}`);
console.log(`retained per URL, strings apart: ${per(fetched - before)}`);
console.log(`an external URL and an anchor text interned, strings included: ${per(interned - fetched)}`);
// Keeps everything alive until measured.
if (frontier.has('') || urls.length < 0) console.log(store.nodes.length);
