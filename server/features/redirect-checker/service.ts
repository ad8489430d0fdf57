import { FetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { runBatch } from '#server/lib/batch/run-batch.ts';
import { withHttpFallback } from '#server/lib/page-facts/url-input.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { timedOutText } from '#views/model/bulk-check.ts';
import type { RedirectRow } from '#views/model/redirect-checker.ts';
import { DEFAULT_USER_AGENT, USER_AGENTS, type UserAgentChoice } from '#views/model/user-agents.ts';
import { redirectWarnings } from './warnings.ts';

export const REDIRECT_LIMITS = {
  maxUrls: 100,
  concurrency: 8,
  /** Per URL, including every hop. */
  timeoutMs: 8_000,
  maxRedirects: 10,
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
  try {
    const options = {
      timeoutMs: deps.timeoutMs ?? REDIRECT_LIMITS.timeoutMs,
      maxRedirects: REDIRECT_LIMITS.maxRedirects,
      headers: { 'user-agent': USER_AGENTS[deps.userAgent ?? DEFAULT_USER_AGENT].header },
      signal,
    };
    const res = await withHttpFallback({ url: typed.url, httpFallback: !typed.schemeTyped }, (url) =>
      deps.fetcher.stream(url, options),
    );
    // Only the chain matters: drop the body without reading it.
    res.body.destroy();
    const hops = [
      ...res.redirects.map((hop) => ({ url: hop.url, status: hop.status })),
      { url: res.url, status: res.status },
    ];
    const warnings = redirectWarnings(
      hops.map((hop) => hop.status),
      res.status,
      null,
    );
    return { originalUrl, redirectedUrl: res.url, hops, finalStatus: res.status, warnings, state: 'checked' };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const hops = error.redirects.map((hop) => ({ url: hop.url, status: hop.status }));
    const lastLocation = error.redirects.at(-1)?.location ?? null;
    const warnings = redirectWarnings(
      hops.map((hop) => hop.status),
      null,
      error.code,
    );
    return {
      originalUrl,
      redirectedUrl: lastLocation,
      hops,
      finalStatus: null,
      error: error.message,
      warnings,
      state: 'failed',
    };
  }
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
