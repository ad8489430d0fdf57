import { FetchError, type SafeFetcher } from '#server/services/safe-fetch/index.ts';
import { mapWithLimit } from '#server/services/batch/map-limit.ts';
import { decodeHtml, isHtmlContentType } from '#server/services/page-facts/decode.ts';
import { extractPageFacts } from '#server/services/page-facts/extract.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/services/page-facts/robots-directives.ts';
import { normalizeUrlInput } from '#server/services/page-facts/url-input.ts';
import { NOT_CHECKED_TEXT, type IndexRow } from '#views/model/index-checker.ts';
import type { SearchConsoleClient } from './search-console.ts';
import { canonicalFromLinkHeader, loadRobots, sameUrl, type RobotsVerdict } from './signals.ts';

export const INDEX_LIMITS = { concurrency: 6, timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 } as const;

export interface IndexDeps {
  fetcher: SafeFetcher;
  searchConsole?: SearchConsoleClient | null;
  concurrency?: number;
  timeoutMs?: number;
}

type RobotsCache = Map<string, Promise<(url: string) => RobotsVerdict>>;

async function inspectSignals(url: string, deps: IndexDeps, robotsCache: RobotsCache) {
  const res = await deps.fetcher.fetch(url, { timeoutMs: deps.timeoutMs ?? INDEX_LIMITS.timeoutMs, maxBytes: INDEX_LIMITS.maxBytes, onTooLarge: 'truncate' });
  const reasons: string[] = [];
  if (res.redirects.length > 0) reasons.push(`Redirects to ${res.url}; Google indexes the target, not this address.`);
  if (res.status !== 200) reasons.push(`Final HTTP status is ${res.status}, not 200.`);
  const origin = new URL(res.url).origin;
  if (!robotsCache.has(origin)) robotsCache.set(origin, loadRobots(origin, deps.fetcher));
  const robots = (await robotsCache.get(origin)!)(res.url);
  if (!robots.allowed) reasons.push(robots.reason);
  if (hasNoindex(xRobotsDirectivesFor(res.headers['x-robots-tag'], 'googlebot'))) reasons.push('The X-Robots-Tag header says noindex.');
  let canonical = canonicalFromLinkHeader(res.headers.link);
  if (isHtmlContentType(res.headers['content-type'])) {
    const page = extractPageFacts(decodeHtml(res.body, res.headers['content-type']));
    if (hasNoindex(page.metaRobots)) reasons.push('The robots meta tag says noindex.');
    canonical = page.canonical ?? canonical;
  }
  if (canonical) {
    let target: string | null = null;
    try {
      target = new URL(canonical, res.url).href;
    } catch {
      reasons.push(`The canonical link "${canonical}" is not a valid URL.`);
    }
    if (target && !sameUrl(target, res.url)) reasons.push(`The canonical link points elsewhere: ${target}.`);
  }
  return { res, reasons };
}

async function checkOne(input: string, deps: IndexDeps, robotsCache: RobotsCache): Promise<IndexRow> {
  const url = normalizeUrlInput(input);
  const provider = deps.searchConsole ? deps.searchConsole.inspect(url) : Promise.resolve({ indexed: null, note: NOT_CHECKED_TEXT });
  let row: Omit<IndexRow, 'indexed' | 'indexedNote'>;
  try {
    const { res, reasons } = await inspectSignals(url, deps, robotsCache);
    row = {
      url: input,
      finalUrl: res.url,
      status: res.status,
      indexable: reasons.length === 0,
      reasons: reasons.length > 0 ? reasons : ['Returns 200, allowed by robots.txt, no noindex, and no canonical pointing elsewhere.'],
    };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    row = { url: input, finalUrl: null, status: null, indexable: false, reasons: [error.message] };
  }
  const { indexed, note } = await provider;
  return { ...row, indexed, indexedNote: note };
}

/** Real indexability signals for each URL, plus the provider's indexed verdict when one is configured. */
export async function checkIndexability(urls: readonly string[], deps: IndexDeps): Promise<IndexRow[]> {
  const robotsCache: RobotsCache = new Map();
  return mapWithLimit(urls, deps.concurrency ?? INDEX_LIMITS.concurrency, (url) => checkOne(url, deps, robotsCache));
}
