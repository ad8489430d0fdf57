/**
 * RFC 4180 CSV for the tools' exports. Cells that start with = + - @ (or a tab/CR) are
 * prefixed with a quote so a spreadsheet shows them as text instead of running them as formulas.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
