import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { checkSite, DEFAULT_LIMITS, type CheckLimits, type SiteCheck } from './check-site.ts';
import { isFailure } from './evidence.ts';
import type { CheckResults, SiteResult } from './results.ts';

export interface RunOptions {
  fetcher: SafeFetcher;
  /** Every URL to visit; duplicates are visited once. */
  urls: readonly string[];
  previous: CheckResults;
  /** Requests in flight at once. */
  concurrency?: number;
  limits?: CheckLimits;
  now?: () => Date;
  signal?: AbortSignal;
  /** Called after each site, for progress output. */
  onResult?: (result: SiteResult, done: number, total: number) => void;
}

export const DEFAULT_CONCURRENCY = 6;

/**
 * A run where most sites fail says more about the machine running it (no network, a DNS outage)
 * than about the sites. Recording it would hide the whole list after two such runs, so the
 * caller keeps the previous results instead.
 */
export function looksLikeLocalOutage(results: CheckResults): boolean {
  const run = results.lastRun;
  if (!run) return false;
  const thisRun = Object.values(results.sites).filter((result) => result.checkedAt >= run.startedAt);
  if (thisRun.length < 10) return false;
  return thisRun.filter((result) => isFailure(result.outcome)).length * 2 > thisRun.length;
}

function toResult(url: string, check: SiteCheck, checkedAt: Date, previous: SiteResult | undefined): SiteResult {
  const failures = isFailure(check.outcome) ? (previous?.consecutiveFailures ?? 0) + 1 : 0;
  return { url, checkedAt: checkedAt.toISOString(), ...check, consecutiveFailures: failures };
}

/**
 * Checks every URL with at most `concurrency` requests in flight and returns the merged
 * results: entries no longer listed are dropped, and a failure adds to the previous run's count
 * (two in a row hide an entry) while any pass resets it.
 */
export async function runChecks(options: RunOptions): Promise<CheckResults> {
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? DEFAULT_LIMITS;
  const urls = [...new Set(options.urls)];
  const concurrency = Math.max(1, Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, 32));
  const startedAt = now();
  const sites: Record<string, SiteResult> = {};
  let next = 0;
  let done = 0;

  async function worker(): Promise<void> {
    while (next < urls.length) {
      if (options.signal?.aborted) return;
      const url = urls[next++];
      const check = await checkSite(options.fetcher, url, limits, options.signal);
      if (options.signal?.aborted) return;
      const result = toResult(url, check, now(), options.previous.sites[url]);
      sites[url] = result;
      done += 1;
      options.onResult?.(result, done, urls.length);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  // An interrupted run keeps the previous results for the sites it did not reach.
  for (const url of urls) if (!sites[url] && options.previous.sites[url]) sites[url] = options.previous.sites[url];
  const ordered = Object.fromEntries(urls.filter((url) => sites[url]).map((url) => [url, sites[url]]));
  return {
    version: 1,
    lastRun: { startedAt: startedAt.toISOString(), finishedAt: now().toISOString(), checked: done },
    sites: ordered,
  };
}
