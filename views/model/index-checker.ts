/** What the index checker service answers per URL and the widget shows. */
import type { RowState } from './bulk-check.ts';

/** The indexed column when no search provider is configured (never a guessed Yes/No). */
export const NOT_CHECKED_TEXT = 'Not checked (no search provider configured)';

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
}
