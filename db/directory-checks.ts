import type { Db } from '#db/index.ts';

/**
 * The directory link checker's recorded runs (server/features/directories/, the directory-check
 * job). Each row holds a whole result set as JSON text; the feature validates it when it reads it.
 * The newest row (by `recordedAt`, then id) is the current status; a few older ones are kept so an
 * operator can compare runs.
 */
export interface DirectoryCheckRun {
  /** Hex (or 'imported'): ties on `recordedAt` order the same way on both databases. */
  id: string;
  /** Milliseconds since the epoch. */
  recordedAt: number;
  results: string;
}

/** Runs kept: the current one and the four before it. */
export const KEPT_DIRECTORY_CHECKS = 5;

function newestFirst(db: Db) {
  return db.selectFrom('directory_checks').orderBy('recorded_at', 'desc').orderBy('id', 'desc');
}

/** The id of the newest run: a cheap way for a web process to see whether anything changed. */
export async function latestDirectoryCheckId(db: Db): Promise<string | undefined> {
  const row = await newestFirst(db).select('id').limit(1).executeTakeFirst();
  return row?.id;
}

export async function latestDirectoryCheck(db: Db): Promise<DirectoryCheckRun | undefined> {
  const row = await newestFirst(db).select(['id', 'recorded_at', 'results']).limit(1).executeTakeFirst();
  return row && { id: row.id, recordedAt: row.recorded_at, results: row.results };
}

/** Records a run as the newest and forgets all but the newest `keep`, in one transaction. */
export async function saveDirectoryCheck(
  db: Db,
  run: DirectoryCheckRun,
  keep: number = KEPT_DIRECTORY_CHECKS,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('directory_checks')
      .values({ id: run.id, recorded_at: run.recordedAt, results: run.results })
      .execute();
    await trx.deleteFrom('directory_checks').where('id', 'not in', newestFirst(trx).select('id').limit(keep)).execute();
  });
}

/**
 * Records a run only into an empty table (the results file of an older version, imported once);
 * answers whether it did. Two processes importing at once insert one row: the id is fixed.
 */
export async function importDirectoryCheck(db: Db, run: DirectoryCheckRun): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await newestFirst(trx).select('id').limit(1).executeTakeFirst()) return false;
    const result = await trx
      .insertInto('directory_checks')
      .values({ id: run.id, recorded_at: run.recordedAt, results: run.results })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}
