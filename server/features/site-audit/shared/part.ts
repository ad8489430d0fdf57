import { setMaxListeners } from 'node:events';
import type { Db } from '#db/index.ts';
import { answerReads, claimReads, freeOwnReads, readsOpen } from '#db/site-audit-reads.ts';
import type { CrawlFetcher, CrawlFetchOptions } from '#server/lib/crawler/types.ts';
import { createBackoff, MAX_BACKOFF } from './backoff.ts';
import { encodeAnswer, readAnswer, type ReadRequest } from './answer.ts';

/*
 * A part of a shared audit (decision 0071), on any worker: it claims the pages the audit's job added, up to
 * `slots` at a time, fetches and reads each through this worker's guarded fetcher, and stores the answers,
 * until the audit's job closes the reads of its try (its crawl is over, it stopped, or a later try opened
 * its own). A part that starts again after its worker died frees what its earlier run had claimed.
 */

export interface ReadPartOptions {
  db: Db;
  auditId: string;
  /** The try of the audit's job the part was started for: its reads only. */
  attempt: number;
  /** The part's name, kept across its own tries (its claims are its own). */
  owner: string;
  fetcher: CrawlFetcher;
  /** Pages read at once. */
  slots: number;
  leaseMs: number;
  pollMs: number;
  /** The crawl's fetch options for a page (pageFetchOptions), with this part's signal. */
  fetchOptions: CrawlFetchOptions;
  breathe(): Promise<void>;
  signal: AbortSignal;
  pause?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Reads pages for the audit until its reads close; answers how many this part read. */
export async function runReadPart(options: ReadPartOptions): Promise<number> {
  const { db, auditId, owner, signal } = options;
  const now = options.now ?? Date.now;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Each read's fetch listens on the signal it is given: `slots` of them at once, not a leak. They listen on a
  // signal of the part's own, following the job's, so its ceiling counts only them (the job's signal has
  // listeners of its own besides, which took it past `slots + 10`).
  const reads = options.fetchOptions.signal && AbortSignal.any([options.fetchOptions.signal]);
  if (reads) setMaxListeners(options.slots + 10, reads);
  const fetchOptions = { ...options.fetchOptions, signal: reads };
  await freeOwnReads(db, auditId, owner);
  const working = new Set<Promise<void>>();
  let read = 0;
  let failure: unknown = null;
  let freed: () => void = () => {};
  const backoff = createBackoff(options.pollMs, options.pollMs * MAX_BACKOFF);
  // Answers ready while the last ones are being stored go in the next statement together.
  const store = groupWrites((answers: Array<{ id: number; answer: Buffer }>) =>
    answerReads(db, auditId, owner, answers).then((stored) => void (read += stored)),
  );

  function start(row: { id: number; url: string; request: string }): void {
    const request = JSON.parse(row.request) as ReadRequest;
    const done = readAnswer(options.fetcher, row.url, request, fetchOptions, options.breathe)
      .then(async (answer) => {
        if (signal.aborted) return;
        await store({ id: row.id, answer: encodeAnswer(answer) });
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        working.delete(done);
        freed();
      });
    working.add(done);
  }

  try {
    while (!signal.aborted && failure === null) {
      const limit = options.slots - working.size;
      const rows = await claimReads(db, auditId, { owner, now: now(), leaseMs: options.leaseMs, limit });
      for (const row of rows) start(row);
      if (rows.length > 0) backoff.reset();
      // A full claim may have left more waiting: claim again at once; otherwise wait for a read to end.
      if (rows.length > 0 && rows.length === limit) continue;
      if (working.size >= options.slots) {
        // Full: the next claim waits for a read to end.
        await new Promise<void>((resolve) => (freed = resolve));
        continue;
      }
      if (working.size === 0 && !(await readsOpen(db, auditId, options.attempt))) break;
      await Promise.race([pause(backoff.next()), new Promise<void>((resolve) => (freed = resolve))]);
    }
  } finally {
    await Promise.all(working);
  }
  if (failure !== null) throw failure;
  return read;
}

/**
 * Writes items in groups: an item given while a write runs waits for the next one, which takes every item
 * waiting then. Each item's promise settles with its group's write.
 */
export function groupWrites<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; settle: { resolve(): void; reject(error: unknown): void } }> = [];
  let writing = false;
  async function drain(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await write(group.map((entry) => entry.item));
        for (const entry of group) entry.settle.resolve();
      } catch (error) {
        for (const entry of group) entry.settle.reject(error);
      }
    }
    writing = false;
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, settle: { resolve, reject } });
      if (!writing) void drain();
    });
}
