/**
 * What the bulk checkers (redirect checker, index checker) share: how a row ended, and the words
 * for a row the list's deadline cut off (BULK_CHECK_DEADLINE_MS, issue 15 finding 4).
 *
 * `checked`: the URL was fetched and judged; `failed`: it could not be fetched; `timed-out`: the
 * list's time ran out before this URL was done.
 */
export type RowState = 'checked' | 'failed' | 'timed-out';

export function timedOutText(deadlineMs: number): string {
  return `Not checked: the list took longer than ${deadlineMs / 1000} seconds. Check fewer URLs at a time.`;
}
