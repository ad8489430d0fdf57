import { Readable } from 'node:stream';
import type { Db } from '#db/index.ts';
import { addReads, answerRead, claimReads, takeAnswers, type ReadRow } from '#db/site-audit-reads.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import type { QueueItem } from '#server/lib/crawler/frontier.ts';
import { pageFetchOptions, type CoreOptions } from '#server/lib/crawler/index.ts';
import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import { preparedBodies } from '../response-body.ts';
import { createBackoff, MAX_BACKOFF } from './backoff.ts';
import { decodeAnswer, encodeAnswer, readAnswer, type ReadAnswer, type ReadRequest } from './answer.ts';

/*
 * The audit's job's side of a shared audit (decision 0071): each page the crawl would fetch becomes a row of
 * site_audit_reads; the parts on the workers fetch and read them, and the answers come back as responses
 * whose body was read already (preparedBodies), which the audit's visitor takes as if it had read them. What
 * no part claims within `waitMs`, or whose lease ran out, the audit's job reads itself, so an audit never
 * waits on a part that is not there.
 */

/** Answers taken at most per statement. */
const TAKE_ANSWERS = 256;
/** Looks for lapsed rows per `waitMs`. */
const LAPSED_LOOKS = 5;

/** The audit's job's name as the reader of last resort (its counts beside the parts'). */
export const AUDIT_READER = 'audit';

export interface RemotePagesOptions {
  db: Db;
  auditId: string;
  /** The URL's read request as the crawl knows it when it asks (how pages load it). */
  requestOf(item: QueueItem): ReadRequest;
  /** Reads a page here (the audit's job's own fetcher): for rows no part took in time. */
  readHere(url: string, request: ReadRequest): Promise<ReadAnswer>;
  /** A read or write of the rows failed: the audit's job stops its crawl (`check` then throws the error). */
  onFailure(error: unknown): void;
  /** How often answers are looked for while some are awaited (ms). */
  pollMs: number;
  /** How long a row waits for a part before the audit's job may read it, and a claim's lease (ms). */
  waitMs: number;
  leaseMs: number;
  /** How the audit's job waits between looks (setTimeout by default; a test passes its own). */
  pause?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface RemotePages {
  fetchPage(item: QueueItem, options: CrawlFetchOptions): Promise<CrawlFetchResponse<Readable>>;
  /** Pages read so far by each reader (the parts' names, and AUDIT_READER). */
  readonly counts: ReadonlyMap<string, number>;
  /** Throws the first failure of the rows' reads or writes (the crawl ended without its answers). */
  check(): void;
}

export interface Awaited {
  resolve(answer: ReadAnswer): void;
  reject(error: unknown): void;
}

/** A response built from an answer, its body already read; or the fetch's failure thrown again. */
export function responseOf(answer: ReadAnswer): CrawlFetchResponse<Readable> {
  if (answer.kind === 'failed')
    throw answer.invalidInput ? new DomainError('invalid-input', answer.message) : new Error(answer.message);
  const res = {
    url: answer.url,
    status: answer.status,
    headers: answer.headers,
    body: Readable.from([]),
    timings: { ttfbMs: answer.ttfbMs },
  };
  if (answer.body) preparedBodies.set(res, answer.body);
  return res;
}

/**
 * Rejects the pages awaited under a crawl signal once it aborts: one listener a signal, however many pages are
 * in flight under it. Answers the function that puts a page under its signal.
 */
export function watchSignals(awaited: Map<number, Awaited>): (signal: AbortSignal, id: number) => Set<number> {
  const waiting = new WeakMap<AbortSignal, Set<number>>();
  return (signal, id) => {
    let ids = waiting.get(signal);
    if (!ids) {
      const those = (ids = new Set());
      waiting.set(signal, those);
      signal.addEventListener(
        'abort',
        () => {
          for (const waited of those) awaited.get(waited)?.reject(signal.reason);
          for (const waited of those) awaited.delete(waited);
        },
        { once: true },
      );
    }
    return ids.add(id);
  };
}

export function createRemotePages(options: RemotePagesOptions): RemotePages {
  const { db, auditId } = options;
  const now = options.now ?? Date.now;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const awaited = new Map<number, Awaited>();
  const counts = new Map<string, number>();
  let nextId = 0;
  let toAdd: ReadRow[] = [];
  let adding: Promise<void> | null = null;
  let looking = false;
  let failure: unknown = null;
  const backoff = createBackoff(options.pollMs, options.pollMs * MAX_BACKOFF);
  let lapsedLookedAt = now();

  const fail = (error: unknown) => {
    if (failure === null) {
      failure = error;
      options.onFailure(error);
    }
    for (const wait of awaited.values()) wait.reject(error);
    awaited.clear();
  };

  /** The rows asked for in this turn go in one insert. */
  function add(): Promise<void> {
    adding ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const rows = toAdd;
      toAdd = [];
      adding = null;
      await addReads(db, auditId, rows, now() + options.waitMs);
    });
    return adding;
  }

  /** Rows no part claimed in time (or whose part died): read here, answered like a part's. */
  async function readLapsed(): Promise<void> {
    const rows = await claimReads(db, auditId, {
      owner: AUDIT_READER,
      now: now(),
      leaseMs: options.leaseMs,
      limit: 4,
      lapsedOnly: true,
    });
    for (const row of rows) {
      const request = JSON.parse(row.request) as ReadRequest;
      void options
        .readHere(row.url, request)
        .then((answer) => answerRead(db, auditId, { id: row.id, owner: AUDIT_READER, answer: encodeAnswer(answer) }))
        .catch(fail);
    }
  }

  /** Looks for answers while some are awaited; hands each to its fetch. */
  async function look(): Promise<void> {
    if (looking) return;
    looking = true;
    try {
      while (awaited.size > 0) {
        const answers = await takeAnswers(db, auditId, TAKE_ANSWERS);
        for (const { id, owner, answer } of answers) {
          const wait = awaited.get(id);
          awaited.delete(id);
          counts.set(owner ?? AUDIT_READER, (counts.get(owner ?? AUDIT_READER) ?? 0) + 1);
          wait?.resolve(decodeAnswer(answer));
        }
        if (answers.length > 0) backoff.reset();
        // A full take may have left more: take again at once; otherwise give the parts a moment.
        if (answers.length === TAKE_ANSWERS) continue;
        // A row lapses only after `waitMs` or a lease: looked for now and then, not at every look.
        if (now() - lapsedLookedAt >= options.waitMs / LAPSED_LOOKS) {
          lapsedLookedAt = now();
          await readLapsed();
        }
        await pause(backoff.next());
      }
    } catch (error) {
      fail(error);
    } finally {
      looking = false;
    }
  }

  const watch = watchSignals(awaited);

  return {
    counts,
    check() {
      if (failure !== null) throw failure;
    },
    async fetchPage(item, fetchOptions) {
      const id = nextId++;
      const signal = fetchOptions.signal;
      signal?.throwIfAborted();
      if (failure !== null) throw failure;
      const answer = new Promise<ReadAnswer>((resolve, reject) => awaited.set(id, { resolve, reject }));
      const under = signal && watch(signal, id);
      toAdd.push({ id, url: item.url, request: JSON.stringify(options.requestOf(item)) });
      await add().catch((error: unknown) => fail(error));
      void look();
      try {
        return responseOf(await answer);
      } finally {
        under?.delete(id);
      }
    },
  };
}

