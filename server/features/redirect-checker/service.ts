import { isFetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { runBatch } from '#server/lib/batch/run-batch.ts';
import { withHttpFallback } from '#server/lib/page-facts/url-input.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { timedOutText } from '#views/model/bulk-check.ts';
import type { RedirectRow } from '#views/model/redirect-checker.ts';
import { DEFAULT_USER_AGENT, USER_AGENTS, type UserAgentChoice } from '#views/model/user-agents.ts';
import { CHAIN_LIMITS, followChain, type Chain } from './chain.ts';
import { redirectWarnings } from './warnings.ts';

export const REDIRECT_LIMITS = {
  maxUrls: 100,
  concurrency: 8,
  /** Per hop. */
  timeoutMs: 8_000,
  maxRedirects: CHAIN_LIMITS.maxRedirects,
  /** The whole list (BULK_CHECK_DEADLINE_MS overrides it). */
  deadlineMs: 25_000,
} as const;

export interface RedirectDeps {
  fetcher: SafeFetcher;
  userAgent?: UserAgentChoice;
  concurrency?: number;
  timeoutMs?: number;
  deadlineMs?: number;
  /** Aborted when the client leaves: every fetch in flight stops. */
  signal?: AbortSignal;
}

/** A chain as the checker's row: the answers met, the final URL and status, warnings, or the error. */
export function chainRow(originalUrl: string, chain: Chain): RedirectRow {
  const { hops, failure } = chain;
  const warnings = redirectWarnings(hops, chain.finalStatus, failure?.code ?? null);
  const row: RedirectRow = {
    originalUrl,
    redirectedUrl: chain.finalUrl,
    hops,
    finalStatus: chain.finalStatus,
    warnings,
    state: failure ? 'failed' : 'checked',
  };
  if (failure) row.error = failure.message;
  return row;
}

async function followOne(originalUrl: string, deps: RedirectDeps, signal: AbortSignal): Promise<RedirectRow> {
  // The one rule refuses a line that can never be a URL before any request (no DNS error for `a b c`).
  const typed = typedUrl(originalUrl);
  if (!typed.ok)
    return {
      originalUrl,
      redirectedUrl: null,
      hops: [],
      finalStatus: null,
      error: typed.reason,
      warnings: [],
      state: 'failed',
    };
  const options = {
    fetcher: deps.fetcher,
    timeoutMs: deps.timeoutMs ?? REDIRECT_LIMITS.timeoutMs,
    userAgent: USER_AGENTS[deps.userAgent ?? DEFAULT_USER_AGENT].header,
    signal,
  };
  // A bare domain whose https connection fails on the first hop is tried once more over http.
  const chain = await withHttpFallback({ url: typed.url, httpFallback: !typed.schemeTyped }, async (url) => {
    const followed = await followChain(url, options);
    if (followed.failure && followed.hops.length === 0) throw followed.failure;
    return followed;
  }).catch((error: unknown) => {
    if (isFetchError(error)) return { hops: [], finalUrl: null, finalStatus: null, failure: error } satisfies Chain;
    throw error;
  });
  return chainRow(originalUrl, chain);
}

/**
 * Follows each URL's redirect chain with bounded concurrency; rows come back in input order. The
 * whole list has one deadline: URLs not finished by then come back as `timed-out` rows.
 */
export async function checkRedirects(urls: readonly string[], deps: RedirectDeps): Promise<RedirectRow[]> {
  const deadlineMs = deps.deadlineMs ?? REDIRECT_LIMITS.deadlineMs;
  return runBatch(
    urls,
    { concurrency: deps.concurrency ?? REDIRECT_LIMITS.concurrency, deadlineMs, signal: deps.signal },
    (url, signal) => followOne(url, deps, signal),
    (url) => ({
      originalUrl: url,
      redirectedUrl: null,
      hops: [],
      finalStatus: null,
      error: timedOutText(deadlineMs),
      warnings: [],
      state: 'timed-out',
    }),
  );
}
