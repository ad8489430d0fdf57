import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { QueueItem } from '#server/lib/crawler/frontier.ts';
import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import type { SiteAuditLimits } from '#server/config/site-audit-defaults.ts';
import type { ReadAnswer } from '../shared/answer.ts';
import { responseOf, watchSignals, type Awaited } from '../shared/remote-pages.ts';
import type { FromReader, ReaderData, ToReader } from './protocol.ts';

/*
 * An audit's reader threads (decision 0073): the crawl's second core in one process. The audit's thread keeps
 * the crawl (its frontier, politeness, ids, records, writes and analysis) and hands each page to fetch to a
 * reader thread through the crawl engine's `fetchPage`, as a shared audit hands it to its parts (0071) but
 * without a database between them: the answer comes back over the thread's port and is visited as a response
 * whose body was read already. The start URL and its redirect hops are fetched here (their visit reads the
 * sitemaps and may fail the audit's start).
 */

/** The name an audit's outcome gives its reader threads' count (`readers`, beside a shared audit's parts). */
export const LOCAL_READERS = 'reader-threads';

/** Where a reader thread's code is: source.mjs (tsx) from source, site-audit-reader.js beside the bundle. */
const fromSource = import.meta.url.endsWith('.ts');
const READER_ENTRY = new URL(fromSource ? './source.mjs' : './site-audit-reader.js', import.meta.url);

/**
 * A reader thread's heap ceiling (MB): room for every page the crawl fetches at once to be read at its size limit
 * (three bytes of heap a byte of HTML: the decoded text and the parser's pieces of it), above a base for the
 * thread's modules and its connections.
 */
export function readerHeapMb(limits: Pick<SiteAuditLimits, 'concurrency' | 'maxPageBytes'>): number {
  return 48 + Math.ceil((limits.concurrency * limits.maxPageBytes * 3) / 1024 ** 2);
}

export interface LocalReadsOptions {
  /** Reader threads (SITE_AUDIT_READERS). */
  threads: number;
  /** What the readers' guarded fetchers are made of (the audit's fetcher is made of the same). */
  fetcherConfig: ReaderData['fetcher'];
  /** The start URL and its redirect hops are fetched with this one, in the audit's thread. */
  fetcher: CrawlFetcher;
  limits: Pick<SiteAuditLimits, 'concurrency' | 'maxPageBytes' | 'pageTimeoutMs'>;
  /** The audit's signal: the crawl runs under it and under a reader's failure. */
  signal: AbortSignal | undefined;
  /** LOADED_AS bits of a URL as the crawl knows them now. */
  loadedAsOf(url: string): number;
  /** The thread's module (a test passes one that fails). */
  entry?: URL;
}

export interface LocalReads {
  /** The signal the crawl runs under: the audit's, and a reader that died (which stops the crawl). */
  signal: AbortSignal;
  fetchPage(item: QueueItem, options: CrawlFetchOptions): Promise<CrawlFetchResponse<Readable>>;
  /** Throws why a reader died, if one did (the crawl ended without its pages). */
  check(): void;
  /** Pages read by the reader threads so far. */
  readonly read: number;
  /** Ends the threads (the crawl is over, or failed). */
  close(): Promise<void>;
}

interface Reader {
  worker: Worker;
  /** Reads posted and not answered. */
  busy: number;
}

export function startLocalReads(options: LocalReadsOptions): LocalReads {
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  const awaited = new Map<number, Awaited & { reader: Reader }>();
  const watch = watchSignals(awaited);
  let nextId = 0;
  let read = 0;
  let failure: unknown = null;
  let closing = false;

  const fail = (error: unknown) => {
    if (failure !== null || closing) return;
    failure = error;
    failed.abort(error);
    for (const wait of awaited.values()) wait.reject(error);
    awaited.clear();
  };

  const readers: Reader[] = Array.from({ length: Math.max(1, options.threads) }, () => {
    const worker = new Worker(options.entry ?? READER_ENTRY, {
      workerData: { fetcher: options.fetcherConfig } satisfies ReaderData,
      resourceLimits: { maxOldGenerationSizeMb: readerHeapMb(options.limits) },
    });
    const reader: Reader = { worker, busy: 0 };
    // The audit's thread ends with its job whatever its readers do.
    worker.unref();
    worker.on('message', (message: FromReader) => {
      const wait = awaited.get(message.id);
      if (!wait) return;
      awaited.delete(message.id);
      reader.busy -= 1;
      read += 1;
      wait.resolve(message.answer);
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`A site audit's reader thread stopped (exit code ${code}).`)));
    return reader;
  });

  const limits = { pageTimeoutMs: options.limits.pageTimeoutMs, maxPageBytes: options.limits.maxPageBytes };
  const post = (reader: Reader, message: ToReader) => reader.worker.postMessage(message);

  return {
    signal,
    get read() {
      return read;
    },
    check() {
      if (failure !== null) throw failure;
    },
    async fetchPage(item, fetchOptions) {
      if (item.start) return options.fetcher.stream(item.url, fetchOptions);
      fetchOptions.signal?.throwIfAborted();
      if (failure !== null) throw failure;
      const id = nextId++;
      const reader = readers.reduce((least, each) => (each.busy < least.busy ? each : least));
      reader.busy += 1;
      const answer = new Promise<ReadAnswer>((resolve, reject) =>
        awaited.set(id, {
          reader,
          resolve,
          // A read no longer wanted (the crawl stopped, or a reader died): its fetch stops too.
          reject(error) {
            reader.busy -= 1;
            if (failure === null) post(reader, { type: 'abort', id });
            reject(error);
          },
        }),
      );
      const under = fetchOptions.signal && watch(fetchOptions.signal, id);
      post(reader, {
        type: 'read',
        id,
        url: item.url,
        request: { start: false, loadedAs: options.loadedAsOf(item.url) },
        limits,
      });
      try {
        return responseOf(await answer);
      } finally {
        under?.delete(id);
      }
    },
    async close() {
      closing = true;
      await Promise.all(readers.map((reader) => reader.worker.terminate()));
    },
  };
}
