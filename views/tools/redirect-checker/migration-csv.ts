import { rowProblem, type MigrationPair } from '#views/model/redirect-migration.ts';
export { resolveTarget, rowProblem, type MigrationPair } from '#views/model/redirect-migration.ts';
import { MAX_MIGRATION_CSV_BYTES, MAX_MIGRATION_ROWS } from './rules.ts';

export type CsvParse =
  { ok: true; rows: MigrationPair[]; headerSkipped: boolean } | { ok: false; error: string; problems: string[] };

/** Problems listed at most, so one broken column does not fill the screen. */
const MAX_PROBLEMS_SHOWN = 5;

/** RFC 4180 records: quoted fields may hold the delimiter, line breaks and doubled quotes; CRLF, LF or CR end a line. */
export function csvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else field += char;
    index += 1;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Comma by default; a first line with tabs (a spreadsheet paste) or only semicolons uses that instead. */
function delimiterOf(text: string): string {
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  if (first.includes('\t')) return '\t';
  if (first.includes(';') && !first.includes(',')) return ';';
  return ',';
}

/** A first line like `old,new` or `Source URL,Target URL` is a header: its first cell could not be an address. */
function looksLikeHeader(cell: string): boolean {
  return !/[./:]/.test(cell);
}

/**
 * An old → new CSV as pasted or uploaded: a byte-order mark is dropped, a header line is optional,
 * blank lines are skipped, columns past the second are ignored. Refused whole, with the lines at
 * fault, when it is too big or any row cannot be checked.
 */
export function parseMigrationCsv(input: string): CsvParse {
  const bytes = new TextEncoder().encode(input).length;
  if (bytes > MAX_MIGRATION_CSV_BYTES)
    return {
      ok: false,
      error: `The CSV is too large (at most ${MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB).`,
      problems: [],
    };
  const text = input.replace(/^\uFEFF/, '');
  const records = csvRecords(text, delimiterOf(text))
    .map((cells, index) => ({ cells: cells.map((cell) => cell.trim()), line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  const headerSkipped = records.length > 0 && looksLikeHeader(records[0].cells[0] ?? '');
  const data = headerSkipped ? records.slice(1) : records;
  if (data.length === 0) return { ok: false, error: 'Please enter at least one row: old URL, new URL.', problems: [] };
  if (data.length > MAX_MIGRATION_ROWS)
    return {
      ok: false,
      error: `At most ${MAX_MIGRATION_ROWS.toLocaleString('en-US')} rows can be checked at once (this list has ${data.length.toLocaleString('en-US')}).`,
      problems: [],
    };
  const rows: MigrationPair[] = [];
  const problems: string[] = [];
  for (const { cells, line } of data) {
    const pair = { from: cells[0] ?? '', to: cells[1] ?? '' };
    const problem =
      pair.from === '' || pair.to === '' ? `Line ${line}: needs an old URL and a new URL.` : rowProblem(pair, line);
    if (problem) problems.push(problem);
    else rows.push(pair);
  }
  if (problems.length > 0) {
    const more = problems.length - MAX_PROBLEMS_SHOWN;
    return {
      ok: false,
      error: `${problems.length} ${problems.length === 1 ? 'row' : 'rows'} cannot be checked:`,
      problems: more > 0 ? [...problems.slice(0, MAX_PROBLEMS_SHOWN), `…and ${more} more.`] : problems,
    };
  }
  return { ok: true, rows, headerSkipped };
}
