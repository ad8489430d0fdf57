import type { Db } from './index.ts';

/** A key's count in its current window; `resetAt` in milliseconds since the epoch. */
export interface RateLimitHits {
  hits: number;
  resetAt: number;
}

/**
 * Counts one hit for `key` and answers its count in the current window, in one statement: a new key
 * or one whose window ended at `now` starts a window of `windowMs` at 1; any other adds 1. Being one
 * upsert, hits from several processes at once are all counted (no read-then-write race).
 */
export async function incrementRateLimitHits(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<RateLimitHits> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limit_hits.reset_at', '<=', now);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('rate_limit_hits.hits', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when(expired)
            .then(eb.val(now + windowMs))
            .else(eb.ref('rate_limit_hits.reset_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, resetAt: row.reset_at };
}

/** The key's count if its window is still open at `now`. */
export async function getRateLimitHits(db: Db, key: string, now: number): Promise<RateLimitHits | undefined> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select(['hits', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row && { hits: row.hits, resetAt: row.reset_at };
}

/** Takes back one hit (a request that should not have counted); never below 0, never in an ended window. */
export async function decrementRateLimitHits(db: Db, key: string, now: number): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .where('reset_at', '>', now)
    .execute();
}

export async function deleteRateLimitHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
}

/** Drops every row whose window ended by `now` (for all limiters); answers how many. */
export async function deleteExpiredRateLimitHits(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
