import { isDomainError } from '#server/lib/domain-errors.ts';
import { withHttpFallback } from '#server/lib/page-facts/url-input.ts';
import { CrawlStartError } from './crawl-start-error.ts';
import type { RequestBudget } from './request-budget.ts';
import { loadRobots, type RobotsPolicy } from './robots.ts';

/**
 * The start site's robots.txt; failing to fetch it means the site is unreachable (or forbidden).
 * It is the crawl's first request, so a typed bare domain with no TLS moves to http here (`siteUrl`).
 */
export async function startRobots(
  // What it needs of the crawl's options (crawl-core.ts's CoreOptions, which imports this module).
  settings: { botName: string; pageTimeoutMs: number; httpFallback?: boolean },
  budget: RequestBudget,
  startUrl: string,
  signal: AbortSignal,
  breathe: () => Promise<void>,
): Promise<{ robots: RobotsPolicy; siteUrl: string }> {
  const load = async (url: string) => ({
    robots: await loadRobots(budget.fetcher, new URL(url).origin, settings.botName, {
      timeoutMs: settings.pageTimeoutMs,
      signal,
      breathe,
    }),
    siteUrl: url,
  });
  try {
    return await withHttpFallback({ url: startUrl, httpFallback: settings.httpFallback ?? false }, load);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CrawlStartError(
      fetchErrorKind(error),
      fetchErrorKind(error) === 'invalid-input' ? message : `Could not reach ${new URL(startUrl).host}: ${message}`,
    );
  }
}

/** The guarded fetcher marks what the user sent (bad or forbidden URL) as invalid input. */
export function fetchErrorKind(error: unknown): 'invalid-input' | 'upstream' {
  return isDomainError(error) && error.kind === 'invalid-input' ? 'invalid-input' : 'upstream';
}
