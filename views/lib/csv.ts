/** A cell as the exports give it: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * One RFC 4180 line, CRLF-terminated: fields quoted only when they hold a comma, quote or line
 * break. Cells that start with = + - @ (or a tab/CR) are prefixed with a quote so a spreadsheet
 * shows them as text instead of running them as formulas. The one CSV writer of the site.
 */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV file: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

function csvCell(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
