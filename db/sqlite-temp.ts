import { sql } from 'kysely';
import type { Db } from './index.ts';

/**
 * The page cache in KB of the TEMP tables an audit sorts through (the findings' stage, the edges' sort), as the
 * audit's own connection bounds its main one (server/features/site-audit/sqlite-cache.ts): past it their pages go
 * to a file in SQLite's temporary directory, not to memory.
 */
export const TEMP_CACHE_KB = 4096;

/** Bounds this SQLite connection's TEMP page cache (call on SQLite only). */
export async function boundTempCache(db: Db): Promise<void> {
  await sql.raw(`PRAGMA temp.cache_size = -${TEMP_CACHE_KB}`).execute(db);
}

/**
 * How a move out of a TEMP table into the file paces itself (the findings' stage, the edges' sort): a turn of
 * the loop after each transaction, and whether to stop.
 */
export interface MovePace {
  breathe?: () => Promise<void>;
  aborted?: () => boolean;
}
