import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { failures } from '#test/fixtures/jobs/definitions.ts';
import {
  fixtureJobs,
  nextEvent,
  openJobsDatabase,
  progressed,
  record,
  uniqueId,
  type JobsDatabase,
} from '#test/helpers/jobs.ts';
import { JOB_REASONS, stallTimings, type Jobs } from './index.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

// BullMQ across processes: a worker process of its own (test/fixtures/jobs/worker-process.ts).
const STALL_SECONDS = 2;
const workerScript = fileURLToPath(new URL('../../../test/fixtures/jobs/worker-process.ts', import.meta.url));

let database: JobsDatabase;
let jobs: Jobs;
const children: Array<() => void> = [];

beforeEach(async () => {
  database = await openJobsDatabase('bullmq');
  // This process only enqueues and watches until a test calls work().
  jobs = await fixtureJobs(database, { stallSeconds: STALL_SECONDS });
});
afterEach(async () => {
  for (const kill of children.splice(0)) kill();
  await jobs.close();
  await database.close();
});

/** Starts a worker process; resolves once it takes jobs. */
async function startWorkerProcess() {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      JOBS_TEST_SCHEMA: database.options.schema,
      JOBS_TEST_QUEUE_SCHEMA: database.queueSchema,
      JOBS_TEST_STALL_SECONDS: String(STALL_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  children.push(() => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'working') resolve();
    });
    void exited.then(() => reject(new Error('The worker process exited before it took jobs.')));
  });
  return { pid: child.pid!, exited };
}

const failuresOf = (id: string) => failures.filter((failure) => failure.id === id);

test('the stall bound: a dead worker loses its jobs after lockDuration + stalledInterval = JOB_STALL_SECONDS', () => {
  expect(stallTimings(30)).toEqual({ lockDuration: 20_000, stalledInterval: 10_000 });
  expect(stallTimings(60)).toEqual({ lockDuration: 40_000, stalledInterval: 20_000 });
  const { lockDuration, stalledInterval } = stallTimings(STALL_SECONDS);
  expect(lockDuration + stalledInterval).toBe(STALL_SECONDS * 1000);
});

test('progress crosses processes, and a cancel reaches the process running the job', async () => {
  await startWorkerProcess();
  const id = uniqueId('remote');
  const started = nextEvent(jobs, 'hang', id, progressed('started'));
  const { ended } = record(jobs, 'hang', id);
  await jobs.enqueue('hang', {}, { id });
  await started;
  expect(await jobs.state('hang', id)).toMatchObject({ status: 'active', progress: 'started', attempts: 1 });
  expect(await jobs.cancel('hang', id)).toBe('active');
  expect(await ended).toEqual({ type: 'failed', error: JOB_REASONS.cancelledActive });
  expect(await jobs.state('hang', id)).toMatchObject({ status: 'cancelled', error: JOB_REASONS.cancelledActive });
});

test('a worker killed with SIGKILL: another worker takes its jobs up again, or fails those without tries left', async () => {
  const worker = await startWorkerProcess();
  const again = uniqueId('again');
  const lost = uniqueId('lost');
  const started = [
    nextEvent(jobs, 'hang', again, progressed('started')),
    nextEvent(jobs, 'hang-once', lost, progressed('started')),
  ];
  await jobs.enqueue('hang', { finishOn: 2 }, { id: again });
  await jobs.enqueue('hang-once', {}, { id: lost });
  await Promise.all(started);

  process.kill(worker.pid, 'SIGKILL');
  expect(await worker.exited).toBe('SIGKILL');
  expect(await jobs.state('hang', again)).toMatchObject({ status: 'active' });

  // This process's worker finds them stalled (locks no longer renewed) within STALL_SECONDS.
  const rerun = record(jobs, 'hang', again);
  const failed = record(jobs, 'hang-once', lost);
  await jobs.work();
  expect(await rerun.ended).toEqual({ type: 'completed', result: { attempt: 2 } });
  expect(await failed.ended).toEqual({ type: 'failed', error: JOB_REASONS.workerStopped });
  expect(failuresOf(lost)).toEqual([{ name: 'hang-once', id: lost, reason: JOB_REASONS.workerStopped, input: {} }]);
  expect(failuresOf(again)).toEqual([]);
  expect(await jobs.state('hang-once', lost)).toEqual({
    status: 'failed',
    progress: 'started',
    error: JOB_REASONS.workerStopped,
    attempts: 1,
  });
});
