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

/** Rows read from the database at a time while a query is streamed. */
export const STREAM_CHUNK_ROWS = 500;

/** A select query built on the audit's database: compiled for PostgreSQL's cursor, streamed on SQLite. */
export type StreamableQuery<Row> = Compilable<Row> & { stream(chunkSize?: number): AsyncIterableIterator<Row> };

/**
 * Hands a query's rows to `onRow` one at a time, `chunk` read at once: a result of any size in bounded
 * memory. SQLite steps its statement (better-sqlite3's iterator); PostgreSQL reads a server-side cursor
 * inside a transaction, since node-postgres alone buffers a whole result.
 */
export async function forEachRow<Row>(
  db: Db,
  query: StreamableQuery<Row>,
  onRow: (row: Row) => void | Promise<void>,
  chunk = STREAM_CHUNK_ROWS,
): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for await (const row of query.stream(chunk)) await onRow(row);
    return;
  }
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
