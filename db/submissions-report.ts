import type { Db } from '#db/index.ts';
import { countArticleSubmissions, iterateArticleSubmissions, type ArticleSubmission } from '#db/article-submissions.ts';
import { countContactMessages, iterateContactMessages, type ContactMessage } from '#db/contact-messages.ts';

/*
 * What `npm run submissions` prints. Every row, however many: both reports are generators of text
 * chunks read from the database a page of rows at a time, so memory stays flat and the caller can
 * respect the terminal's or pipe's backpressure.
 */

/** Two-space JSON of one row, indented to sit inside its list. */
function jsonRow(row: object): string {
  return JSON.stringify(row, null, 2).replace(/\n/g, '\n    ');
}

async function* jsonList(name: string, rows: AsyncIterable<object>, last: boolean): AsyncGenerator<string> {
  let first = true;
  for await (const row of rows) {
    yield `${first ? `  "${name}": [\n` : ',\n'}    ${jsonRow(row)}`;
    first = false;
  }
  yield `${first ? `  "${name}": []` : '\n  ]'}${last ? '\n' : ',\n'}`;
}

/**
 * `{"contact": [...], "articles": [...]}` with every stored field, newest first: byte for byte what
 * JSON.stringify(report, null, 2) would print, without holding the report in memory.
 */
export async function* submissionsJson(db: Db): AsyncGenerator<string> {
  yield '{\n';
  yield* jsonList('contact', iterateContactMessages(db), false);
  yield* jsonList('articles', iterateArticleSubmissions(db), true);
  yield '}\n';
}

/**
 * One line per cell: newlines and tabs would break the table, and control characters (e.g. ANSI
 * escape sequences a visitor typed) must never reach the operator's terminal. Long text is cut.
 */
function cell(value: string, width: number): string {
  const flat = value
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- matching control characters is the point (stripping what text or XML cannot carry)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')
    .trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

interface TableSpec<Row> {
  title: string;
  empty: string;
  headers: string[];
  count: (db: Db) => Promise<number>;
  rows: (db: Db) => AsyncIterable<Row>;
  cells: (row: Row) => string[];
  /** Columns left out when no row has a value in them (fields visitors may skip). */
  optional?: number[];
}

/**
 * A titled table with the total in its title. Two passes over the rows: the first measures the
 * columns (and finds optional columns nobody filled, which are left out), the second prints, so
 * columns line up without keeping the rows.
 */
async function* table<Row>(db: Db, spec: TableSpec<Row>): AsyncGenerator<string> {
  const total = await spec.count(db);
  yield `${spec.title} (${total}), newest first\n`;
  if (total === 0) {
    yield `${spec.empty}\n`;
    return;
  }
  const widths = spec.headers.map((header) => header.length);
  const filled = new Set<number>();
  for await (const row of spec.rows(db)) {
    spec.cells(row).forEach((value, i) => {
      widths[i] = Math.max(widths[i]!, value.length);
      if (value) filled.add(i);
    });
  }
  const shown = spec.headers.map((_, i) => i).filter((i) => filled.has(i) || !spec.optional?.includes(i));
  const line = (cells: string[]) =>
    `${shown
      .map((i) => cells[i]!.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()}\n`;
  yield line(spec.headers);
  yield line(widths.map((width) => '-'.repeat(width)));
  for await (const row of spec.rows(db)) yield line(spec.cells(row));
}

const contactTable: TableSpec<ContactMessage> = {
  title: 'Contact messages',
  empty: 'No contact messages yet.',
  headers: ['ID', 'RECEIVED (UTC)', 'NAME', 'EMAIL', 'PHONE', 'WEBSITE', 'MESSAGE'],
  count: countContactMessages,
  rows: (db) => iterateContactMessages(db),
  cells: (row) => [
    String(row.id),
    row.createdAt,
    cell(row.name, 30),
    cell(row.email, 40),
    cell(row.phone ?? '', 32),
    cell(row.website ?? '', 50),
    cell(row.message, 60),
  ],
  optional: [4, 5],
};

const articleTable: TableSpec<ArticleSubmission> = {
  title: 'Article submissions',
  empty: 'No article submissions yet.',
  headers: ['ID', 'RECEIVED (UTC)', 'STATUS', 'AUTHOR', 'EMAIL', 'TITLE', 'CHARS'],
  count: countArticleSubmissions,
  rows: (db) => iterateArticleSubmissions(db),
  cells: (row) => [
    String(row.id),
    row.createdAt,
    row.status,
    cell(row.author, 30),
    cell(row.email ?? '', 40),
    cell(row.title, 60),
    String(row.content.length),
  ],
};

/** The human-readable report: two tables with their totals, every row, newest first, long text shortened. */
export async function* submissionsTable(db: Db): AsyncGenerator<string> {
  yield* table(db, contactTable);
  yield '\n';
  yield* table(db, articleTable);
}
