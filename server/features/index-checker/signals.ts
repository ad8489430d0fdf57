import { MAX_ROBOTS_BYTES, robotsMatcherSliced } from '#server/lib/crawler/robots-txt.ts';
import { eventLoopSlicer } from '#server/lib/crawler/time-slice.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';

export const ROBOTS_LIMITS = { maxBytes: MAX_ROBOTS_BYTES, timeoutMs: 5_000, maxRedirects: 5 } as const;

/**
 * `unknown`: robots.txt could not be fetched at all (DNS, refused, timeout). Google treats that
 * like a server error, but the failure may be ours rather than the site's, so it is not a verdict.
 */
export type RobotsVerdict =
  { allowed: true; note?: string } | { allowed: false; reason: string } | { allowed: 'unknown'; error: string };

/** Reads an origin's robots.txt once and answers for Googlebot, following Google's documented handling of failures. */
export async function loadRobots(
  origin: string,
  fetcher: SafeFetcher,
  signal?: AbortSignal,
): Promise<(url: string) => RobotsVerdict> {
  const robotsUrl = `${origin}/robots.txt`;
  let body: Uint8Array;
  try {
    const res = await fetcher.fetch(robotsUrl, {
      ...ROBOTS_LIMITS,
      onTooLarge: 'truncate',
      headers: { accept: 'text/plain,*/*' },
      signal,
    });
    if (res.status >= 400 && res.status < 500)
      return () => ({ allowed: true, note: `no robots.txt (HTTP ${res.status})` });
    if (res.status >= 500) {
      return () => ({
        allowed: false,
        reason: `robots.txt answered HTTP ${res.status}; Google stops crawling the site while robots.txt fails.`,
      });
    }
    body = res.body;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return () => ({ allowed: 'unknown', error: `robots.txt could not be fetched: ${message}` });
  }
  // A 500 KiB file of hostile rules is read between turns of the event loop that serves pages.
  const robots = await robotsMatcherSliced(body, 'Googlebot', () => eventLoopSlicer.breathe());
  return (url) => {
    const rule = robots.decidingRule(url);
    if (!rule || rule.allow) return { allowed: true };
    return { allowed: false, reason: `Blocked for Googlebot by robots.txt (line ${rule.line}: ${rule.text}).` };
  };
}

export { canonicalFromLinkHeader } from '#server/lib/page-facts/link-header.ts';

export function sameUrl(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    left.hash = '';
    right.hash = '';
    return left.href === right.href;
  } catch {
    return false;
  }
}
