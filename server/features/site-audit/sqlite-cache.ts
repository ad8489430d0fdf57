import { sql } from 'kysely';
import { dialectOf, type Db } from '#db/index.ts';

/**
 * SQLite's page cache for an audit thread's connection, in KB. better-sqlite3 builds SQLite with a 16 MB
 * cache (`SQLITE_DEFAULT_CACHE_SIZE=-16000`) per connection; an audit's writes and its analysis's reads and
 * sorts fill it to the top, and it stays resident for the audit. 4 MB holds a write batch's pages and the
 * indexes' upper levels; the rest of the file is the operating system's page cache, which RSS does not count.
 * Measured in decision 0059 ("Memory of one audit").
 */
export const AUDIT_SQLITE_CACHE_KB = 4096;

/** Bounds the page cache of this thread's connection (SQLite only; PostgreSQL's memory is its server's). */
export async function boundAuditCache(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql.raw(`PRAGMA cache_size = -${AUDIT_SQLITE_CACHE_KB}`).execute(db);
}
