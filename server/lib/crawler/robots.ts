import robotsParser from 'robots-parser';
import type { CrawlFetcher } from './types.ts';

export interface RobotsPolicy {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our group (or `*` when we have none), in milliseconds; 0 when unset. */
  crawlDelayMs: number;
  /** What we based the policy on, for the report and error messages. */
  source: 'file' | 'none' | 'unavailable';
  /** HTTP status of robots.txt when it made the site unavailable. */
  status?: number;
  /** Absolute URLs of the `Sitemap:` lines, in file order. */
  sitemaps: string[];
}

/** RFC 9309 asks crawlers to parse at least 500 KiB; anything past it is ignored. */
const MAX_ROBOTS_BYTES = 500 * 1024;

export function allowAll(): RobotsPolicy {
  return { isAllowed: () => true, crawlDelayMs: 0, source: 'none', sitemaps: [] };
}

/** Builds the policy from robots.txt text. `robotsUrl` fixes the origin rules are matched on. */
export function policyFromText(robotsUrl: string, text: string, botName: string): RobotsPolicy {
  const robots = robotsParser(robotsUrl, text);
  const origin = new URL(robotsUrl);
  const delaySeconds = robots.getCrawlDelay(botName);
  return {
    // The crawl also accepts the other scheme of the same host; rules are per path, so check
    // every URL on the robots.txt origin rather than letting the parser answer "unknown".
    isAllowed(url: string) {
      const parsed = new URL(url);
      const onOrigin = `${origin.origin}${parsed.pathname}${parsed.search}`;
      return robots.isAllowed(onOrigin, botName) !== false;
    },
    crawlDelayMs: typeof delaySeconds === 'number' && Number.isFinite(delaySeconds) && delaySeconds > 0 ? Math.round(delaySeconds * 1000) : 0,
    source: 'file',
    sitemaps: robots.getSitemaps(),
  };
}

/**
 * Fetches and parses `/robots.txt` for the site. Per RFC 9309: a 4xx means no rules; a 5xx
 * means the site must be treated as fully disallowed. A fetch failure is thrown: for the start
 * URL it means the site is unreachable, which the caller reports as such.
 */
export async function loadRobots(
  fetcher: CrawlFetcher,
  siteOrigin: string,
  botName: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<RobotsPolicy> {
  const robotsUrl = `${siteOrigin}/robots.txt`;
  const res = await fetcher.fetch(robotsUrl, {
    timeoutMs: options.timeoutMs,
    maxBytes: MAX_ROBOTS_BYTES,
    onTooLarge: 'truncate',
    maxRedirects: 5,
    signal: options.signal,
    headers: { accept: 'text/plain,*/*;q=0.5' },
  });
  if (res.status >= 200 && res.status < 300) return policyFromText(robotsUrl, res.body.toString('utf8'), botName);
  if (res.status >= 400 && res.status < 500) return allowAll();
  return disallowAll(res.status);
}

export function disallowAll(status?: number): RobotsPolicy {
  return { isAllowed: () => false, crawlDelayMs: 0, source: 'unavailable', status, sitemaps: [] };
}
