import { MAX_ROBOTS_BYTES, robotsMatcher, robotsMatcherSliced, type RobotsMatcher } from './robots-txt.ts';
import { eventLoopSlicer } from './time-slice.ts';
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

export function allowAll(): RobotsPolicy {
  return { isAllowed: () => true, crawlDelayMs: 0, source: 'none', sitemaps: [] };
}

/**
 * Builds the policy from robots.txt bytes (or text). Rules are per path, so URLs on the other
 * scheme of the same host, which the crawl also accepts, are checked by their path too.
 */
export function policyFromText(body: string | Uint8Array, botName: string): RobotsPolicy {
  return policyOf(robotsMatcher(body, botName));
}

function policyOf(robots: RobotsMatcher): RobotsPolicy {
  return {
    isAllowed: (url: string) => robots.isAllowed(url),
    crawlDelayMs: Math.round(robots.crawlDelaySeconds * 1000),
    source: 'file',
    sitemaps: robots.sitemaps,
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
  options: { timeoutMs: number; signal?: AbortSignal; breathe?: () => Promise<void> },
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
  // Read between turns of the event loop: a 500 KiB file of hostile rules takes ~100 ms.
  if (res.status >= 200 && res.status < 300)
    return policyOf(await robotsMatcherSliced(res.body, botName, options.breathe ?? eventLoopSlicer.breathe));
  if (res.status >= 400 && res.status < 500) return allowAll();
  return disallowAll(res.status);
}

export function disallowAll(status?: number): RobotsPolicy {
  return { isAllowed: () => false, crawlDelayMs: 0, source: 'unavailable', status, sitemaps: [] };
}
