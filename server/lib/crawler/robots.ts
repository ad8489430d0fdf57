import {
  MAX_ROBOTS_BYTES,
  robotsMatcher,
  robotsMatcherSliced,
  type RobotsInvalidLines,
  type RobotsMatcher,
} from './robots-txt.ts';
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
  /** Why robots.txt could not be read (a network error or timeout) when that made the site unavailable. */
  error?: string;
  /** What is wrong with the file itself (the site audit reports it); only for a file read by the crawl. */
  problems?: RobotsFileProblems;
}

export interface RobotsFileProblems {
  invalidLines: RobotsInvalidLines;
  /** The body is an HTML page or binary data, not a text file. */
  notText: boolean;
}

/** An HTML document or binary bytes where a text file of rules belongs. */
function isNotText(body: Uint8Array): boolean {
  const head = Buffer.from(body.subarray(0, 1024));
  return head.includes(0) || /^\s*<(?:!doctype|html|head|body|\?xml)\b/i.test(head.toString('latin1'));
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
  if (res.status >= 200 && res.status < 300) {
    const matcher = await robotsMatcherSliced(res.body, botName, options.breathe ?? eventLoopSlicer.breathe);
    const invalidLines = matcher.invalidLines ?? { count: 0, first: null };
    return { ...policyOf(matcher), problems: { invalidLines, notText: isNotText(res.body) } };
  }
  if (res.status >= 400 && res.status < 500) return allowAll();
  return disallowAll(res.status);
}

export function disallowAll(status?: number, error?: string): RobotsPolicy {
  return { isAllowed: () => false, crawlDelayMs: 0, source: 'unavailable', status, error, sitemaps: [] };
}
