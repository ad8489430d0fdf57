import { newId } from '#views/model/ids.ts';
import type { Jobs } from './types.ts';

export interface AwaitJobOptions {
  /** How long the job may wait for a thread (the queue, a thread's start) before its first progress event. */
  startWithinMs: number;
  /** Thrown when it did not start in time (it is cancelled). */
  notStarted: () => Error;
  /** From its first progress event, how long its work may take. */
  budgetMs: number;
  /** Thrown past the budget (it is cancelled). */
  overBudget: () => Error;
}

/**
 * Runs short, request-bound work as a job (in a job thread of this process or of a worker) and
 * answers its result, or throws: the job's own failure as an Error with its reason, or one of the two
 * deadlines' errors. The job announces its start with a progress event; its budget runs from there,
 * so a busy queue or a thread's start-up is not counted against the work. A job past a deadline is
 * cancelled (a thread stuck in synchronous work is terminated by the job system's abort grace). It
 * watches before it enqueues and reads the state after, so an event that came first is not missed.
 */
export function awaitJob<R>(jobs: Jobs, name: string, input: unknown, options: AwaitJobOptions): Promise<R> {
  const id = newId();
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    let started = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unwatch();
      settle();
    };
    const expireIn = (ms: number, error: () => Error) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        finish(() => reject(error()));
        jobs.cancel(name, id).catch(() => undefined);
      }, ms);
    };
    const failed = (reason: string | undefined) => finish(() => reject(new Error(reason || 'The job failed.')));
    const unwatch = jobs.watch(name, id, (event) => {
      if (event.type === 'completed') finish(() => resolve(event.result as R));
      else if (event.type === 'failed') failed(event.error);
      else if (!started && !settled) {
        started = true;
        expireIn(options.budgetMs, options.overBudget);
      }
    });
    expireIn(options.startWithinMs, options.notStarted);
    jobs
      .enqueue(name, input, { id })
      .then(() => jobs.state(name, id))
      .then(
        (state) => {
          if (state?.status === 'completed') finish(() => resolve(state.result as R));
          else if (state?.status === 'failed' || state?.status === 'cancelled') failed(state.error);
        },
        (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
  });
}
