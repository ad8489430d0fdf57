import { expect, test } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { tick } from '#test/fixtures/jobs/definitions.ts';
import { FIXTURE_DEFINITIONS, openJobsDatabase, type JobsDatabase } from '#test/helpers/jobs.ts';
import { upsertSchedule } from './bullmq-enqueue.ts';
import { openLanes, type Lanes } from './bullmq-lanes.ts';
import type { JobsContext } from './context.ts';
import { jobsContextOf } from './index.ts';

/** A process's view of the queue: its own context and lanes (its own connections), for `tick` only. */
async function processOn(database: JobsDatabase): Promise<{ context: JobsContext; lanes: Lanes }> {
  const context = jobsContextOf({
    db: database.db,
    databaseTarget: database.target,
    databaseOptions: database.options,
    config: {},
    log: createLogger('silent'),
    definitionsModule: FIXTURE_DEFINITIONS,
    definitions: [tick],
    stallSeconds: 30,
    queueSchema: database.queueSchema,
  });
  return { context, lanes: await openLanes(context) };
}

// Under load the repeat test saw two first runs a millisecond apart: both processes read no schedule
// and each queued a run of its own. Here the two upserts are sent at once, many times over.
test('two processes that set up one schedule at the same moment queue one first run', { timeout: 60_000 }, async () => {
  const database = await openJobsDatabase('bullmq');
  const processes = [await processOn(database), await processOn(database)];
  const queue = processes[0]!.lanes.lanes.get(tick.name)!.queue;
  try {
    const queuedRuns = async () =>
      (await queue.getJobs(['waiting', 'delayed', 'active'])).filter((job) =>
        job.id?.startsWith(`repeat:${tick.name}:`),
      );
    const firstRuns: number[] = [];
    for (let round = 0; round < 20; round++) {
      // No schedule and no run: as before either process ever started.
      await queue.obliterate({ force: true });
      await Promise.all(processes.map(({ context, lanes }) => upsertSchedule(context, lanes.lanes.get(tick.name)!)));
      firstRuns.push((await queuedRuns()).length);
    }
    expect(firstRuns).toEqual(Array.from({ length: 20 }, () => 1));
  } finally {
    for (const { lanes } of processes) await lanes.close();
    await database.close();
  }
});
