import { sql, type Selectable } from 'kysely';
import type { Db } from '#db/index.ts';
import type { Tables } from '#db/schema.ts';

/**
 * The embedded job queue's table (server/lib/jobs/embedded.ts, docs/decisions/0032): SQLite only,
 * one process. Input, progress and result are JSON text; times are milliseconds since the epoch.
 */
export type JobRow = Selectable<Tables['jobs']>;
export type JobRowStatus = JobRow['status'];

export interface NewJob {
  queue: string;
  id: string;
  input: string;
  maxAttempts: number;
  now: number;
}

function byKey(db: Db, queue: string, id: string) {
  return db.selectFrom('jobs').where('queue', '=', queue).where('id', '=', id);
}

/** The queue's first queued job that may start at `now` (in acceptance order). */
function firstDue(db: Db, queue: string, now: number) {
  return db
    .selectFrom('jobs')
    .where('queue', '=', queue)
    .where('status', '=', 'queued')
    .where('run_at', '<=', now)
    .orderBy('seq')
    .limit(1);
}

/** A new queued row, last in its queue's line (inside the caller's transaction). */
async function insertQueued(trx: Db, job: NewJob): Promise<void> {
  const { next } = await trx
    .selectFrom('jobs')
    .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
    .where('queue', '=', job.queue)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('jobs')
    .values({
      queue: job.queue,
      id: job.id,
      seq: next,
      status: 'queued',
      input: job.input,
      max_attempts: job.maxAttempts,
      run_at: job.now,
      created_at: job.now,
    })
    .execute();
}

/**
 * Accepts a job: joins the queued or active one with this id, else replaces a finished one (its row
 * goes) with a new queued row, last in its queue's line.
 */
export async function acceptJob(db: Db, job: NewJob): Promise<{ joined: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await byKey(trx, job.queue, job.id).select('status').executeTakeFirst();
    if (existing?.status === 'queued' || existing?.status === 'active') return { joined: true };
    if (existing) await trx.deleteFrom('jobs').where('queue', '=', job.queue).where('id', '=', job.id).execute();
    await insertQueued(trx, job);
    return { joined: false };
  });
}

/**
 * A run of a repeatable job: joins a run of its queue that is queued and may start now, else adds
 * one under `job.id`, last in line. A run under way is not joined: the new one starts after it.
 */
export async function acceptRun(db: Db, job: NewJob): Promise<{ id: string; joined: boolean }> {
  return db.transaction().execute(async (trx) => {
    const waiting = await firstDue(trx, job.queue, job.now).select('id').executeTakeFirst();
    if (waiting) return { id: waiting.id, joined: true };
    await insertQueued(trx, job);
    return { id: job.id, joined: false };
  });
}

/** Takes the first queued job that may run now (in acceptance order): active, one more try started. */
export async function claimNextJob(db: Db, queue: string, now: number): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await firstDue(trx, queue, now).selectAll().executeTakeFirst();
    if (!next) return undefined;
    const attempts = next.attempts + 1;
    await trx
      .updateTable('jobs')
      .set({ status: 'active', attempts })
      .where('queue', '=', queue)
      .where('id', '=', next.id)
      .execute();
    return { ...next, status: 'active', attempts };
  });
}

/** Gives a claimed job back untouched (claimed while the queue was closing). */
export async function releaseJob(db: Db, queue: string, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1) }))
    .where('queue', '=', queue)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .execute();
}

/** When the earliest queued job of this queue may run (a retry waits out its backoff). */
export async function nextRunAt(db: Db, queue: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('at'))
    .where('queue', '=', queue)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/**
 * Which of these queues hold a queued job that may run now: the idle poll's one cheap query, which
 * finds jobs another process (a command on the same SQLite file) accepted.
 */
export async function dueQueues(db: Db, queues: readonly string[], now: number): Promise<string[]> {
  if (queues.length === 0) return [];
  const rows = await db
    .selectFrom('jobs')
    .select('queue')
    .distinct()
    .where('queue', 'in', queues)
    .where('status', '=', 'queued')
    .where('run_at', '<=', now)
    .orderBy('queue')
    .execute();
  return rows.map((row) => row.queue);
}

export async function readJob(db: Db, queue: string, id: string): Promise<JobRow | undefined> {
  return byKey(db, queue, id).selectAll().executeTakeFirst();
}

/** How many jobs of this queue are queued and active (every process's: the table is shared). */
export async function countJobs(db: Db, queue: string): Promise<{ queued: number; active: number }> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
    .where('queue', '=', queue)
    .where('status', 'in', ['queued', 'active'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { queued: count('queued'), active: count('active') };
}

export async function activeJobs(db: Db, queues: readonly string[]): Promise<JobRow[]> {
  if (queues.length === 0) return [];
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('queue', 'in', queues)
    .where('status', '=', 'active')
    .orderBy('queue')
    .orderBy('seq')
    .execute();
}

export async function saveJobProgress(db: Db, queue: string, id: string, progress: string): Promise<void> {
  await db.updateTable('jobs').set({ progress }).where('queue', '=', queue).where('id', '=', id).execute();
}

export async function completeJob(
  db: Db,
  queue: string,
  id: string,
  result: string,
  now: number,
  /** The last progress as JSON, when its throttled write has not caught up. */
  progress?: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'completed', result, error: null, finished_at: now, ...(progress !== undefined && { progress }) })
    .where('queue', '=', queue)
    .where('id', '=', id)
    .execute();
}

/** A failed try with tries left: queued again, not before `runAt`. */
export async function retryJob(db: Db, queue: string, id: string, error: string, runAt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', error, run_at: runAt })
    .where('queue', '=', queue)
    .where('id', '=', id)
    .execute();
}

/** Ends a job for good: failed, or cancelled while it ran. */
export async function endJob(
  db: Db,
  queue: string,
  id: string,
  status: 'failed' | 'cancelled',
  error: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status, error, finished_at: now })
    .where('queue', '=', queue)
    .where('id', '=', id)
    .execute();
}

/** Cancels a job that has not started; answers whether it was queued. */
export async function cancelQueuedJob(db: Db, queue: string, id: string, error: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', error, finished_at: now })
    .where('queue', '=', queue)
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets finished jobs (their outcome lives in the features' own rows); answers how many. */
export async function pruneJobs(db: Db, finishedBefore: number, queue?: string): Promise<number> {
  let query = db.deleteFrom('jobs').where('finished_at', '<', finishedBefore);
  if (queue !== undefined) query = query.where('queue', '=', queue);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
