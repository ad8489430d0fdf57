import { randomBytes } from 'node:crypto';
import { BusyError, ConflictError } from '#server/lib/domain-errors.ts';

/**
 * The durable job system that replaces this registry is server/lib/jobs/ (docs/decisions/0032);
 * the features still run here until they move onto it.
 *
 * The one job registry (docs/decisions/0029): long work (a site's crawl, an audit) runs as a job
 * beside the web process, at most `maxRunning` at once, with at most `maxQueued` waiting in order.
 *
 * This is the seam a durable queue (pg-boss, BullMQ) goes behind. A queue-backed implementation must
 * keep this interface and these promises:
 * - `submit` refuses with BusyError when closing or when the waiting line is full, joins a job whose key
 *   is queued or running, calls `onAccepted` before the job can start (store the feature's record in
 *   the same transaction as the enqueue), and answers whether the job is queued or running;
 * - `input` and `progress` are plain data (they cross to a worker and back), and `run` is the handler a
 *   worker calls with them; jobs start in the order they were accepted;
 * - `get` reads the state of a queued or running job and nothing else (finished jobs live in the
 *   feature's own records); `watch` delivers a key's events, from any process, until unwatched;
 * - `cancel` removes a queued job (`onDropped`) or aborts a running one with the reason 'cancel';
 * - `close` stops accepting, drops what waits (`onDropped` with 'shutdown'), aborts what runs with
 *   'shutdown' and resolves once those handlers have returned.
 */

/** Why a job was stopped before it finished: its owner cancelled it, or the server is shutting down. */
export type StopReason = 'cancel' | 'shutdown';

export type JobStatus = 'queued' | 'running';

/** A progress event; the registry sends it (throttled) when a running job reports progress. */
export interface ProgressEvent<P> {
  type: 'progress';
  progress: P;
}

/** What `get` answers: a snapshot of a queued or running job. */
export interface JobState<I, P> {
  key: string;
  input: I;
  status: JobStatus;
  /** The last progress reported; snapshots are replaced, never changed in place. */
  progress: P;
}

/** A job as the feature's hooks see it: its state, and a way to tell its watchers something. */
export interface JobHandle<I, P, E> extends JobState<I, P> {
  emit(event: E | ProgressEvent<P>): void;
}

/** A job as its handler sees it while it runs. */
export interface RunningJob<I, P, E> extends JobHandle<I, P, E> {
  /** Aborted by `cancel` (reason 'cancel') or `close` (reason 'shutdown'). */
  signal: AbortSignal;
  /**
   * Records `progress` and sends it to watchers unless one was sent less than `progressIntervalMs`
   * ago; answers whether it was sent. The handler sends the final state itself.
   */
  setProgress(progress: P): boolean;
}

export interface SubmittedJob<R> {
  key: string;
  status: JobStatus;
  /** True when a queued or running job with this key was joined instead of a new one accepted. */
  joined: boolean;
  /**
   * What the handler returns or throws. A job dropped while queued rejects with BusyError (shutdown)
   * or ConflictError (cancelled). Leaving it unawaited is safe.
   */
  result: Promise<R>;
}

/** What a refused `submit` says, thrown as BusyError(message, retryAfterSeconds). */
export interface Refusal {
  message: string;
  retryAfterSeconds?: number;
}

export interface JobRegistryOptions<I, P, E, R> {
  maxRunning: number;
  /** How many accepted jobs may wait for a free slot; past it `submit` refuses. 0: run now or refuse. */
  maxQueued: number;
  refusals: { full: Refusal; closing: Refusal };
  /** A new job's progress until it reports some. */
  initialProgress: P;
  progressIntervalMs: number;
  /** The work. Called when a slot is free, in the order jobs were accepted. */
  run(job: RunningJob<I, P, E>): Promise<R>;
  /** A job was accepted (queued or about to start): store its record. */
  onAccepted?(job: JobHandle<I, P, E>): void;
  /** A queued job was removed before it started, by `cancel` or `close`. */
  onDropped?(job: JobHandle<I, P, E>, reason: StopReason): void;
  /** Milliseconds for progress throttling (tests pass a counter). */
  now?: () => number;
}

export interface JobRegistry<I, P, E, R> {
  /** Accepts a job: joins the one queued or running under `key`, else starts it or queues it. */
  submit(input: I, key?: string): SubmittedJob<R>;
  get(key: string): JobState<I, P> | undefined;
  /** Listens to the job under `key`, now or when one is submitted; returns the unwatch function. */
  watch(key: string, listener: (event: E | ProgressEvent<P>) => void): () => void;
  /** Stops the job under `key`; answers what it was doing, or undefined when there is none. */
  cancel(key: string): JobStatus | undefined;
  /** Refuses new work, drops queued jobs, aborts running ones and waits for their handlers. */
  close(): Promise<void>;
}

