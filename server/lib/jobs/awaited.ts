import { newId } from '#views/model/ids.ts';
import { DomainError, isDomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import type { JobEvent, JobState, Jobs } from './types.ts';

/*
 * A tool whose answer is its request's (the mobile test, the one-page SEO audit) but whose work runs
 * as a job in a job thread, of this process or of a worker (ROLE=web enqueues, a worker works): the
 * request enqueues, watches the job, then reads its state (so nothing is missed), and waits within the
 * tool's deadline. A queued job must start within `queueWaitMs`, and each try it starts must end within
 * the limit its progress announces (`{ limitMs }`) plus a little for the answer to travel. Past either
 * the job is cancelled and the request answers as a full queue (`busy`) or an overlong try (`timedOut`).
 */

/** Time for a finished job's result to reach the waiting request (thread, queue, events). */
export const RESULT_SLACK_MS = 5_000;

/** A domain error as plain data (a job's result crosses threads and processes): the request rebuilds it. */
export interface JobFailure {
  kind: DomainErrorKind;
  message: string;
  retryAfterSeconds?: number;
}

/** The domain error a job's work met, as data; undefined for any other error (which fails the job). */
export function failureOf(error: unknown): JobFailure | undefined {
  if (!isDomainError(error)) return undefined;
  const { kind, message, retryAfterSeconds } = error;
  return retryAfterSeconds === undefined ? { kind, message } : { kind, message, retryAfterSeconds };
}

/** The domain error a job's work met, as data; any other error is thrown again (it fails the job, and the request answers 500). */
export function failureOrThrow(error: unknown): JobFailure {
  const failure = failureOf(error);
  if (!failure) throw error;
  return failure;
}

/** The domain error again, on the request's side: its status and words stay the service's. */
export function domainErrorOf(failure: JobFailure): DomainError {
  return new DomainError(failure.kind, failure.message, failure.retryAfterSeconds);
}

export interface AwaitedJobsOptions {
  jobs: Jobs;
  /** The job's name (its definition in server/jobs.ts). */
  name: string;
  /** Jobs this process waits for at once; past it `busy()`. */
  maxPending: number;
  /** How long a job may wait in the queue for a free job thread. */
  queueWaitMs: number;
  /** A started try's limit when its progress names none. */
  tryMs: number;
  /** Added to a try's limit for its result to reach the request (default RESULT_SLACK_MS); 0 when the limit already counts it. */
  resultSlackMs?: number;
  busy(): Error;
  /** A started try ran past its limit. */
  timedOut(): Error;
  /** The job was cancelled because its visitor left. */
  cancelled(): Error;
}

export interface AwaitedJobs {
  /** Enqueues the job (its input made with the time by which it must start) and answers its result. */
  run(input: (startBy: number) => unknown, signal?: AbortSignal): Promise<unknown>;
  /** Shutting down: waiting requests answer busy and their jobs are cancelled. */
  stop(): Promise<void>;
}

const limitOf = (progress: unknown): number | undefined => {
  const limit = (progress as { limitMs?: unknown } | null)?.limitMs;
  return typeof limit === 'number' ? limit : undefined;
};

/** One request's wait: its deadlines, and the end it answers (the job's result, or an error). */
function createWait(options: AwaitedJobsOptions, id: string, signal: AbortSignal | undefined) {
  const { jobs, name } = options;
  let settle!: { resolve(result: unknown): void; reject(error: Error): void };
  const outcome = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  // Settled also when nobody awaits it any more (the enqueue failed).
  outcome.catch(() => undefined);
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  /** Deadlines set so far: an expiry that finds a newer one gives way to it. */
  let armed = 0;
  let started = false;
  /** Cancelling at the deadline: the cancel's own `failed` event is not the answer. */
  let expiring = false;
  const cancel = () => jobs.cancel(name, id).catch(() => undefined);

  function finish(end: { result: unknown } | { error: Error }): void {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if ('error' in end) settle.reject(end.error);
    else settle.resolve(end.result);
  }

  /** Past the deadline: cancelled, unless it finished meanwhile (then its result stands). */
  async function expire(): Promise<void> {
    const deadline = armed;
    const state = await jobs.state(name, id).catch(() => undefined);
    // Finished, or a try started (a new deadline) while the state was read.
    if (done || armed !== deadline) return;
    // Started, but its progress has not reached us yet: its own limits time it from now.
    if (!started && state?.status === 'active') return begin(state.progress);
    expiring = true;
    await cancel();
    const last = await jobs.state(name, id).catch(() => undefined);
    if (last?.status === 'completed') return finish({ result: last.result });
    if (last?.status === 'failed') return finish({ error: new Error(last.error) });
    finish({ error: started ? options.timedOut() : options.busy() });
  }

  function arm(ms: number): void {
    armed += 1;
    clearTimeout(timer);
    timer = setTimeout(() => void expire(), ms);
  }

  /** A try started: it must end within its own limit. */
  function begin(progress: unknown): void {
    started = true;
    arm((limitOf(progress) ?? options.tryMs) + (options.resultSlackMs ?? RESULT_SLACK_MS));
  }

  function onEvent(event: JobEvent): void {
    if (event.type === 'progress') begin(event.progress);
    else if (event.type === 'completed') finish({ result: event.result });
    else if (!expiring) finish({ error: signal?.aborted ? options.cancelled() : new Error(event.error) });
  }

  function onState(state: JobState | undefined): void {
    if (!state || done) return;
    if (state.status === 'completed') finish({ result: state.result });
    else if (state.status === 'failed' || state.status === 'cancelled')
      onEvent({ type: 'failed', error: state.error ?? '' });
    else if (state.status === 'active' && !started) begin(state.progress);
  }

  return { outcome, finish, arm, onEvent, onState, cancel };
}

export function createAwaitedJobs(options: AwaitedJobsOptions): AwaitedJobs {
  const { jobs, name } = options;
  const waiting = new Map<string, (error: Error) => void>();
  let stopped = false;

  async function run(input: (startBy: number) => unknown, signal?: AbortSignal): Promise<unknown> {
    if (stopped || waiting.size >= options.maxPending) throw options.busy();
    const id = newId();
    const wait = createWait(options, id, signal);
    // A visitor who leaves stops their job; the wait goes on until the job has stopped.
    const onLeave = () => void wait.cancel();
    waiting.set(id, (error) => wait.finish({ error }));
    const unwatch = jobs.watch(name, id, wait.onEvent);
    try {
      wait.arm(options.queueWaitMs);
      await jobs.enqueue(name, input(Date.now() + options.queueWaitMs), { id });
      signal?.addEventListener('abort', onLeave, { once: true });
      if (signal?.aborted) onLeave();
      wait.onState(await jobs.state(name, id));
      return await wait.outcome;
    } finally {
      wait.finish({ error: new Error(`The ${name} job ended.`) });
      signal?.removeEventListener('abort', onLeave);
      unwatch();
      waiting.delete(id);
    }
  }

  return {
    run,
    async stop() {
      stopped = true;
      const all = [...waiting];
      for (const [, abandon] of all) abandon(options.busy());
      await Promise.all(all.map(([id]) => jobs.cancel(name, id).catch(() => undefined)));
    },
  };
}
