import { acceptJob, acceptRun, cancelQueuedJob, countJobs, endJob, readJob } from '#db/jobs.ts';
import {
  createPools,
  definitionOf,
  randomJobId,
  repeatableOf,
  repeatables,
  stateOf,
  type JobsContext,
} from './context.ts';
import { pump, pumpsIdle } from './embedded-pump.ts';
import { recover } from './embedded-recover.ts';
import { createState, keyOf, parseJson, type EmbeddedState } from './embedded-run.ts';
import { startTimers, type Timers } from './embedded-timers.ts';
import { JOB_REASONS, type Jobs } from './types.ts';

export { IDLE_POLL_MS } from './embedded-timers.ts';

/*
 * The embedded queue (docs/decisions/0032): one SQLite process, its jobs in the `jobs` table
 * (db/jobs.ts), run in this process's job threads. Nothing distributed: the process that enqueues is
 * the one that runs, so events go straight to this process's watchers, and whatever a row says is
 * 'active' when `work()` starts was left by a process that stopped. A command on the same file
 * (npm run directories:check) may enqueue without running anything: the working process finds such
 * jobs by an idle poll, and the command follows them through `state` (their events stay here).
 * Running is embedded-run.ts's, claiming embedded-pump.ts's, the clocks embedded-timers.ts's.
 */

/** Cancels a job that is active: in this process's thread, about to start here, or left by a stopped process. */
async function cancelActive(state: EmbeddedState, name: string, id: string): Promise<'active' | undefined> {
  const { db, watchers } = state.context;
  const local = state.running.get(name)?.get(id);
  if (local) {
    local.controller.abort('cancel');
    return 'active';
  }
  const row = await readJob(db, name, id);
  if (row?.status !== 'active') return undefined;
  if (state.working) {
    // Claimed, about to start.
    state.cancelled.add(keyOf(name, id));
    return 'active';
  }
  // Left active by a process that stopped, and nobody runs it.
  await endJob(db, name, id, 'cancelled', JOB_REASONS.cancelledActive, Date.now());
  watchers.emit(name, id, { type: 'failed', error: JOB_REASONS.cancelledActive });
  return 'active';
}

/** Stops taking jobs, aborts the running ones ('shutdown': taken up at the next start), ends the threads. */
async function shutDown(state: EmbeddedState, timers: Timers | undefined): Promise<void> {
  state.closing = true;
  for (const timer of state.wakes.values()) clearTimeout(timer);
  state.wakes.clear();
  await timers?.stop();
  await pumpsIdle(state);
  const runs = [...state.running.values()].flatMap((jobs) => [...jobs.values()]);
  for (const entry of runs) entry.controller.abort('shutdown');
  await Promise.all(runs.map((entry) => entry.done));
  await Promise.all([...(state.pools?.values() ?? [])].map((pool) => pool.close()));
}

export function createEmbeddedJobs(context: JobsContext): Jobs {
  const { db, watchers } = context;
  const state = createState(context);
  let timers: Timers | undefined;
  let closed: Promise<void> | undefined;

  const jobs: Jobs = {
    async enqueue(name, input, options) {
      const definition = definitionOf(context, name);
      const id = options?.id ?? randomJobId();
      const { joined } = await acceptJob(db, {
        queue: name,
        id,
        input: JSON.stringify(input ?? null),
        maxAttempts: definition.attempts,
        now: Date.now(),
      });
      if (!joined) pump(state, name);
      return { id, joined };
    },
    async runNow(name) {
      const definition = repeatableOf(context, name);
      const run = { queue: name, id: randomJobId(), input: 'null', maxAttempts: definition.attempts };
      const { joined } = await acceptRun(db, { ...run, now: Date.now() });
      if (!joined) pump(state, name);
    },
    async cancel(name, id) {
      definitionOf(context, name);
      if (await cancelQueuedJob(db, name, id, JOB_REASONS.cancelledQueued, Date.now())) {
        watchers.emit(name, id, { type: 'failed', error: JOB_REASONS.cancelledQueued });
        return 'queued';
      }
      return cancelActive(state, name, id);
    },
    async state(name, id) {
      const row = await readJob(db, name, id);
      if (!row) return undefined;
      const local = state.running.get(name)?.get(id);
      return stateOf({
        status: row.status,
        progress: local ? local.progress : parseJson(row.progress),
        result: parseJson(row.result),
        error: row.error ?? undefined,
        attempts: row.attempts,
      });
    },
    counts(name) {
      definitionOf(context, name);
      return countJobs(db, name);
    },
    watch: (name, id, listener) => watchers.watch(name, id, listener),
    async work() {
      if (state.pools || state.closing) return;
      state.pools = createPools(context, jobs);
      await recover(state);
      state.working = true;
      // A run of each repeatable job at start: a slot missed while no process ran is made up now.
      for (const definition of repeatables(context)) await jobs.runNow(definition.name);
      for (const name of context.definitions.keys()) pump(state, name);
      // Resolves once the queued jobs have started: a caller (a test's second connection on the
      // same file, in the same thread) then never meets a claim's transaction half done.
      await pumpsIdle(state);
      timers = startTimers(state, jobs.runNow);
    },
    close() {
      closed ??= shutDown(state, timers);
      return closed;
    },
  };
  return jobs;
}
