import { afterEach, expect, test, vi } from 'vitest';
import { DomainError } from '#server/lib/domain-errors.ts';
import type { JobEvent, JobState, Jobs } from '#server/lib/jobs/index.ts';
import type { MobileReport } from '#views/model/mobile-test.ts';
import { createMobileTestClient, RESULT_SLACK_MS } from './client.ts';
import { MOBILE_TEST_JOB, type MobileTestInput, type MobileTestResult } from './job.ts';
import { RendererBusyError } from '#server/lib/browser/page-render/renderer.ts';

/*
 * The request side of the mobile-test job against a job system the test drives by hand: what the
 * request answers for each outcome, and when it gives up (fake timers).
 */

afterEach(() => {
  vi.useRealTimers();
});

const TARGET = { url: 'https://example.com/', httpFallback: true };
const REPORT = { url: 'https://example.com/', mobileFriendly: true, rendered: true } as MobileReport;

interface FakeJob {
  input: MobileTestInput;
  state: JobState;
  listeners: Set<(event: JobEvent) => void>;
}

/** A job system whose jobs stay queued until the test starts, finishes or fails them. */
function fakeJobs() {
  const jobs = new Map<string, FakeJob>();
  const cancels: string[] = [];
  const emit = (job: FakeJob, event: JobEvent) => {
    for (const listener of [...job.listeners]) listener(event);
  };
  const jobOf = (id: string) => jobs.get(id)!;
  const watchers = new Map<string, Set<(event: JobEvent) => void>>();
  const system: Jobs = {
    async enqueue(name, input, options) {
      expect(name).toBe(MOBILE_TEST_JOB);
      const id = options!.id!;
      const listeners = watchers.get(id) ?? new Set();
      jobs.set(id, { input: input as MobileTestInput, state: { status: 'queued', attempts: 0 }, listeners });
      return { id, joined: false };
    },
    runNow: async () => expect.fail('the mobile test has no repeatable job'),
    async cancel(_name, id) {
      cancels.push(id);
      const job = jobOf(id);
      const was = job.state.status;
      if (was !== 'queued' && was !== 'active') return undefined;
      job.state = { ...job.state, status: 'cancelled', error: 'The job was cancelled.' };
      emit(job, { type: 'failed', error: 'The job was cancelled.' });
      return was;
    },
    async state(_name, id) {
      return jobs.get(id)?.state;
    },
    async counts() {
      const statuses = [...jobs.values()].map((job) => job.state.status);
      return {
        queued: statuses.filter((status) => status === 'queued').length,
        active: statuses.filter((status) => status === 'active').length,
      };
    },
    watch(_name, id, listener) {
      const set = watchers.get(id) ?? watchers.set(id, new Set()).get(id)!;
      set.add(listener);
      return () => set.delete(listener);
    },
    work: async () => undefined,
    close: async () => undefined,
  };
  const only = () => {
    expect(jobs.size).toBe(1);
    return [...jobs.entries()][0]!;
  };
  return {
    system,
    cancels,
    ids: () => [...jobs.keys()],
    only,
    start(limitMs: number) {
      const [, job] = only();
      job.state = { status: 'active', attempts: 1, progress: { url: TARGET.url, limitMs } };
      emit(job, { type: 'progress', progress: { url: TARGET.url, limitMs } });
    },
    finish(result: Omit<MobileTestResult, 'thread'>) {
      const [, job] = only();
      job.state = { status: 'completed', attempts: 1, result: { ...result, thread: 1 } };
      emit(job, { type: 'completed', result: { ...result, thread: 1 } });
    },
  };
}

function clientOn(jobs: Jobs, overrides: { maxPending?: number } = {}) {
  return createMobileTestClient({ jobs, maxPending: 2, queueWaitMs: 30_000, timeoutMs: 20_000, ...overrides });
}

