import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';

export interface PageSpeedClient {
  /** Lighthouse performance score 0..100 for the URL, or null when Google could not score it. */
  score(url: string): Promise<number | null>;
}

export interface PageSpeedOptions {
  apiKey: string;
  /** Defaults to Google's API origin; tests point it at a local fake. */
  origin?: string;
  fetcher: SafeFetcher;
  timeoutMs?: number;
}

export const PAGESPEED_DEFAULT_ORIGIN = 'https://www.googleapis.com';
/** Lighthouse runs take tens of seconds. */
export const PAGESPEED_TIMEOUT_MS = 60_000;

/** PageSpeed Insights v5 (mobile strategy, performance category), through the guarded fetcher. */
export function createPageSpeedClient(options: PageSpeedOptions): PageSpeedClient {
  const origin = (options.origin ?? PAGESPEED_DEFAULT_ORIGIN).replace(/\/+$/, '');
  return {
    async score(url) {
      const endpoint = new URL(`${origin}/pagespeedonline/v5/runPagespeed`);
      endpoint.searchParams.set('url', url);
      endpoint.searchParams.set('key', options.apiKey);
      endpoint.searchParams.set('category', 'performance');
      endpoint.searchParams.set('strategy', 'mobile');
      try {
        // The JSON carries screenshots: generous bounds.
        const res = await options.fetcher.fetch(endpoint, {
          timeoutMs: options.timeoutMs ?? PAGESPEED_TIMEOUT_MS,
          maxBytes: 20 * 1024 * 1024,
          headers: { accept: 'application/json' },
        });
        if (res.status !== 200) return null;
        const data = JSON.parse(res.body.toString('utf8')) as {
          lighthouseResult?: { categories?: { performance?: { score?: unknown } } };
        };
        const score = data.lighthouseResult?.categories?.performance?.score;
        return typeof score === 'number' && score >= 0 && score <= 1 ? Math.round(score * 100) : null;
      } catch {
        return null;
      }
    },
  };
}
