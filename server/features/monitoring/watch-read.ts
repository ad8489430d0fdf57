import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { isFetchError, type FetchOptions, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { bareSnapshot, snapshotOf, type PageSnapshot } from './watch-fields.ts';

/** A watched page's read: 10 s, 2 MB (the fields sit in the first bytes; a longer page is cut there). */
export const PAGE_TIMEOUT_MS = 10_000;
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The site audit's sitemap reader (server/jobs.ts hands it over: features do not import each other). */
export type SitemapReader = (
  crawl: {
    signal: AbortSignal;
    frontier: { isInSite(url: string): boolean };
    stream(
      url: string,
      options: FetchOptions,
    ): Promise<{ url: string; status: number; headers: Record<string, string>; body: Readable }>;
    breathe(): Promise<void>;
  },
  options: { siteOrigin: string; named: string[]; maxUrls: number; timeoutMs: number; onUrl: (url: string) => void },
) => Promise<{ found: boolean }>;

/**
 * One reading of a page: its first answer (a redirect is not followed: a new redirect is a change),
 * its fields; a request that got no answer is an "error: <why>" status.
 */
export async function readPage(fetcher: SafeFetcher, url: string, signal?: AbortSignal): Promise<PageSnapshot> {
  try {
    const answer = await fetcher.fetch(url, {
      maxRedirects: 0,
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      onTooLarge: 'truncate',
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    return snapshotOf(answer);
  } catch (error) {
    if (signal?.aborted) throw error;
    return bareSnapshot(`error: ${isFetchError(error) ? error.code : 'network'}`);
  }
}

/** Waits between two reads of one host (Crawl-delay); tests hand in one that does not wait. */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realWait: Wait = async (ms, signal) => {
  if (ms > 0) await delay(ms, undefined, { signal });
};

/**
 * `work` over `items`, politely: at most `concurrency` at once, and with a Crawl-delay one at a time,
 * `spacingMs` apart. With `paceMs`, the n-th item starts no sooner than n × `paceMs` after the first
 * (a look's monitors spread over its slot instead of read in one burst).
 */
export async function politely<T>(
  items: readonly T[],
  options: { concurrency: number; spacingMs: number; paceMs?: number; wait: Wait; signal?: AbortSignal },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const lanes = options.spacingMs > 0 ? 1 : Math.max(1, options.concurrency);
  const started = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < items.length && !options.signal?.aborted) {
      const index = next;
      next += 1;
      if (index > 0 && options.spacingMs > 0) await options.wait(options.spacingMs, options.signal);
      if (index > 0 && options.paceMs)
        await options.wait(started + index * options.paceMs - Date.now(), options.signal);
      await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
