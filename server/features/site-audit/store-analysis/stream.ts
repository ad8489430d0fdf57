import { CompiledQuery, sql, type Compilable, type RawBuilder } from 'kysely';
import { dialectOf, type Db } from '#db/index.ts';
import type { Finding } from '../rules/context.ts';

/** Where a store check hands each finding, as it reads it (the analysis writes it, or a test collects it). */
export type EmitFinding = (finding: Finding) => void | Promise<void>;

/**
 * `text` ordered as JavaScript's `<` and `sort()` order strings (by code point): PostgreSQL's database
 * collation may sort by language rules, so it sorts by "C" (bytes); SQLite's default already does.
 */
export function codePointOrder(db: Db, text: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`${text} COLLATE "C"` : text;
}

/** Ids as one parameter (a JSON array on SQLite, an array on PostgreSQL): one statement text for any count, prepared fast. */
export function idList(db: Db, ids: readonly number[]) {
  return dialectOf(db) === 'postgres'
    ? sql`SELECT unnest(${ids}::int[])`
    : sql`SELECT value FROM json_each(${JSON.stringify(ids)})`;
}

/** Rows read from the database at a time while a query is streamed. */
export const STREAM_CHUNK_ROWS = 500;

/** A select query built on the audit's database, compiled for PostgreSQL's cursor and SQLite's temporary copy. */
export type StreamableQuery<Row> = Compilable<Row> & { stream(chunkSize?: number): AsyncIterableIterator<Row> };

/** Temporary tables' numbers, so two reads at once (a check's, a test's) never share one. */
let pagedReads = 0;

/**
 * SQLite: the query's rows written once to a temporary table (the connection's own temp file, not the
 * database's write lock), then read `chunk` rows at a time by rowid, the insertion order, which is the
 * query's order. Between two reads no statement is open, so `onRow` may use the connection (the analysis
 * writes each finding as it comes) and no more than `chunk` rows are held: stepping the statement instead
 * kept the only connection busy until its last row.
 */
async function forEachSqliteRow<Row>(
  db: Db,
  query: StreamableQuery<Row>,
  onRow: (row: Row) => void | Promise<void>,
  chunk: number,
): Promise<void> {
  const compiled = query.compile();
  const table = `site_audit_read_${(pagedReads += 1)}`;
  await db.executeQuery(CompiledQuery.raw(`CREATE TEMP TABLE ${table} AS ${compiled.sql}`, [...compiled.parameters]));
  try {
    for (let after = 0; ;) {
      const { rows } = await db.executeQuery<Row & { _seq: number }>(
        CompiledQuery.raw(`SELECT rowid AS _seq, * FROM temp.${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`, [
          after,
          chunk,
        ]),
      );
      for (const { _seq, ...row } of rows) {
        after = _seq;
        await onRow(row as Row);
      }
      if (rows.length < chunk) break;
    }
  } finally {
    await db.executeQuery(CompiledQuery.raw(`DROP TABLE IF EXISTS temp.${table}`));
  }
}

/**
 * Hands a query's rows to `onRow` one at a time, `chunk` read at once: a result of any size in bounded
 * memory. SQLite reads a temporary copy of the result a chunk at a time (`forEachSqliteRow`); PostgreSQL
 * reads a server-side cursor inside a transaction on one pooled connection, since node-postgres alone
 * buffers a whole result.
 */
export async function forEachRow<Row>(
  db: Db,
  query: StreamableQuery<Row>,
  onRow: (row: Row) => void | Promise<void>,
  chunk = STREAM_CHUNK_ROWS,
): Promise<void> {
  if (dialectOf(db) === 'sqlite') return forEachSqliteRow(db, query, onRow, chunk);
  const compiled = query.compile();
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(
      CompiledQuery.raw(`DECLARE site_audit_stream NO SCROLL CURSOR FOR ${compiled.sql}`, [...compiled.parameters]),
    );
    for (;;) {
      const { rows } = await trx.executeQuery<Row>(CompiledQuery.raw(`FETCH ${chunk} FROM site_audit_stream`));
      for (const row of rows) await onRow(row);
      if (rows.length < chunk) break;
    }
  });
}
