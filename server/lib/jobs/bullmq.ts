import { setTimeout as delay } from 'node:timers/promises';
import { createPostgresBackend, UnrecoverableError, WaitingError, withBackend, type Job } from 'bullmq';
import { GuardedPgClient } from '#db/pg-client.ts';
import { createPools, definitionOf, randomJobId, reportFailure, stateOf, type JobsContext } from './context.ts';
import type { ThreadPool } from './pool.ts';
import { messageOf } from './protocol.ts';
import { JOB_REASONS, type AnyJobDefinition, type Jobs } from './types.ts';
import { throttle } from './watchers.ts';
import { startWhenReady } from './worker-start.ts';
import {
  CANCEL_EVENT,
  errorFrom,
  eventsReading,
  fromBullId,
  isCancelReason,
  progressFrom,
  publicReason,
  stallTimings,
  statusFrom,
  toBullId,
  triesOf,
  type Envelope,
  type OurEvents,
} from './bullmq-shared.ts';

/*
 * Scale-out (docs/decisions/0032): BullMQ on its PostgreSQL backend, in its own schema. Every
 * process has a Queue, a QueueEvents (watchers, cancels) and a QueueEventsProducer (cancels) per job
 * name; a process that works also has a BullMQ Worker per name on its main thread (so locks are
 * renewed while a thread is busy) whose processor hands each job to the name's thread pool.
 */

const { Queue, Worker, QueueEvents, QueueEventsProducer } = withBackend(createPostgresBackend);

interface Lane {
  definition: AnyJobDefinition;
  queue: InstanceType<typeof Queue>;
  /** Opened once the queue is ready (a lane that failed to open has none). */
  events: InstanceType<typeof QueueEvents>;
  producer: InstanceType<typeof QueueEventsProducer>;
  worker?: InstanceType<typeof Worker>;
  pool?: ThreadPool;
}

/** Errors whose onFailed already ran in the processor (the worker's 'failed' event skips them). */
const reported = new WeakSet<Error>();

function report<E extends Error>(error: E): E {
  reported.add(error);
  return error;
}

/**
 * BullMQ works in its own schema, which it names in the pool's `options`; pg lets an `options`
 * parameter of the URL (DATABASE_URL=...?options=-c search_path=app) override that, and BullMQ's
 * tables would then not be found. Appended last, BullMQ's search_path wins.
 */
export function bullConnectionString(target: string, schema: string): string {
  const url = new URL(target);
  const options = url.searchParams.get('options');
  if (options) url.searchParams.set('options', `${options} -c search_path="${schema.replaceAll('"', '""')}"`);
  return url.toString();
}

