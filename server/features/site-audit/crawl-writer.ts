import type { Db } from '#db/index.ts';
import type { StoredEdge } from '#db/site-audit-edges.ts';
import type { StoredExternalLink } from '#db/site-audit-external-checks.ts';
import { STRING_KIND, writeCrawlBatch, type StoredRecord, type StoredString } from '#db/site-audit-records.ts';
import { URL_STATE, type StoredUrl, type UrlState } from '#db/site-audit-urls.ts';
import { CRAWL_WRITE_BATCH } from '#server/config/site-audit-defaults.ts';
import type { CrawlVisitor } from '#server/lib/crawler/index.ts';
import type { Frontier } from '#server/lib/crawler/frontier.ts';
import { storedEdgesOf, storedExternalLinksOf, storedRecordOf, storedUrlOf } from './record-codec.ts';
import { fit, type QueuePlace, type StoredQueue } from './stored-queue.ts';
import type { Page } from './rules/context.ts';
import type { RestoredStore, UrlNode, UrlStore } from './store.ts';

/*
 * The crawl's side of the crawl store (decision 0059): every URL answered, and every URL touched since
 * the last batch (met, queued, skipped, marked as in a sitemap or loaded as a script), goes to the
 * database every `batchPages` answers, one transaction a batch, written from the nodes as they are
 * then. The in-memory store stays the crawl's working copy for now; the database copy is what a crawl
 * carried on after a crash reads (resume.ts), and what the analysis with bounded memory will read.
 */

/** Where an audit's crawl store lives. */
export interface CrawlStoreTarget {
  db: Db;
  auditId: string;
  /** URLs answered per batch written (default CRAWL_WRITE_BATCH). */
  batchPages?: number;
  /** Queued URLs leased from the store at a time (default FRONTIER_BATCH). */
  frontierBatch?: number;
}

/**
 * What of a node can change once it is written, in one byte: its frontier state (an answer brings its
 * facts with it), and the marks later pages or the sitemap add. A touched node whose byte is unchanged
 * is not written again: a site's navigation names the same URLs on every page.
 */
function signatureOf(node: UrlNode, state: UrlState): number {
  return 1 + (state | (node.loadedAs << 2) | (node.inSitemap ? 32 : 0) | (node.skipped !== null ? 64 : 0));
}

/**
 * Where a node stands in the frontier, from what the crawl did with it. `answered`: its visit is over (a
 * page being read already has its status, not yet its record: until its answer it is still leased).
 */
function frontierOf(node: UrlNode, answered: boolean, place: QueuePlace | undefined): QueuePlace | NotQueued {
  if (answered) return { state: URL_STATE.done, seq: place?.seq ?? null, depth: place?.depth ?? 0 };
  if (node.skipped !== null) return { state: URL_STATE.known, seq: null, depth: place?.depth ?? 0 };
  // Queued (waiting, or leased to be fetched), or met and never queued.
  return place ?? { state: URL_STATE.known, seq: null, depth: 0 };
}

/** A node's row when it is out of the queue: answered, skipped or never queued. */
interface NotQueued {
  state: UrlState;
  seq: number | null;
  depth: number;
}

export interface CrawlWriter {
  /** A node was named or changed: it goes out with the next batch. */
  touched(id: number): void;
  /** Wraps the audit's visitor: each answer counts toward the batch, whose write the answer waits for. */
  wrap(visitor: CrawlVisitor): CrawlVisitor;
  /** Writes what is left; throws the first write that failed. */
  flush(): Promise<void>;
  /** Resolves once every batch taken so far is stored (or failed). */
  settled(): Promise<void>;
}

/** What the writer is told besides its target: what was stored before (a resumed crawl), and when to stop. */
export interface CrawlWriterHooks {
  /** The crawl's queue in the store: where each queued URL stands, told when a batch takes what it queued. */
  queue?: () => Pick<StoredQueue, 'placeOf' | 'written' | 'lease'>;
  /** A crawl carried on: the nodes and strings already stored, and each node's stored frontier state by id. */
  resumed?: RestoredStore & { states: Uint8Array };
  /** What the crawl needs to carry on (JSON), written with each batch once known (undefined until then). */
  crawlFacts?: (frontier: Frontier) => string | undefined;
  /**
   * The audit's own signal: once it is aborted (cancelled, or the server stopping) nothing more is
   * written, so what the stop does to the nodes (pages cut off, the queue closed) never reaches the store
   * a later try carries on from.
   */
  signal?: AbortSignal;
}

