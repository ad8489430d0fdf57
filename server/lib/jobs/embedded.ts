import {
  acceptJob,
  activeJobs,
  cancelQueuedJob,
  claimNextJob,
  dueQueues,
  completeJob,
  countJobs,
  endJob,
  nextRunAt,
  pruneJobs,
  readJob,
  releaseJob,
  retryJob,
  saveJobProgress,
  type JobRow,
} from '#db/jobs.ts';
import { definitionOf, createPools, randomJobId, reportFailure, stateOf, type JobsContext } from './context.ts';
import type { ThreadPool } from './pool.ts';
import { messageOf } from './protocol.ts';
import { JOB_REASONS, type AnyJobDefinition, type Jobs } from './types.ts';
import { throttle } from './watchers.ts';

/*
 * The embedded queue (docs/decisions/0032): one SQLite process, its jobs in the `jobs` table
 * (db/jobs.ts), run in this process's job threads. Nothing distributed: the process that enqueues is
 * the one that runs, so events go straight to this process's watchers, and whatever a row says is
 * 'active' when `work()` starts was left by a process that stopped. A command on the same file
 * (npm run directories:check) may enqueue without running anything: the working process finds such
 * jobs by an idle poll, and the command follows them through `state` (their events stay here).
 */

/** How often a working process looks for jobs another process enqueued (one indexed query). */
export const IDLE_POLL_MS = 2_000;

interface Running {
  controller: AbortController;
  progress: unknown;
  done: Promise<void>;
}

interface Pump {
  busy?: Promise<void>;
  again: boolean;
}

const parse = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

