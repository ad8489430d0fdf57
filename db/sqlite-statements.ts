import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Writing statements kept prepared, by their SQL: the least recently used goes past this many. */
export const KEPT_STATEMENTS = 64;

/**
 * The connection as Kysely sees it, its writing statements prepared once: Kysely's driver prepares every query it
 * runs, and a crawl's batch writes the same few multi-row INSERTs thousands of times, each parsed again by SQLite.
 * Only statements that return no rows are kept: one is run whole (`run`) and reset before the next query, never
 * left half-read by a stream the way a kept SELECT could be.
 */
export function keepingStatements(raw: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(sql) {
      const found = kept.get(sql);
      if (found) {
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = raw.prepare(sql);
      if (!statement.reader) {
        kept.set(sql, statement);
        if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
}
