import { sql } from 'kysely';
import type { Db } from './index.ts';

/** Every line's hit per UTC day (log_file_days, migration 0023): the per-day charts and the bots' totals. */

export interface DayCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** A bot id, or 'other' for people and clients that are no known bot. */
  bot: string;
  verified: boolean;
  status: number;
  hits: number;
  bytes: number;
}

/** Adds counts to what is stored (several flushes of one log may add to one day). */
export async function addDays(db: Db, logId: string, counts: readonly DayCount[]): Promise<void> {
  // 7 values a row: 500 rows stay far below either database's limit on parameters.
  for (let from = 0; from < counts.length; from += 500) {
    const values = counts.slice(from, from + 500).map((count) => ({
      log_id: logId,
      day: count.day,
      bot: count.bot,
      verified: count.verified ? 1 : 0,
      status: count.status,
      hits: count.hits,
      bytes: count.bytes,
    }));
    await db
      .insertInto('log_file_days')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['log_id', 'day', 'bot', 'verified', 'status']).doUpdateSet({
          hits: sql`log_file_days.hits + excluded.hits`,
          bytes: sql`log_file_days.bytes + excluded.bytes`,
        }),
      )
      .execute();
  }
}

/** A log's day rows, oldest day first. */
export async function dayCounts(db: Db, logId: string): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('log_file_days')
    .select(['day', 'bot', 'verified', 'status', 'hits', 'bytes'])
    .where('log_id', '=', logId)
    .orderBy('day')
    .orderBy('bot')
    .orderBy('verified', 'desc')
    .orderBy('status')
    .execute();
  return rows.map((row) => ({
    ...row,
    verified: row.verified === 1,
    hits: Number(row.hits),
    bytes: Number(row.bytes),
  }));
}

/** Each bot's hits, verified and not, over the whole log ('other' included). */
export async function botTotals(
  db: Db,
  logId: string,
): Promise<Array<{ bot: string; verified: boolean; hits: number }>> {
  const rows = await db
    .selectFrom('log_file_days')
    .select((eb) => ['bot', 'verified', eb.fn.sum<number>('hits').as('hits')])
    .where('log_id', '=', logId)
    .groupBy(['bot', 'verified'])
    .execute();
  return rows.map((row) => ({ bot: row.bot, verified: row.verified === 1, hits: Number(row.hits) }));
}