export function createEmbeddedJobs(context: JobsContext): Jobs {
  const { db, log, watchers } = context;
  const running = new Map<string, Map<string, Running>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const pumps = new Map<string, Pump>();
  /** Ids cancelled between their claim and their start. */
  const cancelled = new Set<string>();
  let pools: Map<string, ThreadPool> | undefined;
  let working = false;
  let closing = false;
  let closed: Promise<void> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  const runningOf = (name: string) => running.get(name) ?? running.set(name, new Map()).get(name)!;
  const keyOf = (name: string, id: string) => `${name}\u0000${id}`;

  function pump(name: string): void {
    if (!working || closing) return;
    const state = pumps.get(name) ?? pumps.set(name, { again: false }).get(name)!;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = (async () => {
      try {
        do {
          state.again = false;
          await fill(name);
        } while (state.again && !closing);
      } catch (error) {
        log.error({ err: error, job: name }, 'starting queued jobs failed');
      } finally {
        state.busy = undefined;
      }
    })();
  }

  /** Starts queued jobs while threads are free; else wakes up when a retry's backoff ends. */
  async function fill(name: string): Promise<void> {
    const definition = definitionOf(context, name);
    while (!closing && runningOf(name).size < definition.concurrency) {
      const row = await claimNextJob(db, name, Date.now());
      if (!row) return scheduleWake(name);
      if (closing) return releaseJob(db, name, row.id);
      start(definition, row);
    }
  }

  async function scheduleWake(name: string): Promise<void> {
    const at = await nextRunAt(db, name);
    clearTimeout(timers.get(name));
    timers.delete(name);
    if (at === undefined || closing) return;
    const timer = setTimeout(
      () => {
        timers.delete(name);
        pump(name);
      },
      Math.max(0, at - Date.now()),
    );
    timers.set(name, timer);
  }

  function start(definition: AnyJobDefinition, row: JobRow): void {
    const { name } = definition;
    const id = row.id;
    const input = JSON.parse(row.input) as unknown;
    const controller = new AbortController();
    const entry: Running = { controller, progress: parse(row.progress), done: Promise.resolve() };
    const progress = throttle(definition.progressIntervalMs ?? 250, (value: unknown) => {
      watchers.emit(name, id, { type: 'progress', progress: value });
      const json = JSON.stringify(value);
      if (json !== undefined)
        saveJobProgress(db, name, id, json).catch((error: unknown) =>
          log.warn({ err: error, job: name, id }, 'saving job progress failed'),
        );
    });
    runningOf(name).set(id, entry);
    if (cancelled.delete(keyOf(name, id))) controller.abort('cancel');
    const run = { name, id, input, attempt: row.attempts };
    entry.done = pools!
      .get(name)!
      .run(run, controller.signal, (value) => {
        entry.progress = value;
        progress.push(value);
      })
      .then(
        async (result) => {
          progress.cancel();
          await completeJob(db, name, id, JSON.stringify(result ?? null), Date.now());
          watchers.emit(name, id, { type: 'completed', result });
        },
        async (error: unknown) => {
          progress.cancel();
          await failed(definition, row, input, controller.signal, messageOf(error));
        },
      )
      .catch((error: unknown) => log.error({ err: error, job: name, id }, 'recording a job outcome failed'))
      .finally(() => {
        runningOf(name).delete(id);
        pump(name);
        pruneShortLived(definition);
      });
  }

  const lastPruned = new Map<string, number>();
  /** A job kept briefly (its own `retentionMs`) is forgotten soon after, at most one delete a minute. */
  function pruneShortLived(definition: AnyJobDefinition): void {
    if (definition.retentionMs === undefined) return;
    const now = Date.now();
    if (now - (lastPruned.get(definition.name) ?? 0) < 60_000) return;
    lastPruned.set(definition.name, now);
    pruneJobs(db, now - definition.retentionMs, definition.name).catch((error: unknown) =>
      log.warn({ err: error, job: definition.name }, 'forgetting finished jobs failed'),
    );
  }

  async function failed(
    definition: AnyJobDefinition,
    row: JobRow,
    input: unknown,
    signal: AbortSignal,
    message: string,
  ): Promise<void> {
    const { name } = definition;
    const now = Date.now();
    // Shutting down: the row stays active and the next start takes it up again (a try spent).
    if (signal.aborted && signal.reason === 'shutdown') return;
    if (signal.aborted && signal.reason === 'cancel') {
      await endJob(db, name, row.id, 'cancelled', JOB_REASONS.cancelledActive, now);
      return watchers.emit(name, row.id, { type: 'failed', error: JOB_REASONS.cancelledActive });
    }
    if (row.attempts < row.max_attempts) return retryJob(db, name, row.id, message, now + definition.backoffMs);
    await endJob(db, name, row.id, 'failed', message, now);
    await reportFailure(context, definition, input, row.id, message);
    watchers.emit(name, row.id, { type: 'failed', error: message });
  }

  /** Pumps the queues with a free thread (and no pump under way) that another process gave a job. */
  async function idlePoll(): Promise<void> {
    const free = [...context.definitions.values()]
      .filter(({ name, concurrency }) => runningOf(name).size < concurrency && !pumps.get(name)?.busy)
      .map(({ name }) => name);
    for (const name of await dueQueues(db, free, Date.now())) pump(name);
  }

  function scheduleIdlePoll(): void {
    if (closing) return;
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      polling = idlePoll()
        .catch((error: unknown) => log.warn({ err: error }, 'looking for queued jobs failed'))
        .finally(() => {
          polling = undefined;
          scheduleIdlePoll();
        });
    }, IDLE_POLL_MS);
    idleTimer.unref();
  }

  /** Jobs a stopped process left active: tried again while tries remain, else failed for good. */
  async function recover(): Promise<void> {
    const now = Date.now();
    for (const row of await activeJobs(db, [...context.definitions.keys()])) {
      const reason = JOB_REASONS.serverStopped;
      if (row.attempts < row.max_attempts) {
        await retryJob(db, row.queue, row.id, reason, now);
        continue;
      }
      await endJob(db, row.queue, row.id, 'failed', reason, now);
      await reportFailure(context, definitionOf(context, row.queue), JSON.parse(row.input), row.id, reason);
      watchers.emit(row.queue, row.id, { type: 'failed', error: reason });
    }
    let pruned = await pruneJobs(db, now - context.retentionMs);
    for (const definition of context.definitions.values())
      if (definition.retentionMs !== undefined)
        pruned += await pruneJobs(db, now - definition.retentionMs, definition.name);
    if (pruned > 0) log.info({ pruned }, 'finished jobs forgotten');
  }

  return {
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
      if (!joined) pump(name);
      return { id, joined };
    },
    async cancel(name, id) {
      definitionOf(context, name);
      const now = Date.now();
      if (await cancelQueuedJob(db, name, id, JOB_REASONS.cancelledQueued, now)) {
        watchers.emit(name, id, { type: 'failed', error: JOB_REASONS.cancelledQueued });
        return 'queued';
      }
      const local = running.get(name)?.get(id);
      if (local) {
        local.controller.abort('cancel');
        return 'active';
      }
      const row = await readJob(db, name, id);
      if (row?.status !== 'active') return undefined;
      if (working) {
        // Claimed, about to start.
        cancelled.add(keyOf(name, id));
        return 'active';
      }
      // Left active by a process that stopped, and nobody runs it.
      await endJob(db, name, id, 'cancelled', JOB_REASONS.cancelledActive, now);
      watchers.emit(name, id, { type: 'failed', error: JOB_REASONS.cancelledActive });
      return 'active';
    },
    async state(name, id) {
      const row = await readJob(db, name, id);
      if (!row) return undefined;
      const local = running.get(name)?.get(id);
      return stateOf({
        status: row.status,
        progress: local ? local.progress : parse(row.progress),
        result: parse(row.result),
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
      if (pools || closing) return;
      pools = createPools(context);
      await recover();
      working = true;
      for (const name of context.definitions.keys()) pump(name);
      // Resolves once the queued jobs have started: a caller (a test's second connection on the
      // same file, in the same thread) then never meets a claim's transaction half done.
      await Promise.all([...pumps.values()].map((state) => state.busy));
      scheduleIdlePoll();
    },
    close() {
      closed ??= (async () => {
        closing = true;
        for (const timer of timers.values()) clearTimeout(timer);
        timers.clear();
        clearTimeout(idleTimer);
        await polling;
        await Promise.all([...pumps.values()].map((state) => state.busy));
        const runs = [...running.values()].flatMap((jobs) => [...jobs.values()]);
        for (const entry of runs) entry.controller.abort('shutdown');
        await Promise.all(runs.map((entry) => entry.done));
        await Promise.all([...(pools?.values() ?? [])].map((pool) => pool.close()));
      })();
      return closed;
    },
  };
}