/** A writer for one audit's crawl; `store()` is the audit's URL store (made after the writer, which it tells). */
export function createCrawlWriter(
  target: CrawlStoreTarget,
  store: () => UrlStore,
  hooks: CrawlWriterHooks = {},
): CrawlWriter {
  const batchPages = target.batchPages ?? CRAWL_WRITE_BATCH;
  const dirty = new Set<number>();
  const resumed = hooks.resumed;
  /** By id: each node's signature as last written (0: never written), and 1 once its visit is over. */
  let written: Uint8Array = new Uint8Array(Math.max(1024, resumed?.nodes.length ?? 0));
  let answeredIds: Uint8Array = new Uint8Array(written.length);
  for (const node of resumed?.nodes ?? []) {
    const state = resumed!.states[node.id] as UrlState;
    if (state === URL_STATE.done) answeredIds[node.id] = 1;
    written[node.id] = signatureOf(node, state);
  }
  let answered = 0;
  /** Anchor texts and external URLs written so far: the store's lists only grow, so what is past these is new. */
  const stringsWritten = { anchors: resumed?.anchors.length ?? 0, externals: resumed?.externals.length ?? 0 };
  let frontier: Frontier | undefined;
  let failure: unknown = null;
  let writing = Promise.resolve();

  function write(): Promise<void> {
    if (hooks.signal?.aborted) return writing;
    const { nodes } = store();
    const queue = hooks.queue?.();
    written = fit(written, nodes.length);
    const urls: StoredUrl[] = [];
    const records: StoredRecord[] = [];
    const edges: StoredEdge[] = [];
    const externalLinks: StoredExternalLink[] = [];
    for (const id of [...dirty].sort((a, b) => a - b)) {
      const node = nodes[id];
      const frontier = frontierOf(node, answeredIds[id] === 1, queue?.placeOf(id));
      const signature = signatureOf(node, frontier.state);
      if (written[id] === signature) continue;
      written[id] = signature;
      urls.push(storedUrlOf(node, frontier));
      // A page's record is complete once it is answered; it is written with that answer, once.
      if (node.page !== null && frontier.state === URL_STATE.done) {
        records.push(storedRecordOf(node as Page));
        edges.push(...storedEdgesOf(node as Page));
        externalLinks.push(...storedExternalLinksOf(node as Page));
      }
    }
    dirty.clear();
    queue?.written();
    answered = 0;
    const strings = newStrings();
    const crawl = frontier && hooks.crawlFacts?.(frontier);
    const lease = queue?.lease();
    // One batch after another, in order: a later batch never lands before an earlier one.
    writing = writing
      .then(() =>
        failure === null
          ? writeCrawlBatch(target.db, target.auditId, { urls, records, strings, edges, externalLinks, crawl, lease })
          : undefined,
      )
      .catch((error: unknown) => {
        failure ??= error;
      });
    return writing;
  }

  /** The anchor texts and external URLs named since the last batch (the records of this one point at them). */
  function newStrings(): StoredString[] {
    const { anchors, externals } = store();
    const strings: StoredString[] = [];
    for (let id = stringsWritten.anchors; id < anchors.length; id += 1)
      strings.push({ kind: STRING_KIND.anchor, id, value: anchors[id] });
    for (let id = stringsWritten.externals; id < externals.length; id += 1)
      strings.push({ kind: STRING_KIND.external, id, value: externals[id] });
    stringsWritten.anchors = anchors.length;
    stringsWritten.externals = externals.length;
    return strings;
  }

  async function count(id: number): Promise<void> {
    dirty.add(id);
    answeredIds = fit(answeredIds, id + 1);
    answeredIds[id] = 1;
    answered += 1;
    if (answered >= batchPages) await write();
  }

  return {
    touched: (id) => dirty.add(id),
    wrap(visitor) {
      return {
        failed(item, message) {
          visitor.failed?.(item, message);
          void count(store().idOf(item.url));
        },
        async visit(item, res, crawl) {
          frontier = crawl.frontier;
          try {
            await visitor.visit(item, res, crawl);
          } finally {
            await count(store().idOf(item.url));
          }
        },
      };
    },
    async flush() {
      await write();
      if (failure !== null) throw failure;
    },
    settled: () => writing,
  };
}
