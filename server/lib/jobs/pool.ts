import { Worker } from 'node:worker_threads';
import type { Logger } from '#server/lib/logger.ts';
import {
  messageOf,
  type FromThread,
  type JobsCall,
  type ThreadData,
  type ThreadRun,
  type ToThread,
} from './protocol.ts';
import { relayLogLine } from './thread-log.ts';
import { JOB_REASONS, type JobStarter } from './types.ts';

/*
 * Where a job thread's code is: thread-source.mjs (which loads thread.ts through tsx) when running
 * from source, or job-thread.js beside the server bundle (scripts/build.mjs builds both into dist/).
 */
const fromSource = import.meta.url.endsWith('.ts');
const threadEntry = new URL(fromSource ? './thread-source.mjs' : './job-thread.js', import.meta.url);

export interface ThreadPoolOptions {
  /** The job's name, for log lines. */
  name: string;
  /** Threads at most: the job's concurrency. */
  size: number;
  data: ThreadData;
  log: Logger;
  /** How long an aborted job may take to stop before its thread is terminated. */
  abortGraceMs: number;
  /** The thread's module (default: from source or beside the bundle, see above). */
  entry?: URL;
  /** Old-generation heap ceiling per thread, MB (the definition's `heapLimitMb`). */
  heapLimitMb?: number;
  /** What a job's calls of the job system (`JobDeps.jobs`) are made with: this process's `Jobs`. */
  jobs: JobStarter;
}

export interface ThreadPool {
  /**
   * Runs a job in a free thread (started when needed); resolves with its result, rejects with an
   * Error carrying its message. An abort of `signal` reaches the job's own signal; a job that has not
   * stopped `abortGraceMs` later loses its thread (terminated) and rejects.
   */
  run(run: ThreadRun, signal: AbortSignal, onProgress: (progress: unknown) => void): Promise<unknown>;
  /** Starts a thread now if there is none, so the next job does not wait for one to start. */
  warm(): void;
  /** Ends every thread (each closes its database) and resolves when they have exited. */
  close(): Promise<void>;
}

interface Task {
  run: ThreadRun;
  signal: AbortSignal;
  onProgress(progress: unknown): void;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  task?: Task;
  stopAbort?: () => void;
  crash?: string;
  /** Being terminated: takes no more jobs. */
  doomed?: boolean;
  exited: Promise<void>;
  markExited(): void;
}

/** A job's call of the job system (`JobDeps.jobs`), made by this process's `Jobs` and answered to its thread. */
function answerJobsCall(worker: Worker, jobs: JobStarter, call: number, request: JobsCall): void {
  const answer = (message: ToThread) => worker.postMessage(message);
  // A call that throws at once (an unknown job) is answered like one that fails later.
  Promise.resolve()
    .then((): Promise<unknown> =>
      request.method === 'enqueue' ? jobs.enqueue(...request.args) : jobs.runNow(...request.args),
    )
    .then(
      (result) => answer({ type: 'jobs-answer', call, result }),
      (error: unknown) => answer({ type: 'jobs-answer', call, error: messageOf(error) }),
    )
    .catch(() => undefined);
}

/** Starts a thread (its limits from the options), its `exited` resolving once it has. */
function startThread(options: ThreadPoolOptions): Thread {
  const worker = new Worker(options.entry ?? threadEntry, {
    workerData: options.data,
    ...(options.heapLimitMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb } } : {}),
  });
  let exited!: () => void;
  const thread: Thread = { worker, exited: new Promise((resolve) => (exited = resolve)), markExited: () => exited() };
  worker.on('error', (error) => {
    thread.crash =
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? JOB_REASONS.outOfMemory : messageOf(error);
    options.log.error({ job: options.name, err: error }, 'a job thread failed');
  });
  return thread;
}

export function createThreadPool(options: ThreadPoolOptions): ThreadPool {
  const threads: Thread[] = [];
  const waiting: Task[] = [];
  let closing = false;

  function send(thread: Thread, message: ToThread): void {
    thread.worker.postMessage(message);
  }

  function settle(thread: Thread, outcome: { result: unknown } | { error: Error }): void {
    const task = thread.task;
    if (!task) return;
    thread.task = undefined;
    thread.stopAbort?.();
    thread.stopAbort = undefined;
    if ('error' in outcome) task.reject(outcome.error);
    else task.resolve(outcome.result);
    dispatch();
  }

  function onMessage(thread: Thread, message: FromThread): void {
    if (message.type === 'log') return relayLogLine(options.log, options.name, message.line);
    if (message.type === 'jobs') return answerJobsCall(thread.worker, options.jobs, message.call, message);
    if (thread.task?.run.id !== message.id) return;
    if (message.type === 'progress') thread.task.onProgress(message.progress);
    else if (message.type === 'done') settle(thread, { result: message.result });
    else settle(thread, { error: new Error(message.message) });
  }

  function spawn(): Thread {
    const thread = startThread(options);
    const { worker } = thread;
    worker.on('message', (message: FromThread) => onMessage(thread, message));
    worker.on('exit', () => {
      threads.splice(threads.indexOf(thread), 1);
      const reason = thread.crash ? `: ${thread.crash}` : '';
      settle(thread, {
        error: new Error(
          thread.crash === JOB_REASONS.outOfMemory ? JOB_REASONS.outOfMemory : `The job's thread stopped${reason}.`,
        ),
      });
      thread.markExited();
      dispatch();
    });
    threads.push(thread);
    return thread;
  }

  function watchAbort(thread: Thread, task: Task): void {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      send(thread, { type: 'abort', id: task.run.id, reason: String(task.signal.reason) });
      timer = setTimeout(() => {
        thread.doomed = true;
        void thread.worker.terminate();
        settle(thread, { error: new Error(`The job did not stop (${String(task.signal.reason)}).`) });
      }, options.abortGraceMs);
      timer.unref();
    };
    task.signal.addEventListener('abort', onAbort, { once: true });
    thread.stopAbort = () => {
      task.signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
    };
    if (task.signal.aborted) onAbort();
  }

  function dispatch(): void {
    while (!closing && waiting.length > 0) {
      const usable = threads.filter((candidate) => !candidate.doomed);
      const thread = usable.find((candidate) => !candidate.task) ?? (usable.length < options.size ? spawn() : null);
      if (!thread) return;
      const task = waiting.shift()!;
      thread.task = task;
      // Which process runs which job, for the operator (and the scale-out test's kill -9).
      options.log.info(
        { job: task.run.name, id: task.run.id, attempt: task.run.attempt, pid: process.pid },
        'job started',
      );
      try {
        send(thread, { type: 'run', run: task.run });
      } catch (error) {
        // Input that cannot be cloned.
        settle(thread, { error: new Error(messageOf(error)) });
        continue;
      }
      watchAbort(thread, task);
    }
  }

  return {
    warm() {
      if (!closing && threads.length === 0) spawn();
    },
    run(run, signal, onProgress) {
      if (closing) return Promise.reject(new Error('The job threads are closed.'));
      return new Promise((resolve, reject) => {
        waiting.push({ run, signal, onProgress, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closing = true;
      for (const task of waiting.splice(0)) task.reject(new Error('The job threads are closed.'));
      await Promise.all(
        [...threads].map(async (thread) => {
          try {
            send(thread, { type: 'close' });
          } catch {
            // Already gone.
          }
          const timer = setTimeout(() => void thread.worker.terminate(), options.abortGraceMs);
          timer.unref();
          await thread.exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
