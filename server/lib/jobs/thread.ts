import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '#db/index.ts';
import {
  messageOf,
  type FromThread,
  type JobsCall,
  type ThreadData,
  type ThreadRun,
  type ToThread,
} from './protocol.ts';
import { loadJobModule } from './modules.ts';
import { threadLogger } from './thread-log.ts';
import { throttle, type Throttle } from './watchers.ts';
import type { AnyJobDefinition, JobDefinitionsModule, JobDeps, JobStarter } from './types.ts';

/*
 * A job thread (docs/decisions/0032): imports the definitions module, opens its own database
 * connection, builds its dependencies and runs the jobs the main thread sends, one at a time. A job's
 * own module is imported on the thread's first job of that name (its loader in `jobModules`), so a
 * thread holds only the code of the jobs it ran (decision 0059, "A job thread's fixed cost").
 * Progress, results, errors and log lines go back by postMessage; an abort message aborts a job's
 * signal. Bundled as dist/job-thread.js; from source it is started through thread-source.mjs.
 */

const port = parentPort!;
const data = workerData as ThreadData;
const running = new Map<string, AbortController>();
/** Calls of the job system waiting for the main thread's answer. */
const calls = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
let lastCall = 0;

function post(message: FromThread): void {
  port.postMessage(message);
}

/** The job system as a job sees it: each call is made by the main thread's `Jobs`. */
function call(request: JobsCall): Promise<unknown> {
  const id = ++lastCall;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    post({ type: 'jobs', call: id, ...request });
  });
}

const jobs: JobStarter = {
  enqueue: (name, input, options) =>
    call({ method: 'enqueue', args: [name, input, options] }) as ReturnType<JobStarter['enqueue']>,
  runNow: (name) => call({ method: 'runNow', args: [name] }) as ReturnType<JobStarter['runNow']>,
};

interface Ready {
  db: Db;
  deps: JobDeps;
  module: JobDefinitionsModule;
}

/** The jobs this thread has loaded, by name. */
const loaded = new Map<string, Promise<AnyJobDefinition>>();

/** A job's definition, its module imported on the first job of that name (a failed import is tried again). */
function definitionOf(module: JobDefinitionsModule, name: string): Promise<AnyJobDefinition> {
  let definition = loaded.get(name);
  if (!definition) {
    definition = loadJobModule(module.jobModules, name);
    loaded.set(name, definition);
    definition.catch(() => loaded.delete(name));
  }
  return definition;
}

async function start(): Promise<Ready> {
  if (data.databaseTarget === ':memory:')
    throw new Error('A job thread cannot share an in-memory SQLite database: open a file (WAL mode) instead.');
  const module = (await import(data.definitionsModule)) as Partial<JobDefinitionsModule>;
  if (typeof module.jobModules !== 'object' || module.jobModules === null)
    throw new Error(`${data.definitionsModule} exports no \`jobModules\` (each job's loader) for the job threads.`);
  const db = await openDatabase(data.databaseTarget, { ...data.databaseOptions, poolSize: 2 });
  const log = threadLogger(data.logLevel, (line) => post({ type: 'log', line }));
  const base: JobDeps = {
    config: data.config,
    db,
    log,
    jobs,
    database: { target: data.databaseTarget, options: data.databaseOptions },
  };
  try {
    const deps = module.createDeps ? await module.createDeps(base) : base;
    return { db, deps, module: module as JobDefinitionsModule };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

const ready = start();
// A failed start is reported to each job it would have run.
ready.catch(() => undefined);

async function run({ name, id, input, attempt }: ThreadRun): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  let progress: Throttle<unknown> | undefined;
  try {
    const { deps, module } = await ready;
    const definition = await definitionOf(module, name);
    // Throttled here as the main thread throttles it: a message per page cost a site audit's thread 6% of its crawl (0070).
    progress = throttle(definition.progressIntervalMs ?? 250, (value: unknown) =>
      post({ type: 'progress', id, progress: value }),
    );
    const job = { id, input: input as never, attempt, signal: controller.signal, progress: progress.push };
    const result = await definition.run(job, deps as never);
    progress.flush();
    // A result that cannot be cloned throws here and fails the try like any other error.
    post({ type: 'done', id, result });
  } catch (error) {
    progress?.flush();
    post({ type: 'error', id, message: messageOf(error) });
  } finally {
    running.delete(id);
  }
}

async function close(): Promise<void> {
  const started = await ready.catch(() => undefined);
  await started?.db.destroy().catch(() => undefined);
  // Ends this thread only, whatever handles a job left open.
  process.exit(0);
}

function answered(message: Extract<ToThread, { type: 'jobs-answer' }>): void {
  const waiting = calls.get(message.call);
  calls.delete(message.call);
  if (message.error !== undefined) waiting?.reject(new Error(message.error));
  else waiting?.resolve(message.result);
}

port.on('message', (message: ToThread) => {
  if (message.type === 'run') void run(message.run);
  else if (message.type === 'abort') running.get(message.id)?.abort(message.reason);
  else if (message.type === 'jobs-answer') answered(message);
  else void close();
});
