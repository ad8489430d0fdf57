import { availableParallelism } from 'node:os';
import { threadId } from 'node:worker_threads';
import type { AppJobDeps } from '#server/job-deps.ts';
import { failureOf, failureOrThrow, type JobFailure } from '#server/lib/jobs/awaited.ts';
import { defineJob } from '#server/lib/jobs/index.ts';
import type { TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { MobileReport, MobileTestOptions } from '#views/model/mobile-test.ts';
import { RendererBusyError } from '#server/lib/browser/page-render/renderer.ts';
import { testMobileFriendly } from './service.ts';

/*
 * The mobile-friendly test as a job (docs/decisions/0032): the page fetch, Chromium's protocol
 * traffic, the checks and the screenshot run in a job thread, never on the event loop that serves
 * pages. The request stays request-bound: client.ts enqueues the job and waits for its result.
 * Each thread keeps its own Chromium (launched on its first render, reused by the jobs the pool
 * gives it) and kills it when the thread exits.
 */

export const MOBILE_TEST_JOB = 'mobile-test';

/** Renders at once per process that runs jobs: one per CPU (Chromium uses a core per page while it lays out). */
export const MOBILE_TEST_CONCURRENCY = Math.max(1, availableParallelism());

export interface MobileTestInput {
  target: TypedTarget;
  /** Epoch ms: the request stops waiting for a job still queued then, so a later start renders for nobody. */
  startBy: number;
  /** The device and user agent; absent, the phone as a phone browser. */
  options?: MobileTestOptions;
}

/** Sent as each address is tried: the longest the try may take, which the waiting request times. */
export interface MobileTestProgress {
  url: string;
  limitMs: number;
}

/** A domain error, as plain data: the request rebuilds it, so the status and words stay the service's. */
export type MobileTestFailure = JobFailure;

export type MobileTestResult = ({ report: MobileReport } | { failure: MobileTestFailure }) & {
  /** The job thread's id (worker_threads.threadId), never 0 (the main thread): for the tests only. */
  thread: number;
};

export const mobileTestJob = defineJob<MobileTestInput, MobileTestProgress, MobileTestResult, AppJobDeps>({
  name: MOBILE_TEST_JOB,
  concurrency: MOBILE_TEST_CONCURRENCY,
  // A visitor waits for it: a try cut off by a restart is not tried again for nobody.
  attempts: 1,
  backoffMs: 0,
  progressIntervalMs: 0,
  // The result (a screenshot of up to a few hundred KB) is read once by the waiting request.
  retentionMs: 10 * 60_000,
  async run(job, deps) {
    if (Date.now() > job.input.startBy) return { failure: failureOf(new RendererBusyError())!, thread: threadId };
    try {
      const report = await testMobileFriendly(job.input.target, {
        fetcher: deps.fetcher,
        renderer: deps.mobileRenderer(),
        options: job.input.options,
        signal: job.signal,
        onAttempt: (url, limitMs) => job.progress({ url, limitMs }),
      });
      return { report, thread: threadId };
    } catch (error) {
      return { failure: failureOrThrow(error), thread: threadId };
    }
  },
});
