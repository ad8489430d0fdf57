import type { JobEvent, JobState, Jobs } from './types.ts';

/*
 * Waiting for a job's end, from any process: its events say it at once, and one fallback here reads
 * its state now and then, should an event go astray (a job another process ran while this one's
 * queue events were reconnecting, a command on the same SQLite file). Features that wait for a job
 * use these instead of timers of their own.
 */

/** How a job ended: completed with its result, or failed (cancels included) with the reason. */
export type JobEnd = Exclude<JobEvent, { type: 'progress' }>;

function endOf(state: JobState | undefined): JobEnd | undefined {
  if (state?.status === 'completed') return { type: 'completed', result: state.result };
  if (state?.status === 'failed' || state?.status === 'cancelled') return { type: 'failed', error: state.error ?? '' };
  return undefined;
}

export interface JobFollower {
  /** Reads the job's state now and reports an end it shows. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Follows the ends of the job `id`: `onEnd` hears each end from the job's events and, as the
 * fallback for a missed event, from its state, read every `recheckMs` (and on `check()`). The same
 * end may be heard more than once (an event and a later read); a job that runs again under the same
 * id is heard again. Watch first, then enqueue, then `check()`: nothing is missed.
 */
export function followJob(
  jobs: Pick<Jobs, 'watch' | 'state'>,
  name: string,
  id: string,
  onEnd: (end: JobEnd) => void,
  options: { recheckMs: number },
): JobFollower {
  const unwatch = jobs.watch(name, id, (event) => {
    if (event.type !== 'progress') onEnd(event);
  });
  const check = async () => {
    // A failed read is the fallback failing once; the next read (or the event) still comes.
    const end = endOf(await jobs.state(name, id).catch(() => undefined));
    if (end) onEnd(end);
  };
  const recheck = setInterval(() => void check(), options.recheckMs);
  recheck.unref();
  return {
    check,
    stop() {
      unwatch();
      clearInterval(recheck);
    },
  };
}

/** What `waitForOutcome` rejects with when the job has not ended within its time. */
export class JobWaitTimeout extends Error {
  constructor(name: string, id: string) {
    super(`The ${name} job ${id} did not end in time.`);
    this.name = 'JobWaitTimeout';
  }
}

export interface OutcomeWaiter {
  /** The job's first end heard; rejects with JobWaitTimeout after `timeoutMs`. */
  end: Promise<JobEnd>;
  check(): Promise<void>;
  stop(): void;
}

/**
 * Waits for the next end of the job `id` (followJob), at most `timeoutMs`. Call `stop()` when the
 * wait is over, whichever way.
 */
export function waitForOutcome(
  jobs: Pick<Jobs, 'watch' | 'state'>,
  name: string,
  id: string,
  options: { timeoutMs: number; recheckMs: number },
): OutcomeWaiter {
  let settle!: { resolve(end: JobEnd): void; reject(error: Error): void };
  const end = new Promise<JobEnd>((resolve, reject) => (settle = { resolve, reject }));
  end.catch(() => undefined);
  const follower = followJob(jobs, name, id, (heard) => settle.resolve(heard), options);
  const deadline = setTimeout(() => settle.reject(new JobWaitTimeout(name, id)), options.timeoutMs);
  return {
    end,
    check: follower.check,
    stop() {
      follower.stop();
      clearTimeout(deadline);
    },
  };
}
