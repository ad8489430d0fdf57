/** What the index checker service answers per URL and the widget shows. */

/** The indexed column when no search provider is configured (never a guessed Yes/No). */
export const NOT_CHECKED_TEXT = 'Not checked (no search provider configured)';

export interface IndexRow {
  url: string;
  /** Where the URL ended up after redirects (null when it could not be fetched). */
  finalUrl: string | null;
  indexable: boolean;
  /** Why: the blocking signals, or a one-line all-clear. */
  reasons: string[];
  /** Final HTTP status, or null when the fetch failed. */
  status: number | null;
  /** From a configured search provider only; null means "not checked". */
  indexed: boolean | null;
  /** Provider detail (coverage state) or why it was not asked. */
  indexedNote: string;
}
