import { claimNextJob, nextRunAt, pruneJobs, releaseJob } from '#db/jobs.ts';
import { definitionOf } from './context.ts';
import { pumpOf, runClaimed, runningOf, type EmbeddedState } from './embedded-run.ts';
import type { AnyJobDefinition } from './types.ts';

/*
 * The embedded queue's claiming side: a pump per job name starts queued jobs (first accepted, first
 * started) while the name has a free thread, and sleeps until a retry's backoff ends when none may
 * start yet. One pass at a time per name; a call during a pass makes one more.
 */

export function pump(state: EmbeddedState, name: string): void {
  if (!state.working || state.closing) return;
  const pumping = pumpOf(state, name);
  if (pumping.busy) {
    pumping.again = true;
    return;
  }
  pumping.busy = (async () => {
    try {
      do {
        pumping.again = false;
        await fill(state, name);
      } while (pumping.again && !state.closing);
    } catch (error) {
      state.context.log.error({ err: error, job: name }, 'starting queued jobs failed');
    } finally {
      pumping.busy = undefined;
    }
  })();
}

/** Starts queued jobs while threads are free; else wakes up when a retry's backoff ends. */
async function fill(state: EmbeddedState, name: string): Promise<void> {
  const definition = definitionOf(state.context, name);
  while (!state.closing && runningOf(state, name).size < definition.concurrency) {
    const row = await claimNextJob(state.context.db, name, Date.now());
    if (!row) return scheduleWake(state, name);
    if (state.closing) return releaseJob(state.context.db, name, row.id);
    void runClaimed(state, definition, row).then(() => {
      pump(state, name);
      pruneShortLived(state, definition);
    });
  }
}

async function scheduleWake(state: EmbeddedState, name: string): Promise<void> {
  const at = await nextRunAt(state.context.db, name);
  clearTimeout(state.wakes.get(name));
  state.wakes.delete(name);
  if (at === undefined || state.closing) return;
  const timer = setTimeout(
    () => {
      state.wakes.delete(name);
      pump(state, name);
    },
    Math.max(0, at - Date.now()),
  );
  state.wakes.set(name, timer);
}

/** A job kept briefly (its own `retentionMs`) is forgotten soon after, at most one delete a minute. */
function pruneShortLived(state: EmbeddedState, definition: AnyJobDefinition): void {
  if (definition.retentionMs === undefined) return;
  const now = Date.now();
  if (now - (state.pruned.get(definition.name) ?? 0) < 60_000) return;
  state.pruned.set(definition.name, now);
  pruneJobs(state.context.db, now - definition.retentionMs, definition.name).catch((error: unknown) =>
    state.context.log.warn({ err: error, job: definition.name }, 'forgetting finished jobs failed'),
  );
}

/** Resolves once every pump's pass under way has ended. */
export async function pumpsIdle(state: EmbeddedState): Promise<void> {
  await Promise.all([...state.pumps.values()].map((pumping) => pumping.busy));
}
