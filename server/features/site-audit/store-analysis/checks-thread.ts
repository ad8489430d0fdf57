import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '#db/index.ts';
import { writeStoreChecks } from '../streamed-analysis.ts';
import type { ChecksData, FromChecks } from './checks-protocol.ts';

/*
 * The store checks' thread (decision 0074): runs every check STORE_CHECKS holds over the audit's analysed
 * crawl store on a connection of its own, writes their findings as the audit's thread would, and says
 * when it is done. Started by checks-thread-start.ts; ended by it when the audit stops.
 */

const port = parentPort!;
const data = workerData as ChecksData;

async function run(): Promise<void> {
  // Two connections on PostgreSQL, as a job thread has: a check reads its rows through a cursor that holds one
  // (forEachRow) while its findings are written on the other.
  const db = await openDatabase(data.database.target, { ...data.database.options, poolSize: 2 });
  try {
    await writeStoreChecks(db, data.auditId);
  } finally {
    await db.destroy();
  }
}

run().then(
  () => port.postMessage({ type: 'done' } satisfies FromChecks),
  (error: unknown) =>
    port.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies FromChecks),
);
