import { dueQueues } from '#db/jobs.ts';
import { repeatables } from './context.ts';
import { pump } from './embedded-pump.ts';
import { runningOf, type EmbeddedState } from './embedded-run.ts';

/*
 * The working process's two clocks (embedded): the idle poll, which finds jobs another process on
 * the same file enqueued (npm run directories:check), and the repeatable jobs' slots. Both timers
 * are unref'd and stop with `close()`.
 */

/** How often a working process looks for jobs another process enqueued (one indexed query). */
export const IDLE_POLL_MS = 2_000;

/** When the slot after `now` begins, for a job repeating every `everyMs` (slots counted from the epoch). */
export function nextSlotAt(everyMs: number, now: number): number {
  return (Math.floor(now / everyMs) + 1) * everyMs;
}

export interface Timers {
  stop(): Promise<void>;
}

/** Pumps the queues with a free thread (and no pump under way) that another process gave a job. */
async function idlePoll(state: EmbeddedState): Promise<void> {
  const free = [...state.context.definitions.values()]
    .filter(({ name, concurrency }) => runningOf(state, name).size < concurrency && !state.pumps.get(name)?.busy)
    .map(({ name }) => name);
  for (const name of await dueQueues(state.context.db, free, Date.now())) pump(state, name);
}

/**
 * Starts the idle poll and, for each repeatable job, a timer that asks for a run (`runNow`: joined
 * while one is queued, so a slot never queues a second run) at each of its slots.
 */
export function startTimers(state: EmbeddedState, runNow: (name: string) => Promise<unknown>): Timers {
  const { log } = state.context;
  const timers = new Set<NodeJS.Timeout>();
  let polling: Promise<void> | undefined;
  const later = (ms: number, fire: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!state.closing) fire();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const poll = () =>
    later(IDLE_POLL_MS, () => {
      polling = idlePoll(state)
        .catch((error: unknown) => log.warn({ err: error }, 'looking for queued jobs failed'))
        .finally(() => {
          polling = undefined;
          poll();
        });
    });
  const repeat = (name: string, everyMs: number) =>
    later(nextSlotAt(everyMs, Date.now()) - Date.now(), () => {
      runNow(name).catch((error: unknown) => log.error({ err: error, job: name }, 'a repeatable job was not queued'));
      repeat(name, everyMs);
    });
  poll();
  for (const definition of repeatables(state.context)) repeat(definition.name, definition.repeat.everyMs);
  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await polling;
    },
  };
}
