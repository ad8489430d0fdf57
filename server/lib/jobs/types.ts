import type { DatabaseAddress, Db, OpenOptions } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';

/**
 * The durable job system's interface (docs/decisions/0032). A job's work runs in a worker thread,
 * so its input, progress and result are plain, structured-clonable data (JSON on PostgreSQL).
 */

/** What a thread builds for itself and hands every job it runs. */
export interface JobDeps {
  /** The plain configuration object given to `createJobs`, cloned into the thread. */
  config: unknown;
  /** The thread's own connection (a SQLite file in WAL mode, or a small PostgreSQL pool). */
  db: Db;
  /** Where `db` was opened: a thread the job starts opens its own connection there (a site audit's checks). */
  database?: DatabaseAddress;
  /** Lines go to the main thread's logger. */
  log: Logger;
  /**
   * The job system, as a job may use it: it enqueues other jobs (a monitored schedule its audits)
   * and starts repeatable ones (a stored alert its delivery), through the main thread's `Jobs`.
   */
  jobs: JobStarter;
}

/** The part of `Jobs` a job thread may call (each call crosses to the main thread and back). */
export type JobStarter = Pick<Jobs, 'enqueue' | 'runNow'>;

/** A job as its `run` sees it, in a worker thread. */
export interface RunningJob<I, P> {
  id: string;
  input: I;
  /** 1 for the first try; a try the server or its worker stopped counts. */
  attempt: number;
  /** Aborted with the reason 'cancel' (`Jobs.cancel`) or 'shutdown' (`Jobs.close`: tried again later). */
  signal: AbortSignal;
  /** Sends progress to watchers (at most one per `progressIntervalMs`, the last one always). */
  progress(progress: P): void;
}

export interface JobDefinition<I = unknown, P = unknown, R = unknown, D extends JobDeps = JobDeps> {
  /** The queue's name, unique among the definitions. */
  name: string;
  /** Threads (jobs at once) per process for this job. */
  concurrency: number;
  /** Tries in all (1: no retry), and the wait between two. */
  attempts: number;
  backoffMs: number;
  /** Progress events at most this often (default 250 ms); the latest is sent at the end of a burst. */
  progressIntervalMs?: number;
  /**
   * How long a finished job (and its result) is kept; default the job system's `retentionMs`. A job
   * whose result is read once and is large (a screenshot) keeps it minutes, not days.
   */
  retentionMs?: number;
  /**
   * Old-generation heap ceiling of each of the job's threads, in MB (default: V8's own). Near it
   * V8 collects garbage harder, which bounds the thread's memory; a job that truly needs more
   * fails with JOB_REASONS.outOfMemory.
   */
  heapLimitMb?: number;
  /**
   * Periodic work: a run every `everyMs` in one of the processes that work, a run when a process
   * starts working, and a run whenever `runNow` asks. Embedded, the working process enqueues it at
   * each slot (counted from the epoch), joined while a run is queued; on BullMQ its job scheduler
   * (slots counted from the schedule's creation) adds each slot's job once, so with several workers
   * each slot runs once. Its input is always null: it keeps what it needs in the database.
   */
  repeat?: {
    everyMs: number;
    /**
     * Whether a run has anything to do, asked on the main thread (a cheap query) before each run: a
     * run with nothing to do ends at once (its result null) without starting a thread, so an idle
     * site does not keep threads busy for its periodic work. A failing answer runs the job anyway.
     */
    hasWork?(deps: Pick<D, 'db' | 'config'>): Promise<boolean>;
  };
  /**
   * Whether a process that works starts one of this job's threads at once (given the config), so
   * the first run does not wait a thread's start (a second or so): for work a person waits on, such
   * as a lead's delivery. Otherwise threads start with the first run that needs one.
   */
  warmWhen?(config: D['config']): boolean;
  /** The work, in a worker thread. Throwing fails the try. */
  run(job: RunningJob<I, P>, deps: D): Promise<R>;
  /**
   * The job failed for good (after its tries, or because the process running it stopped): record
   * the reason in the feature's own rows. Called once, on the main thread of the process that
   * found it, before watchers hear `failed` where the backend allows. Not called for cancels.
   */
  onFailed?(input: I, id: string, reason: string, deps: { db: Db; log: Logger }): Promise<void>;
}

/** Any definition, whatever its types (methods are compared bivariantly, so every one fits). */
export type AnyJobDefinition = JobDefinition<never, unknown, unknown, never>;

/** Spells out a definition with its types inferred. */
export function defineJob<I, P, R, D extends JobDeps = JobDeps>(
  definition: JobDefinition<I, P, R, D>,
): JobDefinition<I, P, R, D> {
  return definition;
}

/**
 * Loads one job's definition, importing its module: `() => import('./x/job.ts').then((m) => m.xJob)`.
 * A thread calls it on its first job of that name, so it never loads the other jobs' modules.
 */
