import { rowProblem, type MigrationPair } from '#views/model/redirect-migration.ts';
export { resolveTarget, rowProblem, type MigrationPair } from '#views/model/redirect-migration.ts';
import { MAX_MIGRATION_CSV_BYTES, MAX_MIGRATION_ROWS } from './rules.ts';

/** A row of the file left out of the check: its line number and why. */
export interface SkippedRow {
  line: number;
  problem: string;
}

export type CsvParse =
  | { ok: true; rows: MigrationPair[]; headerSkipped: boolean; skipped: SkippedRow[] }
  | { ok: false; error: string; skipped: SkippedRow[] };

/** An empty file, and one with nothing under its header, say so rather than showing nothing. */
export const EMPTY_CSV = 'The CSV is empty: add one row per old URL (old URL, new URL).';
export const HEADER_ONLY_CSV = 'The CSV has only a header line: add one row per old URL under it (old URL, new URL).';

/** A skipped row as the panel lists it and the API's refusal quotes it. */
export function skippedText({ line, problem }: SkippedRow): string {
  return `Line ${line}: ${problem}`;
}

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

/** The data rows checked one by one: the good ones kept, the others skipped with their line and why. */
function splitRows(data: ReadonlyArray<{ cells: string[]; line: number }>) {
  const rows: MigrationPair[] = [];
  const skipped: SkippedRow[] = [];
  for (const { cells, line } of data) {
    const pair = { from: cells[0] ?? '', to: cells[1] ?? '' };
    const problem = pair.from === '' || pair.to === '' ? 'needs an old URL and a new URL.' : rowProblem(pair);
    if (problem) skipped.push({ line, problem });
    else rows.push(pair);
  }
  return { rows, skipped };
}

/**
 * An old → new CSV as pasted or uploaded: a byte-order mark is dropped, a header line is optional,
 * blank lines are skipped, columns past the second are ignored. Rows that cannot be checked are
 * skipped with their line numbers and the rest kept; refused whole only when it is too big, empty,
 * or no row can be checked.
 */
export function parseMigrationCsv(input: string): CsvParse {
  const bytes = new TextEncoder().encode(input).length;
  if (bytes > MAX_MIGRATION_CSV_BYTES)
    return {
      ok: false,
      error: `The CSV is too large (at most ${MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB).`,
      skipped: [],
    };
  const text = input.replace(/^\uFEFF/, '');
  const records = csvRecords(text, delimiterOf(text))
    .map((cells, index) => ({ cells: cells.map((cell) => cell.trim()), line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  const headerSkipped = records.length > 0 && looksLikeHeader(records[0].cells[0] ?? '');
  const data = headerSkipped ? records.slice(1) : records;
  if (data.length === 0) return { ok: false, error: headerSkipped ? HEADER_ONLY_CSV : EMPTY_CSV, skipped: [] };
  if (data.length > MAX_MIGRATION_ROWS)
    return {
      ok: false,
      error: `At most ${MAX_MIGRATION_ROWS.toLocaleString('en-US')} rows can be checked at once (this list has ${data.length.toLocaleString('en-US')}).`,
      skipped: [],
    };
  const { rows, skipped } = splitRows(data);
  if (rows.length === 0)
    return {
      ok: false,
      error: `None of the ${data.length} ${data.length === 1 ? 'row' : 'rows'} can be checked.`,
      skipped,
    };
  return { ok: true, rows, headerSkipped, skipped };
}
