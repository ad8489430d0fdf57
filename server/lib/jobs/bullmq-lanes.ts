import { createPostgresBackend, withBackend, type Job } from 'bullmq';
import { GuardedPgClient } from '#db/pg-client.ts';
import type { JobsContext } from './context.ts';
import type { ThreadPool } from './pool.ts';
import { JOB_REASONS, type AnyJobDefinition } from './types.ts';
import {
  CANCEL_EVENT,
  eventsReading,
  fromBullId,
  progressFrom,
  publicReason,
  type OurEvents,
} from './bullmq-shared.ts';

/*
 * Scale-out (docs/decisions/0032): BullMQ on its PostgreSQL backend, in its own schema. Every
 * process has a lane per job name: a Queue, a QueueEvents (watchers, cancels) and a
 * QueueEventsProducer (cancels); a process that works also has a BullMQ Worker per name on its main
 * thread (so locks are renewed while a thread is busy) whose processor hands each job to the name's
 * thread pool (bullmq-worker.ts).
 */

/**
 * BullMQ's PostgreSQL backend opens its LISTEN connection as a standalone pg.Client, built from the pg
 * module it keeps, and listens for that client's 'error' only once connect() has resolved. A connection
 * cut right then (the server's FATAL read in the same chunk as its ReadyForQuery, before the awaiting
 * code runs) emitted 'error' with no listener: an uncaught exception. Here the backend builds the guarded
 * client instead, which always listens; the backend still learns of the loss and rebuilds the client.
 */
export const guardedPostgresBackend: typeof createPostgresBackend = (...args) => {
  const backend = createPostgresBackend(...args);
  const connection = (backend as unknown as { connection?: { pgModule?: object } }).connection;
  if (connection?.pgModule) connection.pgModule = { ...connection.pgModule, Client: GuardedPgClient };
  return backend;
};

export const { Queue, Worker, QueueEvents, QueueEventsProducer } = withBackend(guardedPostgresBackend);

export interface Lane {
  definition: AnyJobDefinition;
  queue: InstanceType<typeof Queue>;
  /** Opened once the queue is ready (a lane that failed to open has none). */
  events: InstanceType<typeof QueueEvents>;
  producer: InstanceType<typeof QueueEventsProducer>;
  worker?: InstanceType<typeof Worker>;
  pool?: ThreadPool;
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

/** The connection options of one BullMQ object (a pool of `max` connections). */
export function connectionOf(context: JobsContext, max: number) {
  return {
    connectionString: bullConnectionString(context.databaseTarget, context.queueSchema),
    schema: context.queueSchema,
    migrate: true,
    max,
    // A connection lost while BullMQ holds a client (its start-up) must not crash the process.
    Client: GuardedPgClient,
  };
}

/** How long a definition's finished jobs are kept, as BullMQ's removeOnComplete/removeOnFail say it. */
export function retentionOf(context: JobsContext, definition: AnyJobDefinition) {
  return { age: Math.ceil((definition.retentionMs ?? context.retentionMs) / 1000) };
}

/** Feeds this process's watchers from the queue's event stream, and passes cancels to its worker. */
function listen(context: JobsContext, lane: Lane): void {
  const { name } = lane.definition;
  const emit = (jobId: string, event: Parameters<typeof context.watchers.emit>[2]) =>
    context.watchers.emit(name, fromBullId(jobId), event);
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
}

/** A job name's Queue, QueueEvents and QueueEventsProducer, listening once they are ready. */
async function openLane(context: JobsContext, lanes: Map<string, Lane>, definition: AnyJobDefinition): Promise<void> {
  const name = definition.name;
  const onError = (error: Error) => context.log.error({ err: error, job: name }, 'job queue error');
  const queue = new Queue(name, { connection: connectionOf(context, 2) });
  queue.on('error', onError);
  const lane: Lane = { definition, queue } as Lane;
  lanes.set(name, lane);
  // Migrations run once, under BullMQ's advisory lock, before the other connections open.
  await queue.waitUntilReady();
  lane.events = new QueueEvents(name, { connection: connectionOf(context, 1) });
  lane.producer = new QueueEventsProducer(name, { connection: connectionOf(context, 1) });
  lane.events.on('error', onError);
  lane.producer.on('error', onError);
  listen(context, lane);
  await Promise.all([lane.events.waitUntilReady(), lane.producer.waitUntilReady()]);
  await eventsReading(lane.events, lane.producer);
}

export async function closeLanes(lanes: Map<string, Lane>): Promise<void> {
  await Promise.all(
    [...lanes.values()].flatMap((lane) => [lane.events?.close(), lane.producer?.close(), lane.queue.close()]),
  );
}

/** Every definition's lane, open and listening; none left open when one fails. */
export async function openLanes(context: JobsContext): Promise<Map<string, Lane>> {
  const lanes = new Map<string, Lane>();
  try {
    for (const definition of context.definitions.values()) await openLane(context, lanes, definition);
  } catch (error) {
    await closeLanes(lanes).catch(() => undefined);
    throw error;
  }
  return lanes;
}
