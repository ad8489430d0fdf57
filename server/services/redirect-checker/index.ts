import { FetchError, type SafeFetcher } from '#server/services/safe-fetch/index.ts';
import { mapWithLimit } from '#server/services/batch/map-limit.ts';
import { normalizeUrlInput } from '#server/services/page-facts/url-input.ts';
import type { RedirectRow } from '#views/model/redirect-checker.ts';

export const REDIRECT_LIMITS = {
  maxUrls: 100,
  concurrency: 8,
  /** Per URL, including every hop. */
  timeoutMs: 8_000,
  maxRedirects: 10,
  /** URLs not started within this budget are reported as skipped instead of holding the request open. */
  batchBudgetMs: 45_000,
} as const;

export interface RedirectDeps {
  fetcher: SafeFetcher;
  concurrency?: number;
  timeoutMs?: number;
  batchBudgetMs?: number;
}

async function followOne(originalUrl: string, deps: RedirectDeps): Promise<RedirectRow> {
  try {
    const res = await deps.fetcher.stream(normalizeUrlInput(originalUrl), {
      timeoutMs: deps.timeoutMs ?? REDIRECT_LIMITS.timeoutMs,
      maxRedirects: REDIRECT_LIMITS.maxRedirects,
    });
    // Only the chain matters: drop the body without reading it.
    res.body.destroy();
    const hops = [...res.redirects.map((hop) => ({ url: hop.url, status: hop.status })), { url: res.url, status: res.status }];
    return { originalUrl, redirectedUrl: res.url, hops, finalStatus: res.status };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const hops = error.redirects.map((hop) => ({ url: hop.url, status: hop.status }));
    const lastLocation = error.redirects.at(-1)?.location ?? null;
    return { originalUrl, redirectedUrl: lastLocation, hops, finalStatus: null, error: error.message };
  }
}

/** Follows each URL's redirect chain with bounded concurrency; rows come back in input order. */
export async function checkRedirects(urls: readonly string[], deps: RedirectDeps): Promise<RedirectRow[]> {
  const deadline = Date.now() + (deps.batchBudgetMs ?? REDIRECT_LIMITS.batchBudgetMs);
  return mapWithLimit(
    urls,
    deps.concurrency ?? REDIRECT_LIMITS.concurrency,
    (url) => followOne(url, deps),
    (url) => ({ originalUrl: url, redirectedUrl: null, hops: [], finalStatus: null, error: 'Not checked: the batch ran out of time. Submit fewer URLs.' }),
    () => Date.now() < deadline,
  );
}
