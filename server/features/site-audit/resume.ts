import type { Db } from '#db/index.ts';
import { dropCrawlStore } from '#db/site-audit-drop.ts';
import { readCrawlFacts, readRecords, readStrings, STRING_KIND } from '#db/site-audit-records.ts';
import { readUrls, requeueLeases, URL_STATE, type StoredUrl } from '#db/site-audit-urls.ts';
import type { CrawlResume } from '#server/lib/crawler/index.ts';
import type { Frontier } from '#server/lib/crawler/frontier.ts';
import { decodeRecord, nodeOf } from './record-codec.ts';
import type { SitemapReadResult } from './sitemaps.ts';
import type { RestoredStore, UrlNode } from './store.ts';
import { AUDIT_LEASE_OWNER, type ResumedQueue } from './stored-queue.ts';

/*
 * Resume (decision 0059): an audit whose process died carries on from its crawl store when a process
 * that runs jobs takes it up again. The store is read back whole into the crawl's working memory (the
 * nodes, their records and strings); the queue stays in the store (stored-queue.ts reads it a batch at a
 * time), the leases of the dead try back in line (decision 0068); what the start page settled comes from
 * `site_audit_crawls`. Pages stored as answered are not fetched again.
 */

/** What the start page settled, and the crawl time spent: written with each batch once the sitemaps are read. */
export interface CrawlFacts {
  siteOrigin: string;
  hosts: string[];
  sitemaps: SitemapReadResult;
  startUnrendered?: string;
  elapsedMs: number;
}

/** A crawl to carry on: the store as it was, each node's stored state by id, and the frontier's and visitor's state. */
export interface ResumedCrawl extends RestoredStore {
  states: Uint8Array;
  crawl: CrawlResume;
  /** The queue as stored: its rows' places, read from the store a batch at a time. */
  queue: ResumedQueue;
  visitor: { fetched: number; bytes: number; sitemaps: SitemapReadResult; startUnrendered?: string };
}

/** Rows read per query while loading. */
const READ_BATCH = 1_000;

/** The crawl facts of this moment, as written with a batch; undefined until the sitemaps are read. */
export function crawlFactsOf(
  frontier: Frontier,
  state: { sitemaps: SitemapReadResult | null; startUnrendered?: string },
  elapsedMs: number,
): string | undefined {
  if (state.sitemaps === null) return undefined;
  const facts: CrawlFacts = {
    siteOrigin: frontier.siteOrigin,
    hosts: frontier.hosts,
    sitemaps: state.sitemaps,
    ...(state.startUnrendered === undefined ? {} : { startUnrendered: state.startUnrendered }),
    elapsedMs,
  };
  return JSON.stringify(facts);
}

async function readAllUrls(db: Db, auditId: string): Promise<StoredUrl[]> {
  const urls: StoredUrl[] = [];
  for (let page = await readUrls(db, auditId, { afterId: -1, limit: READ_BATCH }); page.length > 0;) {
    urls.push(...page);
    page = await readUrls(db, auditId, { afterId: page.at(-1)!.id, limit: READ_BATCH });
  }
  return urls;
}

/** Each stored page's record, by URL id. */
async function attachRecords(db: Db, auditId: string, nodes: UrlNode[]): Promise<void> {
  for (let page = await readRecords(db, auditId, { afterId: -1, limit: READ_BATCH }); page.length > 0;) {
    for (const stored of page) nodes[stored.id].page = decodeRecord(stored.record);
    page = await readRecords(db, auditId, { afterId: page.at(-1)!.id, limit: READ_BATCH });
  }
}

/**
 * A URL not answered yet as a crawl that never fetched it holds it: a batch may have caught it while it
 * was being fetched (its status known, not its body); it is fetched again from the start.
 */
function unanswered(node: UrlNode): UrlNode {
  return {
    ...node,
    status: 0,
    error: null,
    redirectTo: -1,
    redirectExternal: null,
    ttfbMs: 0,
    contentType: '',
    bytes: -1,
    htmlMislabelled: false,
  };
}

/**
 * The crawl an earlier try of this audit left, or undefined when there is none to carry on from (it
 * never got past its start page, or what is stored does not hold together: then it is dropped and the
 * audit starts over).
 */
export async function loadResumedCrawl(db: Db, auditId: string): Promise<ResumedCrawl | undefined> {
  const json = await readCrawlFacts(db, auditId);
  if (json === undefined) return undefined;
  const facts = JSON.parse(json) as CrawlFacts;
  // This job's earlier try is gone (one try runs at a time): what it was fetching waits again, as do leases run out.
  await requeueLeases(db, auditId, { owner: AUDIT_LEASE_OWNER, now: Date.now() });
  const urls = await readAllUrls(db, auditId);
  // Ids are handed out densely and every id is written with the batch that met it: a gap is a store to drop.
  if (urls.some((url, index) => url.id !== index)) {
    await dropCrawlStore(db, auditId);
    return undefined;
  }
  const nodes = urls.map((url) => (url.state === URL_STATE.done ? nodeOf(url, null) : unanswered(nodeOf(url, null))));
  await attachRecords(db, auditId, nodes);
  const states = Uint8Array.from(urls, (url) => url.state);
  const done = urls.filter((url) => url.state === URL_STATE.done);
  const queued = urls.filter((url) => url.state === URL_STATE.queued);
  return {
    nodes,
    anchors: await readStrings(db, auditId, STRING_KIND.anchor),
    externals: await readStrings(db, auditId, STRING_KIND.external),
    states,
    crawl: {
      siteOrigin: facts.siteOrigin,
      hosts: facts.hosts,
      seen: urls.map((url) => url.url),
      queue: [],
      // Each URL answered was one request, robots.txt and each sitemap file one more: the budget as spent.
      requests: done.length + 1 + facts.sitemaps.files.length,
      elapsedMs: facts.elapsedMs,
    },
    queue: {
      queued: queued.map((url) => ({ id: url.id, seq: url.seq ?? 0, depth: url.depth })),
      nextSeq: urls.reduce((max, url) => Math.max(max, (url.seq ?? -1) + 1), 0),
    },
    visitor: {
      fetched: done.length,
      bytes: done.reduce((sum, url) => sum + Math.max(0, url.bytes), 0),
      sitemaps: facts.sitemaps,
      ...(facts.startUnrendered === undefined ? {} : { startUnrendered: facts.startUnrendered }),
    },
  };
}
