/** What the index checker service answers per URL and the widget shows. */
import type { RowState } from './bulk-check.ts';

/** The indexed column when no search provider is configured (never a guessed Yes/No). */
export const NOT_CHECKED_TEXT = 'Not checked (no search provider configured)';

/**
 * The details of a Search Console URL inspection (inspectionResult.indexStatusResult), with Google's
 * own field names and codes; null where Google gave none (a URL it never crawled has no crawl time,
 * no canonicals and "unspecified" states). The widget puts them in plain words.
 */
export interface IndexInspection {
  /** RFC 3339, e.g. "2026-11-20T07:33:50Z". */
  lastCrawlTime: string | null;
  /** The URL Google chose as canonical (absent when the page is not indexed). */
  googleCanonical: string | null;
  /** The canonical the page declares (rel=canonical or the Link header). */
  userCanonical: string | null;
  /** ALLOWED, DISALLOWED. */
  robotsTxtState: string | null;
  /** INDEXING_ALLOWED, BLOCKED_BY_META_TAG, BLOCKED_BY_HTTP_HEADER, BLOCKED_BY_ROBOTS_TXT. */
  indexingState: string | null;
  /** SUCCESSFUL, SOFT_404, NOT_FOUND, SERVER_ERROR, ... */
  pageFetchState: string | null;
  /** MOBILE, DESKTOP. */
  crawledAs: string | null;
}

export interface IndexRow {
  url: string;
  /** Where the URL ended up after redirects (null when it could not be fetched). */
  finalUrl: string | null;
  /**
   * false only for a real blocking reason (status, robots.txt, noindex, canonical, redirects);
   * null when the page could not be fetched or the list ran out of time: then `error` says why.
   */
  indexable: boolean | null;
  /** Why: the blocking signals, or a one-line all-clear; empty when indexable is null. */
  reasons: string[];
  /** In plain words, why the page could not be checked (DNS, refused, timeout, ...). */
  error?: string;
  state: RowState;
  /** Final HTTP status, or null when the fetch failed. */
  status: number | null;
  /** From a configured search provider only; null means "not checked". */
  indexed: boolean | null;
  /** Provider detail (coverage state) or why it was not asked. */
  indexedNote: string;
  /** Search Console's inspection details when it answered with a verdict; null otherwise. */
  inspection: IndexInspection | null;
}