export async function createBullJobs(context: JobsContext): Promise<Jobs> {
  const { log, watchers } = context;
  const connection = (max: number) => ({
    connectionString: bullConnectionString(context.databaseTarget, context.queueSchema),
    schema: context.queueSchema,
    migrate: true,
    max,
    // A connection lost while BullMQ holds a client (its start-up) must not crash the process.
    Client: GuardedPgClient,
  });
  const retentionOf = (definition: AnyJobDefinition) => ({
    age: Math.ceil((definition.retentionMs ?? context.retentionMs) / 1000),
  });
  const lanes = new Map<string, Lane>();
  let working = false;
  let closed: Promise<void> | undefined;

  /** A job name's Queue, QueueEvents and QueueEventsProducer, listening once they are ready. */
  async function openLane(definition: AnyJobDefinition): Promise<void> {
    const name = definition.name;
    const onError = (error: Error) => log.error({ err: error, job: name }, 'job queue error');
    const queue = new Queue(name, { connection: connection(2) });
    queue.on('error', onError);
    const lane: Lane = { definition, queue } as Lane;
    lanes.set(name, lane);
    // Migrations run once, under BullMQ's advisory lock, before the other connections open.
    await queue.waitUntilReady();
    lane.events = new QueueEvents(name, { connection: connection(1) });
    lane.producer = new QueueEventsProducer(name, { connection: connection(1) });
    lane.events.on('error', onError);
    lane.producer.on('error', onError);
    const emit = (jobId: string, event: Parameters<typeof watchers.emit>[2]) =>
      watchers.emit(name, fromBullId(jobId), event);
    lane.events.on('progress', ({ jobId, data }) =>
      emit(jobId, { type: 'progress', progress: progressFrom({ progress: data } as Job) }),
    );
    lane.events.on('completed', ({ jobId, returnvalue }) => emit(jobId, { type: 'completed', result: returnvalue }));
    lane.events.on('failed', ({ jobId, failedReason }) => {
      // Announced by the cancel itself; the worker that drops the job later says it again.
      if (failedReason !== JOB_REASONS.cancelledQueued)
        emit(jobId, { type: 'failed', error: publicReason(failedReason) });
    });
    lane.events.on<OurEvents, typeof CANCEL_EVENT>(CANCEL_EVENT, ({ jobId, was }) => {
      if (was === 'queued') emit(jobId, { type: 'failed', error: JOB_REASONS.cancelledQueued });
      lane.worker?.cancelJob(jobId, 'cancel');
    });
    await Promise.all([lane.events.waitUntilReady(), lane.producer.waitUntilReady()]);
    await eventsReading(lane.events, lane.producer);
  }

  async function closeLanes(): Promise<void> {
    await Promise.all(
      [...lanes.values()].flatMap((lane) => [lane.events?.close(), lane.producer?.close(), lane.queue.close()]),
    );
  }

  try {
    for (const definition of context.definitions.values()) await openLane(definition);
  } catch (error) {
    await closeLanes().catch(() => undefined);
    throw error;
  }

  const laneOf = (name: string) => {
    definitionOf(context, name);
    return lanes.get(name)!;
  };

  async function failForGood(lane: Lane, input: unknown, id: string, reason: string): Promise<never> {
    await reportFailure(context, lane.definition, input, id, reason);
    throw report(new UnrecoverableError(reason));
  }

  async function processJob(lane: Lane, job: Job, token: string | undefined, signal: AbortSignal): Promise<unknown> {
    const { definition } = lane;
    const id = fromBullId(job.id!);
    // Read again: a cancel may have marked the job after this worker claimed it.
    const envelope = ((await lane.queue.getJob(job.id!))?.data ?? job.data) as Envelope;
    if (envelope.cancelled) {
      const reason = envelope.cancelled === 'queued' ? JOB_REASONS.cancelledQueued : JOB_REASONS.cancelledActive;
      throw report(new UnrecoverableError(reason));
    }
    // Taken by this worker as it closes (a fetch already under way): given back at once, untouched.
    if (closed) {
      await job.updateData({ ...envelope, returned: (envelope.returned ?? 0) + 1 });
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const tries = job.attemptsStarted - (envelope.returned ?? 0);
    // Tries beyond `attempts` were started by workers that stopped (killed, or shut down).
    if (tries > definition.attempts) return failForGood(lane, envelope.input, id, JOB_REASONS.workerStopped);
    // One progress write at a time, so watchers hear them in order and before the outcome.
    let saving = Promise.resolve();
    const progress = throttle(definition.progressIntervalMs ?? 250, (value: unknown) => {
      saving = saving
        .then(() => job.updateProgress({ value } as object))
        .catch((error: unknown) => log.warn({ err: error, job: definition.name, id }, 'saving job progress failed'));
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
      if (signal.aborted && signal.reason === 'cancel')
        throw report(new UnrecoverableError(JOB_REASONS.cancelledActive));
      const message = messageOf(error);
      if (tries >= definition.attempts) return failForGood(lane, envelope.input, id, message);
      // BullMQ tries again after the backoff.
      throw new Error(message, { cause: error });
    } finally {
      progress.cancel();
      await saving;
    }
  }

  function newWorker(lane: Lane): InstanceType<typeof Worker> {
    const { definition } = lane;
    const worker = new Worker(
      definition.name,
      (job: Job, token: string | undefined, signal?: AbortSignal) => processJob(lane, job, token, signal!),
      {
        connection: connection(2),
        concurrency: definition.concurrency,
        ...stallTimings(context.stallSeconds),
        // Our own check (tries > attempts) fails a job first, with our reason.
        maxStalledCount: definition.attempts,
        // Run only once its connections are ready (worker-start.ts).
        autorun: false,
      },
    );
    worker.on('error', (error: Error) => log.error({ err: error, job: definition.name }, 'job worker error'));
    worker.on('failed', (job, error) => {
      // Failures that never reached the processor (BullMQ's own stall limit).
      if (!job || job.finishedOn === undefined || reported.has(error)) return;
      const reason = publicReason(error.message);
      if (isCancelReason(reason)) return;
      void reportFailure(context, definition, (job.data as Envelope).input, fromBullId(job.id!), reason);
    });
    return worker;
  }

  async function startWorker(lane: Lane): Promise<void> {
    const { definition } = lane;
    lane.pool = createPools({ ...context, definitions: new Map([[definition.name, definition]]) }).get(definition.name);
    lane.worker = await startWhenReady(() => newWorker(lane), {
      closed: () => Boolean(closed),
      log,
      job: definition.name,
    });
  }

  return {
    async enqueue(name, input, options) {
      const lane = laneOf(name);
      const id = options?.id ?? randomJobId();
      const jobId = toBullId(id);
      const { attempts, backoffMs } = lane.definition;
      for (let round = 0; round < 10; round++) {
        const existing = await lane.queue.getJob(jobId);
        if (existing) {
          const status = statusFrom(existing, await existing.getState());
          if (status === 'queued' || status === 'active') return { id, joined: true };
          // Finished, or cancelled: the id starts again. A cancelled job being dropped is locked a moment.
          const removed = await existing.remove().then(
            () => true,
            () => false,
          );
          if (!removed) {
            await delay(20 * (round + 1));
            continue;
          }
        }
        const nonce = randomJobId();
        const envelope: Envelope = { input: input ?? null, nonce };
        await lane.queue.add(name, envelope, {
          jobId,
          attempts,
          backoff: { type: 'fixed', delay: backoffMs },
          removeOnComplete: retentionOf(lane.definition),
          removeOnFail: retentionOf(lane.definition),
        });
        // The same id added by another process at the same moment: theirs won, ours joined it.
        const stored = await lane.queue.getJob(jobId);
        if (!stored || (stored.data as Envelope).nonce === nonce) return { id, joined: false };
        const status = statusFrom(stored, await stored.getState());
        if (status === 'queued' || status === 'active') return { id, joined: true };
      }
      throw new Error(`The ${name} job ${id} could not be queued: its id stayed busy.`);
    },
    async cancel(name, id) {
      const lane = laneOf(name);
      const jobId = toBullId(id);
      const job = await lane.queue.getJob(jobId);
      if (!job) return undefined;
      const status = statusFrom(job, await job.getState());
      if (status !== 'queued' && status !== 'active') return undefined;
      // The mark keeps it from running (or running again); the event reaches the process running it.
      await job.updateData({ ...(job.data as Envelope), cancelled: status });
      await lane.producer.publishEvent({ eventName: CANCEL_EVENT, jobId, was: status });
      return status;
    },
    async state(name, id) {
      const job = await laneOf(name).queue.getJob(toBullId(id));
      if (!job) return undefined;
      const status = statusFrom(job, await job.getState());
      if (!status) return undefined;
      return stateOf({
        status,
        progress: progressFrom(job),
        result: status === 'completed' ? (job.returnvalue as unknown) : undefined,
        error: errorFrom(job, status),
        // A worker that takes up a job only to fail it (its tries were used up) starts no try.
        attempts: Math.min(triesOf(job), laneOf(name).definition.attempts),
      });
    },
    async counts(name) {
      // A job cancelled while queued counts until a worker drops it.
      const counts = await laneOf(name).queue.getJobCounts(
        'waiting',
        'delayed',
        'prioritized',
        'waiting-children',
        'active',
      );
      const { active = 0, ...waiting } = counts;
      return { queued: Object.values(waiting).reduce((sum, count) => sum + count, 0), active };
    },
    watch: (name, id, listener) => {
      laneOf(name);
      return watchers.watch(name, id, listener);
    },
    async work() {
      if (working || closed) return;
      working = true;
      await Promise.all([...lanes.values()].map((lane) => startWorker(lane)));
    },
    close() {
      closed ??= (async () => {
        // Closing first: a worker that is closing fetches nothing, so a job the abort below gives back
        // to the queue (moveToWait) is left for another worker instead of being taken up again here.
        const stopping = [...lanes.values()].map((lane) => lane.worker?.close());
        for (const lane of lanes.values()) lane.worker?.cancelAllJobs('shutdown');
        await Promise.all(stopping);
        await Promise.all([...lanes.values()].map((lane) => lane.pool?.close()));
        await closeLanes();
      })();
      return closed;
    },
  };
}
