import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { commonDefinitions, failures, separateModules } from '#test/fixtures/jobs/definitions.ts';
import {
  fixtureJobs,
  JOB_BACKENDS,
  nextEvent,
  openJobsDatabase,
  progressed,
  record,
  uniqueId,
  type JobsDatabase,
} from '#test/helpers/jobs.ts';
import { openDatabase } from '#db/index.ts';
import { bullConnectionString } from './bullmq.ts';
import { IDLE_POLL_MS } from './embedded.ts';
import { JOB_REASONS, loadJobDefinitions, type Jobs } from './index.ts';

// One contract, both backends: the embedded SQLite queue and BullMQ on PostgreSQL.
describe.each(JOB_BACKENDS)('%s', (backend) => {
  let database: JobsDatabase;
  const opened: Jobs[] = [];

  async function open(options: { abortGraceMs?: number } = {}): Promise<Jobs> {
    const jobs = await fixtureJobs(database, options);
    opened.push(jobs);
    return jobs;
  }

  beforeEach(async () => {
    database = await openJobsDatabase(backend);
  });
  afterEach(async () => {
    for (const jobs of opened.splice(0)) await jobs.close();
    await database.close();
  });

  const failuresOf = (id: string) => failures.filter((failure) => failure.id === id);

  test("a thread imports its job's module on its first job of that name, and no other job's", async () => {
    const definitions = [...commonDefinitions, ...(await loadJobDefinitions(separateModules))];
    const jobs = await fixtureJobs(database, { definitions });
    opened.push(jobs);
    await jobs.work();
    for (const name of ['module-a', 'module-b']) {
      const id = uniqueId(name);
      const { ended } = record(jobs, name, id);
      await jobs.enqueue(name, null, { id });
      expect(await ended).toEqual({ type: 'completed', result: { evaluated: [name] } });
    }
  });

  test('a job runs in a thread with its own database: progress events, then the result', async () => {
    const jobs = await open();
    await jobs.work();
    const id = uniqueId('steps');
    const { events, ended } = record(jobs, 'steps', id);
    expect(await jobs.enqueue('steps', { steps: 3 }, { id })).toEqual({ id, joined: false });
    const end = await ended;
    expect(events.filter((event) => event.type === 'progress')).toEqual(
      [1, 2, 3].map((progress) => ({ type: 'progress', progress })),
    );
    expect(end).toMatchObject({
      type: 'completed',
      result: { attempt: 1, greeting: 'hello from a job thread', marker: 'from the config', one: 1 },
    });
    const result = (end as { result: { threadId: number } }).result;
    expect(result.threadId).not.toBe(threadId);
    expect(await jobs.state('steps', id)).toEqual({
      status: 'completed',
      progress: 3,
      result: end.type === 'completed' ? end.result : undefined,
      attempts: 1,
    });
    expect(await jobs.state('steps', 'no-such-job')).toBeUndefined();
  });

  test('without an id a job gets a random one', async () => {
    const jobs = await open();
    const first = await jobs.enqueue('steps', { steps: 1 });
    const second = await jobs.enqueue('steps', { steps: 1 });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.id).not.toBe(first.id);
    expect(await jobs.state('steps', first.id)).toEqual({ status: 'queued', attempts: 0 });
  });

  test('an id joins its queued or active job, and starts afresh once that one finished', async () => {
    const jobs = await open();
    const id = uniqueId('join');
    expect(await jobs.enqueue('steps', { steps: 1 }, { id })).toEqual({ id, joined: false });
    expect(await jobs.enqueue('steps', { steps: 9 }, { id })).toEqual({ id, joined: true });
    expect(await jobs.state('steps', id)).toMatchObject({ status: 'queued' });
    const first = record(jobs, 'steps', id);
    await jobs.work();
    expect(await first.ended).toMatchObject({ type: 'completed' });
    expect(first.events.filter((event) => event.type === 'progress')).toEqual([{ type: 'progress', progress: 1 }]);

    const second = record(jobs, 'steps', id);
    expect(await jobs.enqueue('steps', { steps: 2 }, { id })).toEqual({ id, joined: false });
    expect(await second.ended).toMatchObject({ type: 'completed' });
    expect(await jobs.state('steps', id)).toMatchObject({ status: 'completed', progress: 2, attempts: 1 });
  });

  test('a failed try is tried again', async () => {
    const jobs = await open();
    await jobs.work();
    const id = uniqueId('flaky');
    const { ended } = record(jobs, 'flaky', id);
    await jobs.enqueue('flaky', { failures: 2 }, { id });
    expect(await ended).toEqual({ type: 'completed', result: { attempt: 3 } });
    expect(await jobs.state('flaky', id)).toMatchObject({ status: 'completed', attempts: 3 });
    expect(failuresOf(id)).toEqual([]);
  });

  test('a job failing for good calls onFailed once, then tells its watchers', async () => {
    const jobs = await open();
    await jobs.work();
    const id = uniqueId('doomed');
    const seenByWatcher: number[] = [];
    const failed = nextEvent(jobs, 'doomed', id, (event) => {
      seenByWatcher.push(failuresOf(id).length);
      return event.type === 'failed';
    });
    await jobs.enqueue('doomed', { tag: 'x' }, { id });
    expect(await failed).toEqual({ type: 'failed', error: 'doomed x' });
    expect(failuresOf(id)).toEqual([{ name: 'doomed', id, reason: 'doomed x', input: { tag: 'x' } }]);
    expect(seenByWatcher).toEqual([1]);
    expect(await jobs.state('doomed', id)).toEqual({ status: 'failed', error: 'doomed x', attempts: 2 });
  });

  test('cancel: a queued job never runs; a running one is aborted; onFailed is not called', async () => {
    const jobs = await open();
    const queued = uniqueId('queued');
    await jobs.enqueue('steps', { steps: 1 }, { id: queued });
    const dropped = nextEvent(jobs, 'steps', queued);
    expect(await jobs.cancel('steps', queued)).toBe('queued');
    expect(await dropped).toEqual({ type: 'failed', error: JOB_REASONS.cancelledQueued });
    expect(await jobs.state('steps', queued)).toEqual({
      status: 'cancelled',
      error: JOB_REASONS.cancelledQueued,
      attempts: 0,
    });

    await jobs.work();
    const running = uniqueId('running');
    const started = nextEvent(jobs, 'hang', running, progressed('started'));
    const { ended } = record(jobs, 'hang', running);
    await jobs.enqueue('hang', {}, { id: running });
    await started;
    expect(await jobs.cancel('hang', running)).toBe('active');
    expect(await ended).toEqual({ type: 'failed', error: JOB_REASONS.cancelledActive });
    expect(await jobs.state('hang', running)).toMatchObject({
      status: 'cancelled',
      error: JOB_REASONS.cancelledActive,
      attempts: 1,
    });

    // A job queued after the cancelled one has run; the cancelled one did not.
    const after = uniqueId('after');
    const done = nextEvent(jobs, 'steps', after, (event) => event.type !== 'progress');
    await jobs.enqueue('steps', { steps: 1 }, { id: after });
    expect(await done).toMatchObject({ type: 'completed' });
    expect(await jobs.state('steps', queued)).toMatchObject({ status: 'cancelled' });
    expect(await jobs.cancel('steps', after)).toBeUndefined();
    expect(await jobs.cancel('steps', 'no-such-job')).toBeUndefined();
    expect(failuresOf(queued)).toEqual([]);
    expect(failuresOf(running)).toEqual([]);
  });

  test('counts answers the jobs of a name queued and active, as every process on the queue sees them', async () => {
    const jobs = await open();
    expect(await jobs.counts('hang')).toEqual({ queued: 0, active: 0 });
    const [first, second] = [uniqueId('first'), uniqueId('second')];
    await jobs.enqueue('hang', {}, { id: first });
    await jobs.enqueue('hang', {}, { id: second });
    await jobs.enqueue('steps', { steps: 1 });
    expect(await jobs.counts('hang')).toEqual({ queued: 2, active: 0 });

    // Another process on the same queue counts the same jobs.
    const other = await open();
    const started = nextEvent(jobs, 'hang', first, progressed('started'));
    await jobs.work();
    await started;
    expect(await other.counts('hang')).toEqual({ queued: 1, active: 1 });

    const ended = [first, second].map((id) => record(jobs, 'hang', id).ended);
    await jobs.cancel('hang', second);
    await jobs.cancel('hang', first);
    await Promise.all(ended);
    await expect.poll(() => other.counts('hang')).toEqual({ queued: 0, active: 0 });
  });

  test('the work runs off the main thread: a job spinning synchronously leaves the main loop free', async () => {
    const jobs = await open();
    await jobs.work();
    const id = uniqueId('spin');
    const file = join(mkdtempSync(join(tmpdir(), 'jobs-spin-')), 'stop');
    const spinning = nextEvent(jobs, 'spin', id, progressed('spinning'));
    const { ended } = record(jobs, 'spin', id);
    await jobs.enqueue('spin', { file }, { id });
    await spinning;
    // Only a main loop that turns while the thread spins runs this timer, which ends the spin.
    setTimeout(() => writeFileSync(file, 'stop'), 1);
    const end = await ended;
    expect(end.type).toBe('completed');
    expect((end as { result: { threadId: number } }).result.threadId).not.toBe(threadId);
  });

  test('a job that ignores its abort loses its thread; a thread that dies fails its job; new threads follow', async () => {
    const jobs = await open({ abortGraceMs: 50 });
    await jobs.work();
    const stuck = uniqueId('stuck');
    const spinning = nextEvent(jobs, 'spin', stuck, progressed('spinning'));
    const stopped = record(jobs, 'spin', stuck);
    await jobs.enqueue('spin', { file: join(tmpdir(), uniqueId('never')) }, { id: stuck });
    await spinning;
    expect(await jobs.cancel('spin', stuck)).toBe('active');
    expect(await stopped.ended).toEqual({ type: 'failed', error: JOB_REASONS.cancelledActive });

    const crashed = uniqueId('crashed');
    const crash = record(jobs, 'crash', crashed);
    await jobs.enqueue('crash', { message: 'boom' }, { id: crashed });
    expect(await crash.ended).toEqual({ type: 'failed', error: "The job's thread stopped: boom." });
    expect(failuresOf(crashed)).toEqual([
      { name: 'crash', id: crashed, reason: "The job's thread stopped: boom.", input: { message: 'boom' } },
    ]);

    const file = join(mkdtempSync(join(tmpdir(), 'jobs-spin-')), 'stop');
    writeFileSync(file, 'stop');
    const next = uniqueId('next');
    const done = record(jobs, 'spin', next);
    await jobs.enqueue('spin', { file }, { id: next });
    expect(await done.ended).toMatchObject({ type: 'completed' });
  });

  test("a job past its threads' heap ceiling fails with the out-of-memory reason, and the next job runs", async () => {
    const jobs = await open();
    await jobs.work();
    const id = uniqueId('hoard');
    const hoarding = record(jobs, 'hoard', id);
    await jobs.enqueue('hoard', { chunk: 10_000 }, { id });
    expect(await hoarding.ended).toEqual({ type: 'failed', error: JOB_REASONS.outOfMemory });
    expect(failuresOf(id)).toEqual([{ name: 'hoard', id, reason: JOB_REASONS.outOfMemory, input: { chunk: 10_000 } }]);
    const next = uniqueId('steps');
    const done = record(jobs, 'steps', next);
    await jobs.enqueue('steps', { steps: 1 }, { id: next });
    expect(await done.ended).toMatchObject({ type: 'completed' });
  });

  test('jobs running at close are taken up at the next start: run again, or failed without tries left', async () => {
    const first = await open();
    await first.work();
    const again = uniqueId('again');
    const lost = uniqueId('lost');
    const started = [
      nextEvent(first, 'hang', again, progressed('started')),
      nextEvent(first, 'hang-once', lost, progressed('started')),
    ];
    await first.enqueue('hang', { finishOn: 2 }, { id: again });
    await first.enqueue('hang-once', {}, { id: lost });
    await Promise.all(started);
    await first.close();
    expect(failuresOf(again)).toEqual([]);
    expect(failuresOf(lost)).toEqual([]);

    const second = await open();
    const rerun = record(second, 'hang', again);
    const failed = record(second, 'hang-once', lost);
    await second.work();
    expect(await rerun.ended).toEqual({ type: 'completed', result: { attempt: 2 } });
    const reason = backend === 'embedded' ? JOB_REASONS.serverStopped : JOB_REASONS.workerStopped;
    expect(await failed.ended).toEqual({ type: 'failed', error: reason });
    expect(failuresOf(lost)).toEqual([{ name: 'hang-once', id: lost, reason, input: {} }]);
    expect(await second.state('hang-once', lost)).toEqual({
      status: 'failed',
      progress: 'started',
      error: reason,
      attempts: 1,
    });
  });
});

