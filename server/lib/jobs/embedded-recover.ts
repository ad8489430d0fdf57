import { activeJobs, pruneJobs, retryJob } from '#db/jobs.ts';
import { definitionOf } from './context.ts';
import { failForGood, type EmbeddedState } from './embedded-run.ts';
import { JOB_REASONS } from './types.ts';

/**
 * At `work()`: jobs a stopped process left active are tried again while tries remain, else failed
 * for good (one SQLite process owns the file, so nothing can be running); finished jobs past their
 * retention are forgotten.
 */
export async function recover(state: EmbeddedState): Promise<void> {
  const { context } = state;
  const now = Date.now();
  for (const row of await activeJobs(context.db, [...context.definitions.keys()])) {
    const reason = JOB_REASONS.serverStopped;
    if (row.attempts < row.max_attempts) await retryJob(context.db, row.queue, row.id, reason, now);
    else await failForGood(context, definitionOf(context, row.queue), row.id, JSON.parse(row.input), reason, now);
  }
  let pruned = await pruneJobs(context.db, now - context.retentionMs);
  for (const definition of context.definitions.values())
    if (definition.retentionMs !== undefined)
      pruned += await pruneJobs(context.db, now - definition.retentionMs, definition.name);
  if (pruned > 0) context.log.info({ pruned }, 'finished jobs forgotten');
}