/** Lets the client's awaits (enqueue, state) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

test("the job's report is the answer; a job's domain error is thrown with its kind, words and Retry-After", async () => {
  vi.useFakeTimers();
  const fake = fakeJobs();
  const client = clientOn(fake.system);
  const answered = client.test(TARGET);
  await settle();
  const [id, job] = fake.only();
  expect(id).toMatch(/^[\w-]{22}$/);
  expect(job.input.target).toEqual(TARGET);
  fake.start(25_000);
  fake.finish({ report: REPORT });
  await expect(answered).resolves.toEqual(REPORT);

  const fake2 = fakeJobs();
  const client2 = clientOn(fake2.system);
  const failed = client2.test(TARGET).catch((error: unknown) => error);
  await settle();
  fake2.finish({ failure: { kind: 'not-possible', message: 'The page used more than 512 MB of memory.' } });
  const error = (await failed) as DomainError;
  expect(error).toBeInstanceOf(DomainError);
  expect([error.kind, error.message, error.retryAfterSeconds]).toEqual([
    'not-possible',
    'The page used more than 512 MB of memory.',
    undefined,
  ]);
});

test('a job still queued at the queue deadline is cancelled and the answer is busy (503 + Retry-After)', async () => {
  vi.useFakeTimers();
  const fake = fakeJobs();
  const client = clientOn(fake.system);
  const answered = client.test(TARGET).catch((error: unknown) => error);
  await settle();
  const [id, job] = fake.only();
  expect(job.input.startBy).toBe(Date.now() + 30_000);
  await vi.advanceTimersByTimeAsync(29_999);
  expect(fake.cancels).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  const error = await answered;
  expect(error).toBeInstanceOf(RendererBusyError);
  expect((error as RendererBusyError).retryAfterSeconds).toBe(10);
  expect(fake.cancels).toEqual([id]);
});

test("a started try that outlives its own limit is cancelled and answered as today's render timeout (502)", async () => {
  vi.useFakeTimers();
  const fake = fakeJobs();
  const client = clientOn(fake.system);
  const answered = client.test(TARGET).catch((error: unknown) => error);
  await settle();
  await vi.advanceTimersByTimeAsync(20_000);
  // Started late in its queue wait: from now on its own limit counts, not the queue's.
  fake.start(25_000);
  await vi.advanceTimersByTimeAsync(25_000 + RESULT_SLACK_MS - 1);
  expect(fake.cancels).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  const error = (await answered) as DomainError;
  expect([error.kind, error.message]).toEqual([
    'upstream',
    'The page could not be measured within 20 seconds (it stopped answering).',
  ]);
  expect(fake.cancels).toEqual(fake.ids());
});

test('a job that finished just as its deadline passed keeps its result', async () => {
  vi.useFakeTimers();
  const fake = fakeJobs();
  const client = clientOn(fake.system);
  const answered = client.test(TARGET);
  await settle();
  fake.start(1_000);
  // Completed, but its event is lost on the way: the state read at the deadline finds it.
  const [, job] = fake.only();
  job.state = { status: 'completed', attempts: 1, result: { report: REPORT, thread: 1 } };
  await vi.advanceTimersByTimeAsync(1_000 + RESULT_SLACK_MS);
  await expect(answered).resolves.toEqual(REPORT);
});

test('a visitor who leaves cancels the job; past the tests this process may hold, the answer is busy at once', async () => {
  vi.useFakeTimers();
  const fake = fakeJobs();
  const client = clientOn(fake.system, { maxPending: 2 });
  const left = new AbortController();
  const first = client.test(TARGET, left.signal).catch((error: unknown) => error);
  const second = client.test(TARGET).catch((error: unknown) => error);
  expect(await client.test(TARGET).catch((error: unknown) => error)).toBeInstanceOf(RendererBusyError);
  await settle();
  left.abort();
  await settle();
  expect(((await first) as Error).message).toBe('The test was cancelled.');
  expect(fake.cancels).toHaveLength(1);
  await client.stop();
  expect(await second).toBeInstanceOf(RendererBusyError);
  expect(fake.cancels).toHaveLength(2);
  expect(await client.test(TARGET).catch((error: unknown) => error)).toBeInstanceOf(RendererBusyError);
});
