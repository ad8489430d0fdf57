import type { RedirectRow } from '#views/model/redirect-checker.ts';

/** Spec 5: lines trimmed, empty lines dropped. */
export function parseUrlLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote everything, double inner quotes, and defuse spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function chainText(row: RedirectRow): string {
  return row.hops.map((hop) => `${hop.status} ${hop.url}`).join(' -> ');
}

export function redirectsToCsv(rows: RedirectRow[]): string {
  const header = ['Original URL', 'Redirected URL', 'Final status', 'Hops', 'Chain', 'Error'];
  const lines = rows.map((row) =>
    [row.originalUrl, row.redirectedUrl, row.finalStatus, Math.max(0, row.hops.length - (row.error ? 0 : 1)), chainText(row), row.error].map(csvCell).join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
