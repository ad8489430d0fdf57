import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { randomJobId, type JobsContext } from './context.ts';
import { retentionOf, type Lane } from './bullmq-lanes.ts';
import { statusFrom, toBullId, type Envelope } from './bullmq-shared.ts';

/*
 * How jobs enter a BullMQ queue: by id (joining a queued or active one, replacing a finished one),
 * as a run of a repeatable job (BullMQ's deduplication), and on a repeatable job's schedule (its
 * job scheduler).
 */

/** What every job of a lane is added with: its tries, backoff and retention. */
function jobOptions(context: JobsContext, lane: Lane) {
  const { attempts, backoffMs } = lane.definition;
  return {
    attempts,
    backoff: { type: 'fixed' as const, delay: backoffMs },
    removeOnComplete: retentionOf(context, lane.definition),
    removeOnFail: retentionOf(context, lane.definition),
  };
}

/** Whether the job under `jobId` is queued or active; a finished one is removed (false when it could not be yet). */
async function joinOrClear(lane: Lane, jobId: string): Promise<'joined' | 'clear' | 'busy'> {
  const existing = await lane.queue.getJob(jobId);
  if (!existing) return 'clear';
  const status = statusFrom(existing, await existing.getState());
  if (status === 'queued' || status === 'active') return 'joined';
  // Finished, or cancelled: the id starts again. A cancelled job being dropped is locked a moment.
  return existing.remove().then(
    () => 'clear',
    () => 'busy',
  );
}

/** Adds a job under `id`, or joins the queued or active one; a finished one is replaced. */
export async function enqueueById(
  context: JobsContext,
  lane: Lane,
  input: unknown,
  id: string,
): Promise<{ id: string; joined: boolean }> {
  const jobId = toBullId(id);
  const { name } = lane.definition;
  for (let round = 0; round < 10; round++) {
    const found = await joinOrClear(lane, jobId);
    if (found === 'joined') return { id, joined: true };
    if (found === 'busy') {
      await delay(20 * (round + 1));
      continue;
    }
    const nonce = randomJobId();
    const envelope: Envelope = { input: input ?? null, nonce };
    await lane.queue.add(name, envelope, { jobId, ...jobOptions(context, lane) });
    // The same id added by another process at the same moment: theirs won, ours joined it.
    const stored = await lane.queue.getJob(jobId);
    if (!stored || (stored.data as Envelope).nonce === nonce) return { id, joined: false };
    const status = statusFrom(stored, await stored.getState());
    if (status === 'queued' || status === 'active') return { id, joined: true };
  }
  throw new Error(`The ${name} job ${id} could not be queued: its id stayed busy.`);
}

/**
 * A run of a repeatable job: BullMQ's deduplication joins a run that is queued, and keeps one more
 * for after a run under way (`keepLastIfActive`), across every process on the queue.
 */
export async function enqueueRun(context: JobsContext, lane: Lane): Promise<void> {
  const { name } = lane.definition;
  const envelope: Envelope = { input: null, nonce: randomJobId() };
  await lane.queue.add(name, envelope, {
    jobId: toBullId(randomJobId()),
    deduplication: { id: `${name}:run-now`, keepLastIfActive: true },
    ...jobOptions(context, lane),
  });
}

/**
 * The repeatable job's scheduler (every process that works says the same, so the upsert changes
 * nothing after the first): BullMQ adds each slot's job once, as `repeat:<name>:<slot>`.
 *
 * BullMQ's PostgreSQL scheduler reads the schedule, then writes it: two processes that upsert it at
 * the same moment both read none, and each queued a first run of its own (a millisecond apart, under
 * load). The upserts take turns under a lock of the same database, held until the upsert has
 * committed, so the second reads the first's schedule and replaces its queued run.
 */
export async function upsertSchedule(context: JobsContext, lane: Lane): Promise<void> {
  const { name, repeat } = lane.definition;
  if (!repeat) return;
  const envelope: Envelope = { input: null, nonce: 'schedule' };
  const key = `jobs:schedule:${context.queueSchema}:${name}`;
  await context.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    await lane.queue.upsertJobScheduler(
      name,
      { every: repeat.everyMs },
      { name, data: envelope, opts: jobOptions(context, lane) },
    );
  });
}
