import { completeJob, endJob, retryJob, saveJobProgress, type JobRow } from '#db/jobs.ts';
import { reportFailure, type JobsContext } from './context.ts';
import type { ThreadPool } from './pool.ts';
import { messageOf } from './protocol.ts';
import { JOB_REASONS, type AnyJobDefinition } from './types.ts';
import { throttle } from './watchers.ts';

/*
 * The embedded queue's running side (docs/decisions/0032): what one process holds for the jobs it
 * runs, and how a claimed job runs in its thread and how its outcome is recorded. Claiming and
 * pumping are embedded-pump.ts's; the public interface is embedded.ts's.
 */

export interface Running {
  controller: AbortController;
  progress: unknown;
  done: Promise<void>;
}

interface Pump {
  busy?: Promise<void>;
  again: boolean;
}

/** Everything the embedded queue of one process keeps in memory. */
export interface EmbeddedState {
  context: JobsContext;
  /** Jobs running in this process, by name then id. */
  running: Map<string, Map<string, Running>>;
  pumps: Map<string, Pump>;
  /** Per name: the timer that wakes the pump when a retry's backoff ends. */
  wakes: Map<string, NodeJS.Timeout>;
  /** Ids (keyOf) cancelled between their claim and their start. */
  cancelled: Set<string>;
  pools?: Map<string, ThreadPool>;
  /** Per name: when its short-lived finished jobs were last forgotten. */
  pruned: Map<string, number>;
  working: boolean;
  closing: boolean;
}

export function createState(context: JobsContext): EmbeddedState {
  return {
    context,
    running: new Map(),
    pumps: new Map(),
    wakes: new Map(),
    cancelled: new Set(),
    pruned: new Map(),
    working: false,
    closing: false,
  };
}

export const keyOf = (name: string, id: string) => `${name}\u0000${id}`;

export function runningOf(state: EmbeddedState, name: string): Map<string, Running> {
  return state.running.get(name) ?? state.running.set(name, new Map()).get(name)!;
}

export function pumpOf(state: EmbeddedState, name: string): Pump {
  return state.pumps.get(name) ?? state.pumps.set(name, { again: false }).get(name)!;
}

export const parseJson = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

/**
 * How often at most a running job's progress is written to its row. The row is for another process
 * (a CLI, a second server) and lags this much; this process answers from memory. On SQLite each write
 * of the web thread waits while a job thread holds the write lock (decision 0069): fewer, fewer waits.
 */
export const PROGRESS_SAVE_MS = 2_000;

/** Watchers hear progress at once (throttled to the job's interval); the row keeps it, throttled more. */
function progressRecorder(state: EmbeddedState, definition: AnyJobDefinition, id: string) {
  const { db, log, watchers } = state.context;
  const { name } = definition;
  const intervalMs = definition.progressIntervalMs ?? 250;
  const heard = throttle(intervalMs, (value: unknown) =>
    watchers.emit(name, id, { type: 'progress', progress: value }),
  );
  const saved = throttle(Math.max(intervalMs, PROGRESS_SAVE_MS), (value: unknown) => {
    const json = JSON.stringify(value);
    if (json !== undefined)
      saveJobProgress(db, name, id, json).catch((error: unknown) =>
        log.warn({ err: error, job: name, id }, 'saving job progress failed'),
      );
  });
  return {
    push(value: unknown) {
      heard.push(value);
      saved.push(value);
    },
    cancel() {
      heard.cancel();
      saved.cancel();
    },
  };
}

/**
 * Runs a claimed job in its thread and records the outcome; resolves once it is recorded (never
 * rejects: a failure to record is logged).
 */
export function runClaimed(state: EmbeddedState, definition: AnyJobDefinition, row: JobRow): Promise<void> {
  const { context } = state;
  const { name } = definition;
  const id = row.id;
  const input = JSON.parse(row.input) as unknown;
  const controller = new AbortController();
  const entry: Running = { controller, progress: parseJson(row.progress), done: Promise.resolve() };
  const progress = progressRecorder(state, definition, id);
  runningOf(state, name).set(id, entry);
  if (state.cancelled.delete(keyOf(name, id))) controller.abort('cancel');
  const run = { name, id, input, attempt: row.attempts };
  entry.done = state
    .pools!.get(name)!
    .run(run, controller.signal, (value) => {
      entry.progress = value;
      progress.push(value);
    })
    .then(
      async (result) => {
        progress.cancel();
        const last = JSON.stringify(entry.progress);
        await completeJob(context.db, name, id, JSON.stringify(result ?? null), Date.now(), last);
        context.watchers.emit(name, id, { type: 'completed', result });
      },
      async (error: unknown) => {
        progress.cancel();
        await recordFailedTry(state, definition, row, input, controller.signal, messageOf(error));
      },
    )
    .catch((error: unknown) => context.log.error({ err: error, job: name, id }, 'recording a job outcome failed'))
    .finally(() => runningOf(state, name).delete(id));
  return entry.done;
}

/** A try that threw: cancelled, tried again after the backoff, or failed for good. */
async function recordFailedTry(
  state: EmbeddedState,
  definition: AnyJobDefinition,
  row: JobRow,
  input: unknown,
  signal: AbortSignal,
  message: string,
): Promise<void> {
  const { db, watchers } = state.context;
  const { name } = definition;
  const now = Date.now();
  // Shutting down: the row stays active and the next start takes it up again (a try spent).
  if (signal.aborted && signal.reason === 'shutdown') return;
  if (signal.aborted && signal.reason === 'cancel') {
    await endJob(db, name, row.id, 'cancelled', JOB_REASONS.cancelledActive, now);
    return watchers.emit(name, row.id, { type: 'failed', error: JOB_REASONS.cancelledActive });
  }
  if (row.attempts < row.max_attempts) return retryJob(db, name, row.id, message, now + definition.backoffMs);
  await failForGood(state.context, definition, row.id, input, message, now);
}

/** Ends a job as failed, records the reason in the feature's rows (onFailed), then tells its watchers. */
export async function failForGood(
  context: JobsContext,
  definition: AnyJobDefinition,
  id: string,
  input: unknown,
  reason: string,
  now: number,
): Promise<void> {
  await endJob(context.db, definition.name, id, 'failed', reason, now);
  await reportFailure(context, definition, input, id, reason);
  context.watchers.emit(definition.name, id, { type: 'failed', error: reason });
}
