import {
  PostgresConnection,
  PostgresQueueBackend,
  withBackend,
  type Job,
  type PostgresConnectionOptions,
  type QueueBaseOptions,
} from 'bullmq';
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
 * thread pool (bullmq-worker.ts). A process's lanes share one BullMQ connection (`openLanes`).
 */

/**
 * The LISTEN client a process's BullMQ objects share: every QueueEvents and Worker waits on it with a
 * listener of its own (30 and more), and their LISTENs and names reach it at once: its queries run one
 * at a time, as node-postgres wants (it only warns, for now, of a query sent while one runs).
 */
class SharedListenClient extends GuardedPgClient {
  constructor(...args: ConstructorParameters<typeof GuardedPgClient>) {
    super(...args);
    this.setMaxListeners(0);
    const query = this.query.bind(this) as (...queryArgs: unknown[]) => Promise<unknown>;
    let last: Promise<unknown> = Promise.resolve();
    this.query = ((...queryArgs: unknown[]) => {
      const run = last.then(() => query(...queryArgs));
      last = run.catch(() => undefined);
      return run;
    }) as typeof this.query;
  }
}

/**
 * A process's one BullMQ connection. BullMQ's PostgreSQL backend opens its LISTEN connection as a
 * standalone pg.Client, built from the pg module it keeps, and listens for that client's 'error' only
 * once connect() has resolved. A connection cut right then (the server's FATAL read in the same chunk as
 * its ReadyForQuery, before the awaiting code runs) emitted 'error' with no listener: an uncaught
 * exception. Here it builds the guarded client instead, which always listens; the connection still
 * learns of the loss and rebuilds the client. Every lane's QueueEvents and Worker listens to the
 * connection (its errors reach their log lines).
 */
export function guardedConnection(options: PostgresConnectionOptions): PostgresConnection {
  const connection = new PostgresConnection(options);
  const held = connection as unknown as { pgModule?: object };
  if (held.pgModule) held.pgModule = { ...held.pgModule, Client: SharedListenClient };
  connection.setMaxListeners(0);
  connection.on('error', () => undefined);
  return connection;
}

/**
 * A process's BullMQ classes, on one connection: a pool for every object's queries and one LISTEN
 * client for every QueueEvents and Worker. Each of their backends owns it as far as BullMQ knows (it
 * forwards its errors, and re-LISTENs when the LISTEN client is rebuilt after a loss), but a Worker's
 * close leaves it open: the lanes close it, after the Workers (the first QueueEvents to close ends it,
 * as all close together). Queues and producers only query. Before, each of the process's 60 objects
 * had a connection of its own (over 100 in all), and connecting, about 30 ms each on the loaded 2-core
 * test machine and as long to close, was nearly all of a process's start and stop on PostgreSQL. Its
 * start having succeeded once, a Worker made on it cannot fail to start (worker-start.ts still guards
 * its start).
 */
function sharedClasses(connection: PostgresConnection) {
  return withBackend((name, opts: QueueBaseOptions<PostgresConnectionOptions>, options) => {
    if (!options?.blocking && !options?.withBlockingConnection)
      return new PostgresQueueBackend(connection, name, opts, false);
    const backend = new PostgresQueueBackend(connection, name, opts, true);
    // The LISTEN client's application_name names one object in BullMQ's discovery (getWorkers,
    // getQueueEvents, which we do not use): shared, it would name the last of 30, one query each.
    backend.setName = async () => undefined;
    if (options.withBlockingConnection) {
      backend.close = async () => undefined;
      backend.disconnect = async () => undefined;
    }
    return backend;
  });
}

type Classes = ReturnType<typeof sharedClasses>;

export interface Lane {
  definition: AnyJobDefinition;
  queue: InstanceType<Classes['Queue']>;
  events: InstanceType<Classes['QueueEvents']>;
  producer: InstanceType<Classes['QueueEventsProducer']>;
  worker?: InstanceType<Classes['Worker']>;
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

/**
 * The pool a process's BullMQ objects share: enqueues, reads of jobs, events read and published, and
 * the Workers' fetches, lock renewals and stalled checks, one short query each.
 */
const POOL_SIZE = 6;

/**
 * The options of a process's one BullMQ connection (`openLanes`), also given to each object made on it.
 * It migrates BullMQ's schema once, under BullMQ's advisory lock (every object's own connection did, in
 * turn: a transaction of eight statements each).
 */
export function connectionOf(context: JobsContext) {
  return {
    connectionString: bullConnectionString(context.databaseTarget, context.queueSchema),
    schema: context.queueSchema,
    migrate: true,
    max: POOL_SIZE,
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

/**
 * A job name's Queue, QueueEvents and QueueEventsProducer, listening once they are ready. The lane is
 * in `lanes` before its first wait, so a failed open closes whatever it had made.
 */
async function openLane(
  context: JobsContext,
  lanes: Map<string, Lane>,
  definition: AnyJobDefinition,
  classes: Classes,
): Promise<void> {
  const name = definition.name;
  const onError = (error: Error) => context.log.error({ err: error, job: name }, 'job queue error');
  const connection = connectionOf(context);
  const queue = new classes.Queue(name, { connection });
  queue.on('error', onError);
  const lane: Lane = { definition, queue } as Lane;
  lanes.set(name, lane);
  lane.events = new classes.QueueEvents(name, { connection });
  lane.producer = new classes.QueueEventsProducer(name, { connection });
  lane.events.on('error', onError);
  lane.producer.on('error', onError);
  listen(context, lane);
  await Promise.all([queue.waitUntilReady(), lane.events.waitUntilReady(), lane.producer.waitUntilReady()]);
  await eventsReading(lane.events, lane.producer);
}

export interface Lanes {
  lanes: Map<string, Lane>;
  /** The Worker class, on the lanes' connection. */
  Worker: Classes['Worker'];
  /** Closes the lanes and their connection (the Workers closed first). */
  close(): Promise<void>;
}

/**
 * Every definition's lane, open and listening, on one connection that migrates BullMQ's schema first;
 * none left open when one fails. The lanes open side by side: one after another, a process's 15 lanes
 * waited out 15 rounds of connecting, checking and proving their event stream.
 */
export async function openLanes(context: JobsContext): Promise<Lanes> {
  const lanes = new Map<string, Lane>();
  const connection = guardedConnection(connectionOf(context));
  const classes = sharedClasses(connection);
  const close = async () => {
    await Promise.all(
      [...lanes.values()].flatMap((lane) => [lane.events?.close(), lane.producer?.close(), lane.queue.close()]),
    );
    await connection.close();
  };
  // Every open settles before anything is closed.
  const opened = await Promise.allSettled(
    [...context.definitions.values()].map((definition) => openLane(context, lanes, definition, classes)),
  );
  const failed = opened.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await close().catch(() => undefined);
    throw failed.reason;
  }
  return { lanes, Worker: classes.Worker, close };
}
