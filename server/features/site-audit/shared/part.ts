import { setMaxListeners } from 'node:events';
import type { Db } from '#db/index.ts';
import { answerRead, claimReads, freeOwnReads, readsOpen } from '#db/site-audit-reads.ts';
import type { CrawlFetcher, CrawlFetchOptions } from '#server/lib/crawler/types.ts';
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
  // Each read's fetch listens on the part's signal: `slots` of them at once, not a leak.
  if (options.fetchOptions.signal) setMaxListeners(options.slots + 10, options.fetchOptions.signal);
  await freeOwnReads(db, auditId, owner);
  const working = new Set<Promise<void>>();
  let read = 0;
  let failure: unknown = null;
  let freed: () => void = () => {};

  function start(row: { id: number; url: string; request: string }): void {
    const request = JSON.parse(row.request) as ReadRequest;
    const done = readAnswer(options.fetcher, row.url, request, options.fetchOptions, options.breathe)
      .then(async (answer) => {
        if (signal.aborted) return;
        if (await answerRead(db, auditId, { id: row.id, owner, answer: encodeAnswer(answer) })) read += 1;
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
      const rows = await claimReads(db, auditId, {
        owner,
        now: now(),
        leaseMs: options.leaseMs,
        limit: options.slots - working.size,
      });
      for (const row of rows) start(row);
      if (working.size >= options.slots) {
        // Full: the next claim waits for a read to end.
        await new Promise<void>((resolve) => (freed = resolve));
        continue;
      }
      if (rows.length > 0) continue;
      if (working.size === 0 && !(await readsOpen(db, auditId, options.attempt))) break;
      await Promise.race([pause(options.pollMs), new Promise<void>((resolve) => (freed = resolve))]);
    }
  } finally {
    await Promise.all(working);
  }
  if (failure !== null) throw failure;
  return read;
}
