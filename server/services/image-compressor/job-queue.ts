import { BusyError } from '#server/services/domain-errors.ts';

export interface JobQueueOptions {
  /** Jobs running at once; sharp already uses several threads per job, so keep this near the CPU count. */
  concurrency: number;
  /** Jobs allowed to wait; beyond this callers get a 503 instead of piling up memory. */
  maxQueued: number;
  /** Seconds a rejected caller is told to wait before retrying. */
  retryAfterSeconds: number;
}

export interface JobQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  stats(): { running: number; queued: number };
}

/** A bounded FIFO: each upload holds its buffer in memory, so the number of jobs in flight is capped. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  }

  async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) {
      if (waiting.length >= options.maxQueued) {
        throw new BusyError('The image compressor is busy. Please try again in a few seconds.', options.retryAfterSeconds);
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await job();
    } finally {
      release();
    }
  }

  return { run, stats: () => ({ running, queued: waiting.length }) };
}
