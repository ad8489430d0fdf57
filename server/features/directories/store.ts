import { randomBytes } from 'node:crypto';
import {
  importDirectoryCheck,
  latestDirectoryCheck,
  latestDirectoryCheckId,
  saveDirectoryCheck,
} from '#db/directory-checks.ts';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parseResults, readResultsFile, type CheckResults } from './results.ts';

/** The newest recorded run's results, validated, with the run's id. */
export interface StoredResults {
  runId: string;
  results: CheckResults;
}

export async function readStoredResults(db: Db): Promise<StoredResults | undefined> {
  const run = await latestDirectoryCheck(db);
  if (!run) return undefined;
  const results = parseResults(
    run.results,
    `the database (directory_checks row ${run.id})`,
    'Delete that row to go back to the run before it, then run npm run directories:check again.',
  );
  return { runId: run.id, results };
}

/** Records a run's merged results as the newest; answers its id. */
export async function storeResults(db: Db, results: CheckResults, now: number = Date.now()): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await saveDirectoryCheck(db, { id, recordedAt: now, results: JSON.stringify(results) });
  return id;
}

/**
 * The upgrade from a version that kept the results in DATA_DIR/directory-checks.json: while the
 * table is empty, the file (validated; an invalid one stops the boot with a message naming it) is
 * recorded as a run finished when its last run did, so the next check merges with its consecutive
 * failures. Once the table has a run the file is never read again.
 */
export async function importResultsFile(db: Db, file: string, log: Logger): Promise<boolean> {
  if ((await latestDirectoryCheckId(db)) !== undefined) return false;
  const results = readResultsFile(file);
  if (!results) return false;
  const finishedAt = results.lastRun ? Date.parse(results.lastRun.finishedAt) : 0;
  const imported = await importDirectoryCheck(db, {
    id: 'imported',
    recordedAt: finishedAt,
    results: JSON.stringify(results),
  });
  if (imported)
    log.info({ file }, `directory check results imported from ${file} into the database; the file is no longer read`);
  return imported;
}
