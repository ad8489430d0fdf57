import { CompiledQuery } from 'kysely';
import { dialectOf, type Db } from './index.ts';

/*
 * Many rows inserted as SQL text and parameters (decision 0078). Kysely's insert builder makes a node of every
 * value, freezes it and walks the tree again to compile it: a 100,000-page crawl spent about 3% of its thread
 * there, more than SQLite took for some of the same inserts. The writes an audit makes by the million (its URLs,
 * records, edges, strings, findings) name their columns once here and pass plain arrays of values.
 */

export interface RowInsert<Row> {
  /** The table, as written after INSERT INTO (a TEMP table as `temp.name`). */
  table: string;
  /** Every column written: first those of the values every row shares (`insertRows`' `shared`), then the row's. */
  columns: readonly string[];
  /** The row's own values in `columns` order: numbers, strings, null or bytes, as the drivers take them. */
  values: (row: Row) => readonly unknown[];
  /** What follows the VALUES list: an ON CONFLICT clause, or nothing. */
  tail?: string;
  /** Rows a statement at most (both databases bound the parameters of one). */
  perStatement: number;
}

/** The statement for `rows` rows: `?` placeholders on SQLite, `$1`… on PostgreSQL. */
export function insertText(insert: Omit<RowInsert<never>, 'values'>, rows: number, postgres: boolean): string {
  const width = insert.columns.length;
  const tuples: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const marks = Array.from({ length: width }, (_, column) => (postgres ? `$${row * width + column + 1}` : '?'));
    tuples.push(`(${marks.join(', ')})`);
  }
  const tail = insert.tail ? ` ${insert.tail}` : '';
  return `INSERT INTO ${insert.table} (${insert.columns.join(', ')}) VALUES ${tuples.join(', ')}${tail}`;
}

/** The full statement's text for each insert and database, made once (the same text: SQLite keeps it prepared). */
const fullTexts = new WeakMap<object, { sqlite?: string; postgres?: string }>();

/**
 * Inserts `rows`, `insert.perStatement` a statement, in order, each row's values after `shared` (the audit's id, say).
 * Callers that need all or nothing pass a transaction.
 */
export async function insertRows<Row>(
  db: Db,
  insert: RowInsert<Row>,
  rows: readonly Row[],
  shared: readonly unknown[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const postgres = dialectOf(db) === 'postgres';
  let texts = fullTexts.get(insert);
  if (!texts) fullTexts.set(insert, (texts = {}));
  const dialect = postgres ? 'postgres' : 'sqlite';
  for (let from = 0; from < rows.length; from += insert.perStatement) {
    const count = Math.min(insert.perStatement, rows.length - from);
    const parameters: unknown[] = [];
    for (let at = from; at < from + count; at += 1) parameters.push(...shared, ...insert.values(rows[at]!));
    if (parameters.length !== count * insert.columns.length)
      throw new Error(`${insert.table}: ${insert.columns.length} columns, ${parameters.length / count} values a row`);
    const text =
      count === insert.perStatement
        ? (texts[dialect] ??= insertText(insert, count, postgres))
        : insertText(insert, count, postgres);
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}
