import { formatLocalTime } from '#views/lib/local-time.ts';
import type { IndexInspection } from '#views/model/index-checker.ts';

/** One line of Search Console's inspection, in plain words; `problem` marks what needs a look. */
export interface InspectionFact {
  label: string;
  value: string;
  problem: boolean;
}

/** Google's page fetch codes (URL Inspection API, PageFetchState), as a site owner would say them. */
const PAGE_FETCH: Record<string, string> = {
  SUCCESSFUL: 'Fetched successfully',
  SOFT_404: 'Soft 404: the page loads but reads like an error page',
  BLOCKED_ROBOTS_TXT: 'Blocked by robots.txt',
  NOT_FOUND: 'Not found (404)',
  ACCESS_DENIED: 'Access denied (401)',
  SERVER_ERROR: 'Server error (5xx)',
  REDIRECT_ERROR: 'Redirect error',
  ACCESS_FORBIDDEN: 'Access forbidden (403)',
  BLOCKED_4XX: 'Blocked by another 4xx error',
  INTERNAL_CRAWL_ERROR: 'Crawl error on Google’s side',
  INVALID_URL: 'Invalid URL',
};

const ROBOTS_TXT: Record<string, string> = {
  ALLOWED: 'Allows Google',
  DISALLOWED: 'Blocks Google',
};

const INDEXING: Record<string, string> = {
  INDEXING_ALLOWED: 'Allowed (no noindex)',
  BLOCKED_BY_META_TAG: 'Blocked by a noindex robots meta tag',
  BLOCKED_BY_HTTP_HEADER: 'Blocked by a noindex X-Robots-Tag header',
  BLOCKED_BY_ROBOTS_TXT: 'Blocked by robots.txt',
};

const CRAWLER: Record<string, string> = { MOBILE: 'Googlebot smartphone', DESKTOP: 'Googlebot desktop' };

/** Google says "…_UNSPECIFIED" where it has nothing to say: as good as absent. */
function known(code: string | null): string | null {
  return code && !code.endsWith('_UNSPECIFIED') ? code : null;
}

/** Two spellings of one URL (host case, default port) are the same canonical. */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * Search Console's inspection of one URL, line by line: when Google last crawled it and as which
 * crawler, whether it could fetch it, what robots.txt and noindex say, and the canonical Google chose
 * beside the one the page declares (flagged when they differ). A URL Google never crawled has no
 * crawl time, canonical or states: one line says so. A code Google adds later is shown as it is.
 * `timeZone`: the profile's (decision 0060).
 */
export function inspectionFacts(inspection: IndexInspection, timeZone: string): InspectionFact[] {
  const facts: InspectionFact[] = [];
  const add = (label: string, value: string, problem = false) => facts.push({ label, value, problem });
  const crawler = known(inspection.crawledAs);
  if (inspection.lastCrawlTime) {
    const by = crawler ? ` by ${CRAWLER[crawler] ?? crawler}` : '';
    add('Last crawl', `${formatLocalTime(inspection.lastCrawlTime, timeZone)}${by}`);
  } else add('Last crawl', 'Not crawled yet: Google has no crawl of this URL', true);
  const fetch = known(inspection.pageFetchState);
  if (fetch) add('Page fetch', PAGE_FETCH[fetch] ?? fetch, fetch !== 'SUCCESSFUL');
  const robots = known(inspection.robotsTxtState);
  if (robots) add('robots.txt', ROBOTS_TXT[robots] ?? robots, robots !== 'ALLOWED');
  const indexing = known(inspection.indexingState);
  if (indexing) add('Indexing', INDEXING[indexing] ?? indexing, indexing !== 'INDEXING_ALLOWED');
  const chosen = inspection.googleCanonical;
  const declared = inspection.userCanonical;
  const differ = chosen !== null && declared !== null && !sameUrl(chosen, declared);
  if (chosen) add('Google’s canonical', chosen, differ);
  if (declared) add('Declared canonical', declared, differ);
  else if (chosen) add('Declared canonical', 'None declared by the page');
  if (differ) add('Canonicals', 'They differ: Google indexes its choice, not the page the canonical names', true);
  return facts;
}
