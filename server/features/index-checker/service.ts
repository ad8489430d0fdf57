import { FetchError, type FetchErrorCode, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { runBatch } from '#server/lib/batch/run-batch.ts';
import { decodeHtml, isHtmlContentType } from '#server/lib/page-facts/decode.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';
import { withHttpFallback, type TypedTarget } from '#server/lib/page-facts/url-input.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { timedOutText } from '#views/model/bulk-check.ts';
import { NOT_CHECKED_TEXT, type IndexRow } from '#views/model/index-checker.ts';
import type { SearchConsoleClient } from './search-console.ts';
import { canonicalFromLinkHeader, loadRobots, sameUrl, type RobotsVerdict } from './signals.ts';

export const INDEX_LIMITS = {
  concurrency: 6,
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  deadlineMs: 25_000,
} as const;

export interface IndexDeps {
  fetcher: SafeFetcher;
  searchConsole?: SearchConsoleClient | null;
  concurrency?: number;
  timeoutMs?: number;
  /** The whole list (BULK_CHECK_DEADLINE_MS overrides it). */
  deadlineMs?: number;
  /** Aborted when the client leaves: every fetch in flight stops. */
  signal?: AbortSignal;
}

type RobotsCache = Map<string, Promise<(url: string) => RobotsVerdict>>;

/** Chains Googlebot gives up on too: a real reason the URL cannot be indexed, not a failure to check. */
const BLOCKING_FETCH_ERRORS = new Set<FetchErrorCode>(['redirect-loop', 'too-many-redirects']);

async function inspectSignals(target: TypedTarget, deps: IndexDeps, robotsCache: RobotsCache, signal: AbortSignal) {
  const options = {
    timeoutMs: deps.timeoutMs ?? INDEX_LIMITS.timeoutMs,
    maxBytes: INDEX_LIMITS.maxBytes,
    onTooLarge: 'truncate',
    signal,
  } as const;
  const res = await withHttpFallback(target, (url) => deps.fetcher.fetch(url, options));
  const reasons: string[] = [];
  let unknown: string | null = null;
  if (res.redirects.length > 0) reasons.push(`Redirects to ${res.url}; Google indexes the target, not this address.`);
  if (res.status !== 200) reasons.push(`Final HTTP status is ${res.status}, not 200.`);
  const origin = new URL(res.url).origin;
  if (!robotsCache.has(origin)) robotsCache.set(origin, loadRobots(origin, deps.fetcher, signal));
  const robots = (await robotsCache.get(origin)!)(res.url);
  if (robots.allowed === false) reasons.push(robots.reason);
  if (robots.allowed === 'unknown') unknown = robots.error;
  if (hasNoindex(xRobotsDirectivesFor(res.headers['x-robots-tag'], 'googlebot')))
    reasons.push('The X-Robots-Tag header says noindex.');
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
  return { res, reasons, unknown };
}

type Signals = Omit<IndexRow, 'indexed' | 'indexedNote' | 'inspection'>;

async function readSignals(
  input: string,
  target: TypedTarget,
  deps: IndexDeps,
  robotsCache: RobotsCache,
  signal: AbortSignal,
): Promise<Signals> {
  try {
    const { res, reasons, unknown } = await inspectSignals(target, deps, robotsCache, signal);
    const base = { url: input, finalUrl: res.url, status: res.status };
    // A real blocking reason decides even when robots.txt could not be read; without one, we cannot tell.
    if (reasons.length > 0) return { ...base, indexable: false, reasons, state: 'checked' };
    if (unknown) return { ...base, indexable: null, reasons: [], error: unknown, state: 'failed' };
    return {
      ...base,
      indexable: true,
      reasons: ['Returns 200, allowed by robots.txt, no noindex, and no canonical pointing elsewhere.'],
      state: 'checked',
    };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (BLOCKING_FETCH_ERRORS.has(error.code))
      return { url: input, finalUrl: null, status: null, indexable: false, reasons: [error.message], state: 'checked' };
    return failedSignals(input, error.message);
  }
}

/** A URL that could not be checked at all: the reason, and no verdict. */
function failedSignals(url: string, error: string): Signals {
  return { url, finalUrl: null, status: null, indexable: null, reasons: [], error, state: 'failed' };
}

async function checkOne(
  input: string,
  deps: IndexDeps,
  robotsCache: RobotsCache,
  signal: AbortSignal,
): Promise<IndexRow> {
  // The one rule refuses a line that can never be a URL before any request (no DNS error for `a b c`).
  const typed = typedUrl(input);
  if (!typed.ok)
    return { ...failedSignals(input, typed.reason), indexed: null, indexedNote: NOT_CHECKED_TEXT, inspection: null };
  const target = { url: typed.url, httpFallback: !typed.schemeTyped };
  const provider = deps.searchConsole
    ? deps.searchConsole.inspect(target.url, signal)
    : Promise.resolve({ indexed: null, note: NOT_CHECKED_TEXT, details: undefined });
  const row = await readSignals(input, target, deps, robotsCache, signal);
  const { indexed, note, details } = await provider;
  return { ...row, indexed, indexedNote: note, inspection: details ?? null };
}

/**
 * Real indexability signals for each URL, plus the provider's indexed verdict when one is
 * configured. The whole list has one deadline: URLs not finished by then come back `timed-out`.
 */
export async function checkIndexability(urls: readonly string[], deps: IndexDeps): Promise<IndexRow[]> {
  const robotsCache: RobotsCache = new Map();
  const deadlineMs = deps.deadlineMs ?? INDEX_LIMITS.deadlineMs;
  return runBatch(
    urls,
    { concurrency: deps.concurrency ?? INDEX_LIMITS.concurrency, deadlineMs, signal: deps.signal },
    (url, signal) => checkOne(url, deps, robotsCache, signal),
    (url) => ({
      url,
      finalUrl: null,
      status: null,
      indexable: null,
      reasons: [],
      error: timedOutText(deadlineMs),
      state: 'timed-out',
      indexed: null,
      indexedNote: NOT_CHECKED_TEXT,
      inspection: null,
    }),
  );
}
