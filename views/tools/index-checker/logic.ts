import { NOT_CHECKED_TEXT } from '#views/model/index-checker.ts';
import type { IndexRow } from '#views/model/index-checker.ts';

export type UrlListResult = { ok: true; urls: string[] } | { ok: false; error: string };

/** Spec 5: at least one non-empty line, else 'Please enter at least one URL'. */
export function readUrlList(text: string): UrlListResult {
  const urls = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return urls.length > 0 ? { ok: true, urls } : { ok: false, error: 'Please enter at least one URL' };
}

/** Yes / No only when a search provider answered; otherwise say it was not checked, never guess. */
export function indexedLabel(row: Pick<IndexRow, 'indexed' | 'indexedNote'>): string {
  if (row.indexed === true) return 'Yes';
  if (row.indexed === false) return 'No';
  return row.indexedNote || NOT_CHECKED_TEXT;
}

/** The Indexable badge: Yes / No only when the page answered; otherwise why there is no verdict. */
export function indexableBadge(row: Pick<IndexRow, 'indexable' | 'state'>): {
  label: string;
  tone: 'pass' | 'fail' | 'warning';
} {
  if (row.indexable === true) return { label: 'Yes', tone: 'pass' };
  if (row.indexable === false) return { label: 'No', tone: 'fail' };
  return { label: row.state === 'timed-out' ? 'Timed out' : 'Could not check', tone: 'warning' };
}

/**
 * A Google search limited to this URL (`site:example.com/page`), for the visitor to look
 * themselves: only the site's owner can read Google's index, in Search Console.
 */
export function googleSiteSearchUrl(url: string): string {
  const bare = url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/#.*$/, '');
  return `https://www.google.com/search?q=${encodeURIComponent(`site:${bare}`)}`;
}
