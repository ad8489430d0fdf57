import { randomBytes } from 'node:crypto';
import type { Jobs } from './types.ts';

export interface AwaitJobOptions {
  /** The longest the caller waits, queue included; past it the job is cancelled and `overBudget()` is thrown. */
  budgetMs: number;
  overBudget: () => Error;
  /** The job's progress events, as they come (a readiness signal for tests, a status line). */
  onProgress?: (progress: unknown) => void;
}

/**
 * Runs short, request-bound work as a job (in a job thread of this process or of a worker) and
 * answers its result, or throws: the job's own failure as an Error with its reason, or the budget's
 * error once `budgetMs` have passed (the job is then cancelled: a thread stuck in synchronous work
 * is terminated by the job system's abort grace). It watches before it enqueues and reads the state
 * after, so an event that came first is not missed.
 */
export function awaitJob<R>(jobs: Jobs, name: string, input: unknown, options: AwaitJobOptions): Promise<R> {
  const id = randomBytes(16).toString('base64url');
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unwatch();
      settle();
    };
    const failed = (reason: string | undefined) => finish(() => reject(new Error(reason || 'The job failed.')));
    const unwatch = jobs.watch(name, id, (event) => {
      if (event.type === 'completed') finish(() => resolve(event.result as R));
      else if (event.type === 'failed') failed(event.error);
      else options.onProgress?.(event.progress);
    });
    const timer = setTimeout(() => {
      finish(() => reject(options.overBudget()));
      jobs.cancel(name, id).catch(() => undefined);
    }, options.budgetMs);
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
