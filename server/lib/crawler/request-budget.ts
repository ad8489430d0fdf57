import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse } from './types.ts';

/** What the guarded fetcher follows when a call names no maxRedirects (FETCH_DEFAULTS). */
const FETCHER_DEFAULT_REDIRECTS = 10;

/** Thrown instead of sending a request once a crawl has sent all it may. */
export class RequestLimitError extends Error {
  constructor(limit: number) {
    super(`request limit of ${limit} reached`);
    this.name = 'RequestLimitError';
  }
}

function redirectsOf(value: unknown): number | null {
  const redirects = (value as { redirects?: unknown } | null)?.redirects;
  return Array.isArray(redirects) ? redirects.length : null;
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * One crawl's request allowance. Every request counts: robots.txt, each page, each redirect hop
 * (followed by the crawl or inside the fetcher) and each sitemap file. A call is promised its
 * requests before it is sent, so concurrent calls can never overshoot the limit together.
 */
export function createRequestBudget(fetcher: CrawlFetcher, limit: number, alreadySent = 0) {
  // Requests sent (by this try, and by the tries a resumed crawl carries on from), plus those promised to calls still in flight.
  let committed = alreadySent;

  /** Promises one request plus up to `maxHops` redirects; returns the hops allowed, or null when spent. */
  function claim(maxHops: number): number | null {
    if (committed >= limit) return null;
    const hops = Math.max(0, Math.min(maxHops, limit - committed - 1));
    committed += 1 + hops;
    return hops;
  }

  /** One fetcher call that counts its request and every redirect hop the fetcher follows for it. */
  async function send<Body>(
    call: (url: string, options: CrawlFetchOptions) => Promise<CrawlFetchResponse<Body>>,
    url: string,
    options: CrawlFetchOptions = {},
  ): Promise<CrawlFetchResponse<Body>> {
    const wanted = options.maxRedirects ?? FETCHER_DEFAULT_REDIRECTS;
    const hops = claim(wanted);
    if (hops === null) throw new RequestLimitError(limit);
    let followed = hops;
    try {
      const res = await call(url, { ...options, maxRedirects: hops });
      followed = redirectsOf(res) ?? 0;
      if (hops === 0 && wanted > 0 && res.status >= 300 && res.status < 400 && res.headers.location) {
        // With no hop left the fetcher hands back the 3xx itself; the caller asked for what it leads to.
        (res.body as { destroy?: () => void }).destroy?.();
        throw new RequestLimitError(limit);
      }
      return res;
    } catch (error) {
      if (error instanceof RequestLimitError) throw error;
      followed = redirectsOf(error) ?? hops;
      // The chain was cut short by what is left of the budget, not by the caller's own limit.
      if (hops < wanted && codeOf(error) === 'too-many-redirects') throw new RequestLimitError(limit);
      throw error;
    } finally {
      committed -= hops - Math.min(followed, hops);
    }
  }

  const counted: CrawlFetcher = {
    fetch: (url, options) => send((u, o) => fetcher.fetch(u, o), url, options),
    stream: (url, options) => send((u, o) => fetcher.stream(u, o), url, options),
  };

  return {
    limit,
    claim,
    /** True once every request is sent or promised. */
    get spent(): boolean {
      return committed >= limit;
    },
    /** Requests sent (or promised to calls in flight) so far. */
    get used(): number {
      return committed;
    },
    /** The fetcher, counting: every request the crawl sends goes through it. */
    fetcher: counted,
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
