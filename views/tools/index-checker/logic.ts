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