interface Entry<I, P, E, R> extends RunningJob<I, P, E> {
  controller: AbortController;
  lastSent: number;
  settle: { resolve(value: R): void; reject(error: unknown): void };
  result: Promise<R>;
}

/** A 128-bit random key, base64url: unguessable, so a link to the job's result can be shared. */
function randomKey(): string {
  return randomBytes(16).toString('base64url');
}

export function createJobRegistry<I, P, E, R>(options: JobRegistryOptions<I, P, E, R>): JobRegistry<I, P, E, R> {
  const now = options.now ?? Date.now;
  const jobs = new Map<string, Entry<I, P, E, R>>();
  const waiting: Entry<I, P, E, R>[] = [];
  const runs = new Set<Promise<void>>();
  const listeners = new Map<string, Set<(event: E | ProgressEvent<P>) => void>>();
  let closing = false;
  let closed: Promise<void> | undefined;

  function emit(key: string, event: E | ProgressEvent<P>): void {
    for (const listener of listeners.get(key) ?? []) listener(event);
  }

  function refuse(refusal: Refusal): BusyError {
    return new BusyError(refusal.message, refusal.retryAfterSeconds);
  }

  function state(entry: Entry<I, P, E, R>): JobState<I, P> {
    return { key: entry.key, input: entry.input, status: entry.status, progress: entry.progress };
  }

  function create(input: I, key: string): Entry<I, P, E, R> {
    const controller = new AbortController();
    let settle!: Entry<I, P, E, R>['settle'];
    const result = new Promise<R>((resolve, reject) => (settle = { resolve, reject }));
    result.catch(() => undefined);
    const entry: Entry<I, P, E, R> = {
      key,
      input,
      status: 'queued',
      progress: options.initialProgress,
      signal: controller.signal,
      controller,
      lastSent: -Infinity,
      settle,
      result,
      emit: (event) => emit(key, event),
      setProgress(progress) {
        entry.progress = progress;
        const time = now();
        if (time - entry.lastSent < options.progressIntervalMs) return false;
        entry.lastSent = time;
        emit(key, { type: 'progress', progress });
        return true;
      },
    };
    return entry;
  }

  function start(entry: Entry<I, P, E, R>): void {
    entry.status = 'running';
    let work: Promise<R>;
    try {
      work = options.run(entry);
    } catch (error) {
      work = Promise.reject(error);
    }
    const done: Promise<void> = work.then(
      (value) => finish(entry, done, () => entry.settle.resolve(value)),
      (error: unknown) => finish(entry, done, () => entry.settle.reject(error)),
    );
    runs.add(done);
  }

  function finish(entry: Entry<I, P, E, R>, done: Promise<void>, settle: () => void): void {
    runs.delete(done);
    jobs.delete(entry.key);
    settle();
    pump();
  }

  function pump(): void {
    while (!closing && runs.size < options.maxRunning && waiting.length > 0) start(waiting.shift()!);
  }

  function drop(entry: Entry<I, P, E, R>, reason: StopReason): void {
    jobs.delete(entry.key);
    options.onDropped?.(entry, reason);
    entry.settle.reject(
      reason === 'shutdown'
        ? refuse(options.refusals.closing)
        : new ConflictError('The job was cancelled before it started.'),
    );
  }

  return {
    submit(input, key) {
      if (closing) throw refuse(options.refusals.closing);
      const existing = key === undefined ? undefined : jobs.get(key);
      if (existing) return { key: existing.key, status: existing.status, joined: true, result: existing.result };
      const free = runs.size < options.maxRunning && waiting.length === 0;
      if (!free && waiting.length >= options.maxQueued) throw refuse(options.refusals.full);
      const entry = create(input, key ?? randomKey());
      jobs.set(entry.key, entry);
      options.onAccepted?.(entry);
      waiting.push(entry);
      pump();
      return { key: entry.key, status: entry.status, joined: false, result: entry.result };
    },
    get(key) {
      const entry = jobs.get(key);
      return entry && state(entry);
    },
    watch(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    cancel(key) {
      const entry = jobs.get(key);
      if (!entry) return undefined;
      if (entry.status === 'running') {
        entry.controller.abort('cancel' satisfies StopReason);
        return 'running';
      }
      waiting.splice(waiting.indexOf(entry), 1);
      drop(entry, 'cancel');
      return 'queued';
    },
    close() {
      if (closed) return closed;
      closing = true;
      for (const entry of waiting.splice(0)) drop(entry, 'shutdown');
      for (const entry of jobs.values()) entry.controller.abort('shutdown' satisfies StopReason);
      closed = Promise.allSettled([...runs]).then(() => undefined);
      return closed;
    },
  };
}