/** How a shared audit's job waits on its parts' reads, and closes them when its crawl ends (run.ts's startParts). */
export interface SharedReads {
  /** Pages handed over at once, per page the parts fetch at once (SITE_AUDIT_CONCURRENCY). */
  depth: number;
  pollMs: number;
  waitMs: number;
  leaseMs: number;
  /** The crawl is over: the parts stop. */
  close(): Promise<void>;
}

/**
 * A shared audit's side of its crawl: the signal the crawl runs under (the audit's, and a failed read or write of
 * the rows, which stops the crawl as a cancel would and fails the try with the error), and how it fetches a page:
 * the start URL and its redirects here (their visit reads the sitemaps), every other page through the parts.
 */
export function sharedCrawl(options: {
  shared: SharedReads;
  target: { db: Db; auditId: string };
  fetcher: CrawlFetcher;
  limits: Pick<CoreOptions, 'pageTimeoutMs' | 'maxPageBytes'>;
  signal: AbortSignal | undefined;
  breathe(): Promise<void>;
  /** LOADED_AS bits of a URL as the crawl knows them now. */
  loadedAsOf(url: string): number;
}) {
  const readsFailed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, readsFailed.signal]) : readsFailed.signal;
  const remote = createRemotePages({
    ...options.target,
    ...options.shared,
    requestOf: (item) => ({ start: item.start, loadedAs: options.loadedAsOf(item.url) }),
    readHere: (url, request) =>
      readAnswer(options.fetcher, url, request, pageFetchOptions(options.limits, signal), options.breathe),
    onFailure: (error) => readsFailed.abort(error),
  });
  return {
    signal,
    fetchPage: (item: QueueItem, fetchOptions: CrawlFetchOptions) =>
      item.start ? options.fetcher.stream(item.url, fetchOptions) : remote.fetchPage(item, fetchOptions),
    check: () => remote.check(),
    readers: () => Object.fromEntries(remote.counts),
  };
}
