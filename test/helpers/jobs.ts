import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, OpenOptions } from '#db/index.ts';
import { createJobs, waitForOutcome, type AnyJobDefinition, type JobEvent, type Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { commonDefinitions } from '#test/fixtures/jobs/definitions.ts';
import { closeTestDatabase, openAddressedTestDatabase } from './databases.ts';

/** The two job backends: the embedded SQLite queue and BullMQ on PostgreSQL. */
export const JOB_BACKENDS = ['embedded', 'bullmq'] as const;
export type JobBackend = (typeof JOB_BACKENDS)[number];

/** A database for one test: a temporary SQLite file, or fresh schemas for our tables and BullMQ's. */
export interface JobsDatabase {
  db: Db;
  target: string;
  options: OpenOptions;
  queueSchema: string;
  close(): Promise<void>;
}

export async function openJobsDatabase(backend: JobBackend): Promise<JobsDatabase> {
  const { db, address } = await openAddressedTestDatabase(backend === 'embedded' ? 'sqlite' : 'postgres');
  if (backend === 'embedded') return { db, ...address, queueSchema: 'unused', close: () => closeTestDatabase(db) };
  const queueSchema = `bq_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    db,
    ...address,
    queueSchema,
    async close() {
      await sql.raw(`DROP SCHEMA IF EXISTS ${queueSchema} CASCADE`).execute(db);
      await closeTestDatabase(db);
    },
  };
}

export const FIXTURE_DEFINITIONS = new URL('../fixtures/jobs/definitions.ts', import.meta.url);

/**
 * The job system on the fixture definitions (test/fixtures/jobs/definitions.ts): the common ones, or
 * those given (the repeatable `tick`, with a `repeat` of the test's choosing).
 */
export function fixtureJobs(
  database: JobsDatabase,
  {
    stallSeconds = 30,
    abortGraceMs,
    definitions = commonDefinitions,
    config = {},
  }: {
    stallSeconds?: number;
    abortGraceMs?: number;
    definitions?: readonly AnyJobDefinition[];
    /** Added to the config the threads get (test/fixtures/jobs/definitions.ts reads it). */
    config?: Record<string, unknown>;
  } = {},
): Promise<Jobs> {
  return createJobs({
    db: database.db,
    databaseTarget: database.target,
    databaseOptions: database.options,
    config: { marker: 'from the config', ...config },
    log: createLogger('silent'),
    definitionsModule: FIXTURE_DEFINITIONS,
    definitions,
    stallSeconds,
    abortGraceMs,
    queueSchema: database.queueSchema,
  });
}

export function uniqueId(label: string): string {
  return `${label}-${randomBytes(6).toString('hex')}`;
}

/** Every event of a job from now on, and its end (completed or failed). */
export function record(jobs: Jobs, name: string, id: string) {
  const events: JobEvent[] = [];
  let unwatch = () => {};
  const ended = new Promise<JobEvent>((resolve) => {
    unwatch = jobs.watch(name, id, (event) => {
      events.push(event);
      if (event.type !== 'progress') resolve(event);
    });
  });
  void ended.then(() => unwatch());
  return { events, ended };
}

/** The job's first event that matches. */
export function nextEvent(
  jobs: Jobs,
  name: string,
  id: string,
  matches: (event: JobEvent) => boolean = () => true,
): Promise<JobEvent> {
  return new Promise((resolve) => {
    const unwatch = jobs.watch(name, id, (event) => {
      if (!matches(event)) return;
      unwatch();
      resolve(event);
    });
  });
}

export const progressed = (value: unknown) => (event: JobEvent) =>
  event.type === 'progress' && event.progress === value;

/** The ids of the `tick` runs noted in the database so far (the fixture's table; none before the first). */
export async function ticks(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ id: string }>`SELECT id FROM ticks`.execute(db);
    return rows.map((row) => row.id);
  } catch {
    return [];
  }
}

/**
 * Runs a job now (a fresh id, so nothing is joined) and waits for its end: its result, or it throws
 * the failure. For a repeatable job's run driven by a test (the schedule's look, a delivery).
 */
export async function runToEnd(jobs: Jobs, name: string, input: unknown = null): Promise<unknown> {
  const id = `test-${randomBytes(8).toString('hex')}`;
  const waiter = waitForOutcome(jobs, name, id, { timeoutMs: 120_000, recheckMs: 500 });
  try {
    await jobs.enqueue(name, input, { id });
    const end = await waiter.end;
    if (end.type === 'failed') throw new Error(`${name} failed: ${end.error}`);
    return end.result;
  } finally {
    waiter.stop();
  }
}
