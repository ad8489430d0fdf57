import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Db } from '#db/index.ts';
import { commonDefinitions, definitions as allDefinitions, tick } from '#test/fixtures/jobs/definitions.ts';
import {
  fixtureJobs,
  JOB_BACKENDS,
  openJobsDatabase,
  record,
  ticks,
  uniqueId,
  type JobsDatabase,
} from '#test/helpers/jobs.ts';
import { nextSlotAt } from './embedded-timers.ts';
import { followJob, JobWaitTimeout, waitForOutcome, type AnyJobDefinition, type JobEnd, type Jobs } from './index.ts';

/** Waits for a condition the job threads bring about (a thread started from source takes seconds). */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 20 });

/** Holds every `tick` run once it has noted itself (or lets them go). */
async function holdTicks(db: Db, hold: boolean): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS tick_gate (held INTEGER)`.execute(db);
  await sql`DELETE FROM tick_gate`.execute(db);
  if (hold) await sql`INSERT INTO tick_gate (held) VALUES (1)`.execute(db);
}

// Threads started from source take seconds each on a busy machine; these tests start several.
describe.each(JOB_BACKENDS)('%s', { timeout: 90_000 }, (backend) => {
  let database: JobsDatabase;
  const opened: Jobs[] = [];

  async function open(definitions: readonly AnyJobDefinition[] = allDefinitions): Promise<Jobs> {
    const jobs = await fixtureJobs(database, { definitions });
    opened.push(jobs);
    return jobs;
  }

  beforeEach(async () => {
    database = await openJobsDatabase(backend);
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const jobs of opened.splice(0)) await jobs.close();
    await database.close();
  });

  // BullMQ keeps the next slot's job of the (hourly) schedule waiting in the queue.
  const idle = { queued: backend === 'bullmq' ? 1 : 0, active: 0 };
  const ticked = async () => (await ticks(database.db)).length;

  test('runNow: a run queued is joined, a run under way gets one more after it; only repeatable jobs', async () => {
    const jobs = await open();
    await expect(jobs.runNow('steps')).rejects.toThrow('steps is not a repeatable job');
    await jobs.work();
    // A run at start; then the queue is idle.
    await until(ticked).toBeGreaterThanOrEqual(1);
    await until(() => jobs.counts('tick')).toEqual(idle);
    const before = await ticked();

    await holdTicks(database.db, true);
    await jobs.runNow('tick');
    await until(ticked).toBe(before + 1);
    // Three asks while that run is under way: one more run, after it.
    for (let ask = 0; ask < 3; ask++) await jobs.runNow('tick');
    await holdTicks(database.db, false);
    await until(ticked).toBe(before + 2);
    await until(() => jobs.counts('tick')).toEqual(idle);
    expect(await ticked()).toBe(before + 2);
  });

  test("a job's thread calls the job system: it enqueues another job and starts a repeatable one", async () => {
    const jobs = await open();
    await jobs.work();
    await until(() => jobs.counts('tick')).toEqual(idle);
    const before = await ticked();
    const id = uniqueId('chained');
    const chained = record(jobs, 'steps', id);
    const chain = record(jobs, 'chain', 'chain-1');
    await jobs.enqueue('chain', { id }, { id: 'chain-1' });
    expect(await chain.ended).toEqual({ type: 'completed', result: { enqueued: { id, joined: false } } });
    expect(await chained.ended).toMatchObject({ type: 'completed', result: { one: 1 } });
    await until(ticked).toBe(before + 1);

    // A call that fails fails the job with its reason.
    const refused = record(jobs, 'chain', 'chain-2');
    await jobs.enqueue('chain', { id, job: 'nope' }, { id: 'chain-2' });
    expect(await refused.ended).toEqual({ type: 'failed', error: 'No job named nope.' });
  });

  test('a run with nothing to do (its hasWork says so, on the main thread) ends at once, without a thread', async () => {
    const jobs = await open();
    await jobs.work();
    await until(() => jobs.counts('tick')).toEqual(idle);
    const before = await ticked();
    await sql`CREATE TABLE IF NOT EXISTS tick_idle (idle INTEGER)`.execute(database.db);
    await sql`INSERT INTO tick_idle (idle) VALUES (1)`.execute(database.db);
    const idleRun = record(jobs, 'tick', 'idle-run');
    await jobs.enqueue('tick', null, { id: 'idle-run' });
    expect(await idleRun.ended).toEqual({ type: 'completed', result: null });
    expect(await ticked()).toBe(before);
    await sql`DELETE FROM tick_idle`.execute(database.db);
    const busyRun = record(jobs, 'tick', 'busy-run');
    await jobs.enqueue('tick', null, { id: 'busy-run' });
    expect(await busyRun.ended).toMatchObject({ type: 'completed', result: { id: 'busy-run' } });
    expect(await ticked()).toBe(before + 1);
  });

  test('a definition that asks to be warm has a thread started when the process starts working', async () => {
    const starts = join(mkdtempSync(join(tmpdir(), 'thread-starts-')), 'starts');
    await sql`CREATE TABLE IF NOT EXISTS tick_idle (idle INTEGER)`.execute(database.db);
    await sql`INSERT INTO tick_idle (idle) VALUES (1)`.execute(database.db);
    // Cold: the start's run of tick has nothing to do, so no thread starts.
    const cold = await fixtureJobs(database, { definitions: allDefinitions, config: { threadStarts: starts } });
    opened.push(cold);
    await cold.work();
    await until(() => cold.counts('tick')).toEqual(idle);
    expect(existsSync(starts)).toBe(false);
    await cold.close();
    // Warm: one thread starts at once, before any run needs it.
    const warm = await fixtureJobs(database, {
      definitions: allDefinitions,
      config: { threadStarts: starts, warmTick: true },
    });
    opened.push(warm);
    await warm.work();
    await until(async () => (existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').length - 1 : 0)).toBe(1);
  });

  test("waiting for a job's end: its event, or its state when the event went astray; a time limit", async () => {
    const jobs = await open(commonDefinitions);
    await jobs.work();
    // A job system whose events never arrive: only the fallback's reads of the state see the end.
    const deaf: Pick<Jobs, 'watch' | 'state'> = { watch: () => () => undefined, state: jobs.state };
    const id = uniqueId('missed');
    const waiter = waitForOutcome(deaf, 'steps', id, { timeoutMs: 60_000, recheckMs: 50 });
    await jobs.enqueue('steps', { steps: 1 }, { id });
    expect(await waiter.end).toMatchObject({ type: 'completed', result: { one: 1 } });
    waiter.stop();

    const hanging = uniqueId('hanging');
    await jobs.enqueue('hang', {}, { id: hanging });
    const late = waitForOutcome(jobs, 'hang', hanging, { timeoutMs: 100, recheckMs: 50 });
    await expect(late.end).rejects.toBeInstanceOf(JobWaitTimeout);
    late.stop();
    await jobs.cancel('hang', hanging);

    // A follower hears every run under the same id.
    const ends: JobEnd[] = [];
    const again = uniqueId('again');
    const follower = followJob(jobs, 'steps', again, (end) => ends.push(end), { recheckMs: 60_000 });
    for (const steps of [1, 2]) {
      const done = record(jobs, 'steps', again).ended;
      await jobs.enqueue('steps', { steps }, { id: again });
      await done;
    }
    follower.stop();
    expect(ends.map((end) => end.type)).toEqual(['completed', 'completed']);
  });
});

test(
  'embedded: the working process queues a repeatable job at each slot, never two runs queued at once',
  { timeout: 90_000 },
  async () => {
    const database = await openJobsDatabase('embedded');
    // Long slots: each poll below moves the fake clock on by its interval, never as far as a slot.
    const slot = 60 * 60_000;
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 10, 0, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const jobs = await fixtureJobs(database, {
      definitions: [...commonDefinitions, { ...tick, repeat: { everyMs: slot } }],
    });
    const ticked = async () => (await ticks(database.db)).length;
    const idle = () => until(() => jobs.counts('tick')).toEqual({ queued: 0, active: 0 });
    const toNextSlot = () => nextSlotAt(slot, Date.now()) - Date.now();
    try {
      await jobs.work();
      await until(ticked).toBe(1);
      await idle();
      await vi.advanceTimersByTimeAsync(toNextSlot() - 1);
      expect(await jobs.counts('tick')).toEqual({ queued: 0, active: 0 });
      await vi.advanceTimersByTimeAsync(1);
      await until(ticked).toBe(2);
      await idle();

      // A run held over three slots: the first slot's run, then one more queued, however many slots pass.
      await holdTicks(database.db, true);
      await vi.advanceTimersByTimeAsync(toNextSlot());
      await until(ticked).toBe(3);
      await vi.advanceTimersByTimeAsync(toNextSlot() + slot);
      expect(await jobs.counts('tick')).toEqual({ queued: 1, active: 1 });
      await holdTicks(database.db, false);
      await until(ticked).toBe(4);
      await idle();

      await jobs.close();
      await vi.advanceTimersByTimeAsync(10 * slot);
      expect(await ticked()).toBe(4);
    } finally {
      vi.useRealTimers();
      await jobs.close();
      await database.close();
    }
  },
);

test(
  'bullmq: with two working processes on one queue each slot of a repeatable job runs once',
  { timeout: 90_000 },
  async () => {
    const database = await openJobsDatabase('bullmq');
    const everyMs = 400;
    const definitions = [...commonDefinitions, { ...tick, repeat: { everyMs } }];
    const processes = [await fixtureJobs(database, { definitions }), await fixtureJobs(database, { definitions })];
    // The slots' runs: BullMQ names each slot's job after its time (`repeat:<name>:<ms>`).
    const slots = async () =>
      (await ticks(database.db))
        .filter((id) => id.startsWith('repeat:'))
        .map((id) => Number(id.split(':').at(-1)))
        .sort((a, b) => a - b);
    try {
      await Promise.all(processes.map((jobs) => jobs.work()));
      await until(async () => (await slots()).length).toBeGreaterThanOrEqual(5);
      await Promise.all(processes.map((jobs) => jobs.close()));
      // Slots one after another, none twice: a slot missed while its run waited for a thread is skipped.
      const times = await slots();
      const gaps = times.slice(1).map((time, index) => time - times[index]!);
      expect(gaps.filter((gap) => gap <= 0 || gap % everyMs !== 0)).toEqual([]);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.close()));
      await database.close();
    }
  },
);
