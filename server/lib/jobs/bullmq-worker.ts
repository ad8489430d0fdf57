import { UnrecoverableError, WaitingError, type Job } from 'bullmq';
import { createPools, reportFailure, type JobsContext } from './context.ts';
import { connectionOf, type Lane, type Lanes } from './bullmq-lanes.ts';
import { fromBullId, isCancelReason, publicReason, stallTimings, type Envelope } from './bullmq-shared.ts';
import { messageOf } from './protocol.ts';
import { JOB_REASONS, type JobStarter } from './types.ts';
import { throttle } from './watchers.ts';
import { startWhenReady } from './worker-start.ts';

/*
 * A working process's side of BullMQ: a Worker per job name on the main thread, whose processor
 * hands each job to the name's thread pool and turns the outcome into BullMQ's terms (retry after
 * the backoff, fail for good with our reason, back to the queue at a shutdown).
 */

/** Errors whose onFailed already ran in the processor (the worker's 'failed' event skips them). */
const reported = new WeakSet<Error>();

function report<E extends Error>(error: E): E {
  reported.add(error);
  return error;
}

async function failForGood(
  context: JobsContext,
  lane: Lane,
  input: unknown,
  id: string,
  reason: string,
): Promise<never> {
  await reportFailure(context, lane.definition, input, id, reason);
  throw report(new UnrecoverableError(reason));
}

/**
 * Whether the job may run here, read again (a cancel may have marked it after this worker claimed
 * it); throws what ends the take when it may not: a cancel, or this worker closing.
 */
async function admit(lane: Lane, job: Job, token: string | undefined, closing: () => boolean): Promise<Envelope> {
  const envelope = ((await lane.queue.getJob(job.id!))?.data ?? job.data) as Envelope;
  if (envelope.cancelled) {
    const reason = envelope.cancelled === 'queued' ? JOB_REASONS.cancelledQueued : JOB_REASONS.cancelledActive;
    throw report(new UnrecoverableError(reason));
  }
  // Taken by this worker as it closes (a fetch already under way): given back at once, untouched.
  if (closing()) {
    await job.updateData({ ...envelope, returned: (envelope.returned ?? 0) + 1 });
    await job.moveToWait(token);
    throw new WaitingError();
  }
  return envelope;
}

async function processJob(
  context: JobsContext,
  lane: Lane,
  job: Job,
  token: string | undefined,
  signal: AbortSignal,
  closing: () => boolean,
): Promise<unknown> {
  const { definition } = lane;
  const id = fromBullId(job.id!);
  const envelope = await admit(lane, job, token, closing);
  const tries = job.attemptsStarted - (envelope.returned ?? 0);
  // Tries beyond `attempts` were started by workers that stopped (killed, or shut down).
  if (tries > definition.attempts) return failForGood(context, lane, envelope.input, id, JOB_REASONS.workerStopped);
  // One progress write at a time, so watchers hear them in order and before the outcome.
  let saving = Promise.resolve();
  const progress = throttle(definition.progressIntervalMs ?? 250, (value: unknown) => {
    saving = saving
      .then(() => job.updateProgress({ value } as object))
      .catch((error: unknown) =>
        context.log.warn({ err: error, job: definition.name, id }, 'saving job progress failed'),
      );
  });
  const run = { name: definition.name, id, input: envelope.input, attempt: tries };
  try {
    return await lane.pool!.run(run, signal, (value) => progress.push(value));
  } catch (error) {
    progress.cancel();
    if (signal.aborted && signal.reason === 'shutdown') {
      // Back in the queue at once for another worker; the try counts.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (signal.aborted && signal.reason === 'cancel') throw report(new UnrecoverableError(JOB_REASONS.cancelledActive));
    const message = messageOf(error);
    if (tries >= definition.attempts) return failForGood(context, lane, envelope.input, id, message);
    // BullMQ tries again after the backoff.
    throw new Error(message, { cause: error });
  } finally {
    progress.cancel();
    await saving;
  }
}

/** A Worker for the lane, made with `autorun: false`: it runs once its connections are ready (worker-start.ts). */
function newWorker(
  context: JobsContext,
  lane: Lane,
  Worker: Lanes['Worker'],
  closing: () => boolean,
): InstanceType<Lanes['Worker']> {
  const { definition } = lane;
  const worker = new Worker(
    definition.name,
    (job: Job, token: string | undefined, signal?: AbortSignal) =>
      processJob(context, lane, job, token, signal!, closing),
    {
      // The options of the lanes' connection, which the Worker is made on.
      connection: connectionOf(context),
      concurrency: definition.concurrency,
      ...stallTimings(context.stallSeconds),
      // Our own check (tries > attempts) fails a job first, with our reason.
      maxStalledCount: definition.attempts,
      autorun: false,
    },
  );
  worker.on('error', (error: Error) => context.log.error({ err: error, job: definition.name }, 'job worker error'));
  worker.on('failed', (job, error) => {
    // Failures that never reached the processor (BullMQ's own stall limit).
    if (!job || job.finishedOn === undefined || reported.has(error)) return;
    const reason = publicReason(error.message);
    if (isCancelReason(reason)) return;
    void reportFailure(context, definition, (job.data as Envelope).input, fromBullId(job.id!), reason);
  });
  return worker;
}

/** The lane's Worker and thread pool: this process takes the name's jobs from now on (once its Worker started). */
export async function startWorker(
  context: JobsContext,
  lane: Lane,
  Worker: Lanes['Worker'],
  jobs: JobStarter,
  closing: () => boolean,
): Promise<void> {
  const { definition } = lane;
  lane.pool = createPools(context, jobs, [definition]).get(definition.name);
  lane.worker = await startWhenReady(() => newWorker(context, lane, Worker, closing), {
    closed: closing,
    log: context.log,
    job: definition.name,
  });
}
