import type { Db } from '#db/index.ts';
import { dropCrawlStore } from '#db/site-audit-drop.ts';
import { readCrawlFacts, readRecords, readStrings, STRING_KIND } from '#db/site-audit-records.ts';
import { requeueLeases } from '#db/site-audit-leases.ts';
import { readUrls, URL_STATE } from '#db/site-audit-urls.ts';
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

/** What the stored URLs give a resumed crawl, built a read at a time (the rows are not all held at once). */
interface ReadBack {
  nodes: UrlNode[];
  states: number[];
  seen: string[];
  queued: ResumedQueue['queued'];
  nextSeq: number;
  fetched: number;
  bytes: number;
}

/** The audit's URLs read back a batch at a time into the crawl's nodes; undefined when their ids leave a gap. */
async function readBack(db: Db, auditId: string): Promise<ReadBack | undefined> {
  const back: ReadBack = { nodes: [], states: [], seen: [], queued: [], nextSeq: 0, fetched: 0, bytes: 0 };
  for (let page = await readUrls(db, auditId, { afterId: -1, limit: READ_BATCH }); page.length > 0;) {
    for (const url of page) {
      // Ids are handed out densely and every id is written with the batch that met it: a gap is a store to drop.
      if (url.id !== back.nodes.length) return undefined;
      const done = url.state === URL_STATE.done;
      back.nodes.push(done ? nodeOf(url, null) : unanswered(nodeOf(url, null)));
      back.states.push(url.state);
      back.seen.push(url.url);
      if (url.state === URL_STATE.queued) back.queued.push({ id: url.id, seq: url.seq ?? 0, depth: url.depth });
      back.nextSeq = Math.max(back.nextSeq, (url.seq ?? -1) + 1);
      if (done) {
        back.fetched += 1;
        back.bytes += Math.max(0, url.bytes);
      }
    }
    page = await readUrls(db, auditId, { afterId: page.at(-1)!.id, limit: READ_BATCH });
  }
  return back;
}

/**
 * The crawl an earlier try of this audit left, or undefined when there is none to carry on from (it
 * never got past its start page, or what is stored does not hold together: then it is dropped and the
 * audit starts over). `records`: read the pages' records back into the nodes, for an analysis that runs on
 * them; one that runs from the store (SITE_AUDIT_SITE_CHECKS=store) reads them there, and a million records
 * read back at once would not fit in its memory.
 */
export async function loadResumedCrawl(
  db: Db,
  auditId: string,
  { records }: { records: boolean },
): Promise<ResumedCrawl | undefined> {
  const json = await readCrawlFacts(db, auditId);
  if (json === undefined) return undefined;
  const facts = JSON.parse(json) as CrawlFacts;
  // This job's earlier try is gone (one try runs at a time): what it was fetching waits again, as do leases run out.
  await requeueLeases(db, auditId, { owner: AUDIT_LEASE_OWNER, now: Date.now() });
  const back = await readBack(db, auditId);
  if (back === undefined) {
    await dropCrawlStore(db, auditId);
    return undefined;
  }
  if (records) await attachRecords(db, auditId, back.nodes);
  return {
    nodes: back.nodes,
    anchors: await readStrings(db, auditId, STRING_KIND.anchor),
    externals: await readStrings(db, auditId, STRING_KIND.external),
    states: Uint8Array.from(back.states),
    crawl: {
      siteOrigin: facts.siteOrigin,
      hosts: facts.hosts,
      seen: back.seen,
      queue: [],
      // Each URL answered was one request, robots.txt and each sitemap file one more: the budget as spent.
      requests: back.fetched + 1 + facts.sitemaps.files.length,
      elapsedMs: facts.elapsedMs,
    },
    queue: { queued: back.queued, nextSeq: back.nextSeq },
    visitor: {
      fetched: back.fetched,
      bytes: back.bytes,
      sitemaps: facts.sitemaps,
      ...(facts.startUnrendered === undefined ? {} : { startUnrendered: facts.startUnrendered }),
    },
  };
}