test('an in-memory SQLite database is refused: job threads open their own connection', async () => {
  const database = await openJobsDatabase('embedded');
  try {
    await expect(fixtureJobs({ ...database, target: ':memory:' })).rejects.toThrow(
      /in-memory SQLite database cannot be shared/,
    );
  } finally {
    await database.close();
  }
});

test('embedded: a job another process enqueued on the same file is found by the idle poll, and its state read there', async () => {
  const database = await openJobsDatabase('embedded');
  const otherDb = await openDatabase(database.target);
  const worker = await fixtureJobs(database);
  // A command's handle: it enqueues and reads states, and never calls work().
  const command = await fixtureJobs({ ...database, db: otherDb });
  try {
    // work() resolves after its first look at the queues: from here only the idle poll finds jobs.
    await worker.work();
    const id = uniqueId('elsewhere');
    const { ended } = record(worker, 'steps', id);
    const heard = record(command, 'steps', id);
    const enqueuedAt = Date.now();
    expect(await command.enqueue('steps', { steps: 2 }, { id })).toEqual({ id, joined: false });
    while ((await command.state('steps', id))?.status === 'queued')
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - enqueuedAt).toBeLessThan(IDLE_POLL_MS + 1_000);
    expect(await ended).toMatchObject({ type: 'completed', result: { attempt: 1, one: 1 } });
    expect(await command.state('steps', id)).toMatchObject({ status: 'completed', progress: 2, attempts: 1 });
    // Events stay in the process that ran the job: the command follows it through state.
    expect(heard.events).toEqual([]);
  } finally {
    await command.close();
    await worker.close();
    await otherDb.destroy();
    await database.close();
  }
});

test("BullMQ's schema comes last in the options of a DATABASE_URL that sets a search_path of its own", () => {
  const options = (url: string) => new URL(url).searchParams.get('options');
  const target = 'postgres://app@db.internal:5432/site?options=-c%20search_path%3Dapp&sslmode=require';
  expect(options(bullConnectionString(target, 'bullmq'))).toBe('-c search_path=app -c search_path="bullmq"');
  expect(new URL(bullConnectionString(target, 'bullmq')).searchParams.get('sslmode')).toBe('require');
  expect(bullConnectionString('postgres://app@db.internal:5432/site', 'bullmq')).toBe(
    'postgres://app@db.internal:5432/site',
  );
});
