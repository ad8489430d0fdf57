import type { OpenOptions } from '#db/index.ts';

/** What a job thread is started with (worker_threads workerData): all of it structured-clonable. */
export interface ThreadData {
  /** The definitions module's file URL. */
  definitionsModule: string;
  config: unknown;
  databaseTarget: string;
  databaseOptions: OpenOptions;
  /** The main logger's level, so the thread drops what would be dropped anyway. */
  logLevel: string;
}

export interface ThreadRun {
  name: string;
  id: string;
  input: unknown;
  attempt: number;
}

/** A job's call of the job system (`JobDeps.jobs`), made by the main thread's `Jobs`. */
export type JobsCall =
  { method: 'enqueue'; args: [string, unknown, { id?: string }?] } | { method: 'runNow'; args: [string] };

/** Main thread → job thread. */
export type ToThread =
  | { type: 'run'; run: ThreadRun }
  | { type: 'abort'; id: string; reason: string }
  | { type: 'close' }
  | { type: 'jobs-answer'; call: number; result?: unknown; error?: string };

/** Job thread → main thread. */
export type FromThread =
  | { type: 'progress'; id: string; progress: unknown }
  | { type: 'done'; id: string; result: unknown }
  | { type: 'error'; id: string; message: string }
  | { type: 'log'; line: string }
  | ({ type: 'jobs'; call: number } & JobsCall);

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' && error ? error : String(error);
}
