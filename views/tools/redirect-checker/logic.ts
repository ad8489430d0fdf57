import { toCsv } from '#views/lib/csv.ts';
import type { RedirectRow, RedirectWarning } from '#views/model/redirect-checker.ts';

/** Spec 5: lines trimmed, empty lines dropped. */
export function parseUrlLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const REFRESH_TEXT = { 'refresh-header': ' (Refresh header)', 'meta-refresh': ' (meta refresh)' } as const;

/** "301 http://a/ -> 200 (meta refresh) https://a/ -> 200 https://a/new": a refresh hop is named. */
export function chainText(row: RedirectRow): string {
  return row.hops
    .map((hop) => {
      const refresh = hop.kind === 'refresh-header' || hop.kind === 'meta-refresh' ? REFRESH_TEXT[hop.kind] : '';
      return `${hop.status}${refresh} ${hop.url}`;
    })
    .join(' -> ');
}

export const WARNING_LABELS: Record<RedirectWarning, string> = {
  'temporary-redirect': 'Temporary redirect',
  chain: 'Redirect chain',
  loop: 'Redirect loop',
  broken: 'Broken',
};

export type RowVerdict = 'ok' | 'redirect' | 'broken' | 'loop' | 'error';

/**
 * One word per row for the summary and the colour of its status: a loop or a broken link first,
 * then rows that could not be checked (refused URL, time ran out), then redirects, then clean rows.
 */
export function rowVerdict(row: Pick<RedirectRow, 'warnings' | 'state' | 'hops'>): RowVerdict {
  if (row.warnings.includes('loop')) return 'loop';
  if (row.warnings.includes('broken')) return 'broken';
  if (row.state !== 'checked') return 'error';
  return row.hops.length > 1 ? 'redirect' : 'ok';
}

export type RedirectSummary = Record<RowVerdict, number>;

export function summarize(rows: ReadonlyArray<Pick<RedirectRow, 'warnings' | 'state' | 'hops'>>): RedirectSummary {
  const summary: RedirectSummary = { ok: 0, redirect: 0, broken: 0, loop: 0, error: 0 };
  for (const row of rows) summary[rowVerdict(row)] += 1;
  return summary;
}

/** The summary line's parts, each with the verdict it counts (for its colour). */
export function summaryParts(summary: RedirectSummary): Array<{ verdict: RowVerdict; text: string }> {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    { verdict: 'ok', text: `${summary.ok} OK` },
    { verdict: 'redirect', text: count(summary.redirect, 'redirect', 'redirects') },
    { verdict: 'broken', text: `${summary.broken} broken` },
    { verdict: 'loop', text: count(summary.loop, 'loop', 'loops') },
    { verdict: 'error', text: count(summary.error, 'error', 'errors') },
  ];
}

/** "2 OK · 1 redirect · 0 broken · 0 loops · 1 error" */
export function summaryText(summary: RedirectSummary): string {
  return summaryParts(summary)
    .map((part) => part.text)
    .join(' · ');
}

/** The final status cell: the code, or why there is none. */
export function finalStatusText(row: Pick<RedirectRow, 'finalStatus' | 'state' | 'warnings'>): string {
  if (row.finalStatus !== null) return String(row.finalStatus);
  if (row.state === 'timed-out') return 'Timed out';
  if (row.warnings.includes('loop')) return 'Loop';
  return row.warnings.includes('broken') ? 'No answer' : 'Error';
}

export function redirectsToCsv(rows: RedirectRow[]): string {
  const header = ['Original URL', 'Redirected URL', 'Final status', 'Hops', 'Chain', 'Warnings', 'Error'];
  const lines = rows.map((row) => [
    row.originalUrl,
    row.redirectedUrl,
    row.finalStatus ?? (row.state === 'timed-out' ? 'Timed out' : null),
    Math.max(0, row.hops.length - (row.error ? 0 : 1)),
    chainText(row),
    row.warnings.map((warning) => WARNING_LABELS[warning]).join('; '),
    row.error,
  ]);
  return toCsv(header, lines);
}
