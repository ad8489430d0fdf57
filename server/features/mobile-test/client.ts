import { UpstreamError } from '#server/lib/domain-errors.ts';
import { createAwaitedJobs, domainErrorOf } from '#server/lib/jobs/awaited.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import type { TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { MobileReport, MobileTestOptions } from '#views/model/mobile-test.ts';
import { MOBILE_TEST_JOB, type MobileTestInput, type MobileTestResult } from './job.ts';
import { RendererBusyError } from '#server/lib/browser/page-render/renderer.ts';

/*
 * The request side of the mobile-test job (job.ts): the test stays request-bound, but its work runs
 * in a job thread, of this process or of a worker (server/lib/jobs/awaited.ts). A test still queued
 * after `queueWaitMs` answers as a full queue does; one whose render runs past the limit its try
 * announces (the address, then its http fallback) answers as a render past its time limit does.
 */

export { RESULT_SLACK_MS } from '#server/lib/jobs/awaited.ts';

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

export function createMobileTestClient(options: MobileTestClientOptions): MobileTestClient {
  const awaited = createAwaitedJobs({
    jobs: options.jobs,
    name: MOBILE_TEST_JOB,
    maxPending: options.maxPending,
    queueWaitMs: options.queueWaitMs,
    tryMs: options.timeoutMs,
    busy: () => new RendererBusyError(),
    timedOut: () =>
      new UpstreamError(
        `The page could not be measured within ${Math.round(options.timeoutMs / 1000)} seconds (it stopped answering).`,
      ),
    cancelled: () => new UpstreamError('The test was cancelled.'),
  });
  return {
    async test(target, signal, testOptions) {
      const input = (startBy: number): MobileTestInput => ({
        target,
        startBy,
        ...(testOptions ? { options: testOptions } : {}),
      });
      const outcome = (await awaited.run(input, signal)) as MobileTestResult;
      if ('failure' in outcome) throw domainErrorOf(outcome.failure);
      return outcome.report;
    },
    stop: () => awaited.stop(),
  };
}
