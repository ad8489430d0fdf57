import { DomainError, UpstreamError } from '#server/lib/domain-errors.ts';
import type { JobEvent, JobState, Jobs } from '#server/lib/jobs/index.ts';
import type { TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { MobileReport, MobileTestOptions } from '#views/model/mobile-test.ts';
import { MOBILE_TEST_JOB, type MobileTestInput, type MobileTestProgress, type MobileTestResult } from './job.ts';
import { RendererBusyError } from './renderer.ts';
import { newId } from '#views/model/ids.ts';

/*
 * The request side of the mobile-test job (job.ts): the test stays request-bound, but its work runs
 * in a job thread, of this process or of a worker (ROLE=web enqueues, a worker renders). The request
 * watches the job, then reads its state (so nothing is missed), and waits within the tool's deadline:
 * a queued job must start within `queueWaitMs`, and each try it starts (the address, then its http
 * fallback) must end within the limit it announces plus a little for the answer to travel. Past
 * either, the job is cancelled and the request answers as a full queue or a render past its time
 * limit does.
 */

/** Time for a finished job's result to reach the waiting request (thread, queue, events). */
export const RESULT_SLACK_MS = 5_000;

export interface MobileTestClientOptions {
  jobs: Jobs;
  /** Tests this process has queued or running at once; past it `RendererBusyError` (503 + Retry-After). */
  maxPending: number;
  /** How long a test may wait in the queue for a free job thread. */
  queueWaitMs: number;
  /** One render's time limit (MOBILE_TEST_TIMEOUT_MS), for the words of a timeout. */
  timeoutMs: number;
}

export interface MobileTestClient {
  /** Runs the test as a job and answers its report, or throws the domain error the job met. */
  test(target: TypedTarget, signal?: AbortSignal, options?: MobileTestOptions): Promise<MobileReport>;
  /** Shutting down: waiting requests answer busy (503) and their jobs are cancelled. */
  stop(): Promise<void>;
}

interface Waiting {
  id: string;
  /** Ends the wait with an error (stop). */
  abandon(error: Error): void;
}

const isProgress = (value: unknown): value is MobileTestProgress =>
  typeof value === 'object' && value !== null && typeof (value as MobileTestProgress).limitMs === 'number';

/** The job's outcome as the service would have thrown or answered it. */
function answerOf(result: unknown): MobileReport {
  const outcome = result as MobileTestResult;
  if ('failure' in outcome) {
    const { kind, message, retryAfterSeconds } = outcome.failure;
    throw new DomainError(kind, message, retryAfterSeconds);
  }
  return outcome.report;
}

export function createMobileTestClient(options: MobileTestClientOptions): MobileTestClient {
  const { jobs } = options;
  const waiting = new Set<Waiting>();
  let stopped = false;

  const timeout = () =>
    new UpstreamError(
      `The page could not be measured within ${Math.round(options.timeoutMs / 1000)} seconds (it stopped answering).`,
    );
  const cancel = (id: string) => jobs.cancel(MOBILE_TEST_JOB, id).catch(() => undefined);

  async function test(
    target: TypedTarget,
    signal?: AbortSignal,
    testOptions?: MobileTestOptions,
  ): Promise<MobileReport> {
    if (stopped || waiting.size >= options.maxPending) throw new RendererBusyError();
    const id = newId();
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
    const entry: Waiting = { id, abandon: (error) => finish({ error }) };

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
      const state = await jobs.state(MOBILE_TEST_JOB, id).catch(() => undefined);
      // Finished, or a try started (a new deadline) while the state was read.
      if (done || armed !== deadline) return;
      // Started, but its progress has not reached us yet: its own limits time it from now.
      if (!started && state?.status === 'active') return begin(state.progress);
      expiring = true;
      await cancel(id);
      const last = await jobs.state(MOBILE_TEST_JOB, id).catch(() => undefined);
      if (last?.status === 'completed') return finish({ result: last.result });
      if (last?.status === 'failed') return finish({ error: new Error(last.error) });
      finish({ error: started ? timeout() : new RendererBusyError() });
    }

    function arm(ms: number): void {
      armed += 1;
      clearTimeout(timer);
      timer = setTimeout(() => void expire(), ms);
    }

    /** A try started: it must end within its own limit. */
    function begin(progress: unknown): void {
      started = true;
      arm((isProgress(progress) ? progress.limitMs : options.timeoutMs) + RESULT_SLACK_MS);
    }

    function onEvent(event: JobEvent): void {
      if (event.type === 'progress') begin(event.progress);
      else if (event.type === 'completed') finish({ result: event.result });
      else if (!expiring)
        finish({ error: signal?.aborted ? new UpstreamError('The test was cancelled.') : new Error(event.error) });
    }

    function onState(state: JobState | undefined): void {
      if (!state || done) return;
      if (state.status === 'completed') finish({ result: state.result });
      else if (state.status === 'failed' || state.status === 'cancelled')
        onEvent({ type: 'failed', error: state.error ?? '' });
      else if (state.status === 'active' && !started) begin(state.progress);
    }

    // A visitor who leaves stops their test; the wait goes on until the job has stopped.
    const onLeave = () => void cancel(id);
    waiting.add(entry);
    const unwatch = jobs.watch(MOBILE_TEST_JOB, id, onEvent);
    try {
      arm(options.queueWaitMs);
      const input: MobileTestInput = {
        target,
        startBy: Date.now() + options.queueWaitMs,
        ...(testOptions ? { options: testOptions } : {}),
      };
      await jobs.enqueue(MOBILE_TEST_JOB, input, { id });
      signal?.addEventListener('abort', onLeave, { once: true });
      if (signal?.aborted) onLeave();
      onState(await jobs.state(MOBILE_TEST_JOB, id));
      return answerOf(await outcome);
    } finally {
      finish({ error: new Error('The mobile test ended.') });
      signal?.removeEventListener('abort', onLeave);
      unwatch();
      waiting.delete(entry);
    }
  }

  return {
    test,
    async stop() {
      stopped = true;
      const all = [...waiting];
      for (const entry of all) entry.abandon(new RendererBusyError());
      await Promise.all(all.map((entry) => cancel(entry.id)));
    },
  };
}