export type JobModule = () => Promise<AnyJobDefinition>;

/** Each job's loader by the job's name. */
export type JobModules = Readonly<Record<string, JobModule>>;

/**
 * What the definitions module (`definitionsModule`, imported by every thread) exports: a loader for
 * each job the main thread was given (`loadJobDefinitions` loads them all there), and optionally how
 * a thread builds its dependencies from the base ones (a feature's fetcher, its clients), since
 * threads share nothing with the main thread. Keep its static imports light: every thread pays them.
 */
export interface JobDefinitionsModule {
  jobModules: JobModules;
  createDeps?(base: JobDeps): JobDeps | Promise<JobDeps>;
}

export type JobStatus = 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface JobState {
  status: JobStatus;
  progress?: unknown;
  result?: unknown;
  /** Why it failed or was cancelled; for a queued job, why its last try failed. */
  error?: string;
  /** Tries started. */
  attempts: number;
}

export type JobEvent =
  { type: 'progress'; progress: unknown } | { type: 'completed'; result: unknown } | { type: 'failed'; error: string };

/** The reasons the job system itself gives (a job's own failures carry its error's message). */
export const JOB_REASONS = {
  cancelledQueued: 'The job was cancelled before it started.',
  cancelledActive: 'The job was cancelled.',
  /** Embedded: the process stopped (or restarted) while the job ran and it had no tries left. */
  serverStopped: 'The server stopped while this job ran.',
  /** BullMQ: the worker process running it stopped (killed, or shut down) and it had no tries left. */
  workerStopped: 'The worker running this job stopped.',
  /** The job's thread went past its heap limit (`heapLimitMb`). */
  outOfMemory: 'The job needed more memory than its limit allows.',
} as const;

export interface Jobs {
  /**
   * Accepts a job. With an id, a queued or active job with that id is joined (`joined: true`),
   * a finished one is replaced; without one the job gets a random 128-bit id.
   */
  enqueue<I>(name: string, input: I, options?: { id?: string }): Promise<{ id: string; joined: boolean }>;
  /**
   * Queued: never runs, status cancelled (`onFailed` is not called). Active: its signal aborts with
   * 'cancel' in whichever process runs it; if `run` then throws, the status is cancelled.
   */
  cancel(name: string, id: string): Promise<'queued' | 'active' | undefined>;
  state(name: string, id: string): Promise<JobState | undefined>;
  /**
   * Jobs of this name not yet finished, across every process on the queue: queued (waiting for a
   * thread, or for a retry's backoff) and active. For a shared cap on work in flight; two processes
   * that count at the same moment may both enqueue, so such a cap is soft by a request or two.
   */
  counts(name: string): Promise<{ queued: number; active: number }>;
  /**
   * The job's events from now on, from whichever process runs it; returns the unwatch function.
   * Watch first, then read `state`, to miss nothing.
   */
  watch(name: string, id: string, listener: (event: JobEvent) => void): () => void;
  /**
   * Runs a repeatable job (its definition has `repeat`) as soon as a thread is free, in whichever
   * process works: a run queued and not started is joined; a run under way gets one more after it,
   * so whatever the caller stored before asking is seen by a run that starts after the call.
   */
  runNow(name: string): Promise<void>;
  /** Starts running jobs in this process (ROLE all or worker); a web-only process never calls it. */
  work(): Promise<void>;
  /** Stops taking jobs, aborts running ones ('shutdown': tried again later), waits for the threads. */
  close(): Promise<void>;
}

export interface CreateJobsOptions {
  /** The main thread's database; its dialect picks the backend (SQLite: embedded, PostgreSQL: BullMQ). */
  db: Db;
  /** What `db` was opened with, for the threads' own connections (':memory:' cannot be shared). */
  databaseTarget: string;
  databaseOptions?: OpenOptions;
  /** Structured-clonable; handed to every thread's `createDeps`. */
  config: unknown;
  log: Logger;
  /** A module exporting `jobModules` (and optionally `createDeps`): see JobDefinitionsModule. */
  definitionsModule: URL;
  definitions: readonly AnyJobDefinition[];
  /** BullMQ: a job whose worker died is taken up again within this many seconds (JOB_STALL_SECONDS). */
  stallSeconds: number;
  /** BullMQ: the PostgreSQL schema of its tables, one per app (default 'bullmq'). */
  queueSchema?: string;
  /** How long finished jobs are kept (default 7 days). */
  retentionMs?: number;
  /** How long an aborted job may take to stop before its thread is terminated (default 10 s). */
  abortGraceMs?: number;
  /**
   * The thread's entry module; by default thread-source.mjs from source, job-thread.js from the
   * bundle. Tests pass the bundle's (with the bundle's definitions module): a thread starts in a
   * fraction of the time tsx needs to load the sources.
   */
  threadEntry?: URL;
}
