import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '#db/index.ts';
import { messageOf, type FromThread, type ThreadData, type ThreadRun, type ToThread } from './protocol.ts';
import { threadLogger } from './thread-log.ts';
import type { AnyJobDefinition, JobDefinitionsModule, JobDeps } from './types.ts';

/*
 * A job thread (docs/decisions/0032): imports the definitions module, opens its own database
 * connection, builds its dependencies and runs the jobs the main thread sends, one at a time.
 * Progress, results, errors and log lines go back by postMessage; an abort message aborts a job's
 * signal. Bundled as dist/job-thread.js; from source it is started through thread-source.mjs.
 */

const port = parentPort!;
const data = workerData as ThreadData;
const running = new Map<string, AbortController>();

function post(message: FromThread): void {
  port.postMessage(message);
}

interface Ready {
  db: Db;
  deps: JobDeps;
  definitions: Map<string, AnyJobDefinition>;
}

async function start(): Promise<Ready> {
  if (data.databaseTarget === ':memory:')
    throw new Error('A job thread cannot share an in-memory SQLite database: open a file (WAL mode) instead.');
  const module = (await import(data.definitionsModule)) as Partial<JobDefinitionsModule>;
  if (!Array.isArray(module.definitions))
    throw new Error(`${data.definitionsModule} exports no \`definitions\` array for the job threads.`);
  const db = await openDatabase(data.databaseTarget, { ...data.databaseOptions, poolSize: 2 });
  const log = threadLogger(data.logLevel, (line) => post({ type: 'log', line }));
  const base: JobDeps = { config: data.config, db, log };
  try {
    const deps = module.createDeps ? await module.createDeps(base) : base;
    return { db, deps, definitions: new Map(module.definitions.map((definition) => [definition.name, definition])) };
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
  try {
    const { deps, definitions } = await ready;
    const definition = definitions.get(name);
    if (!definition) throw new Error(`No job named ${name} in ${data.definitionsModule}.`);
    const job = {
      id,
      input: input as never,
      attempt,
      signal: controller.signal,
      progress: (progress: unknown) => post({ type: 'progress', id, progress }),
    };
    const result = await definition.run(job, deps as never);
    // A result that cannot be cloned throws here and fails the try like any other error.
    post({ type: 'done', id, result });
  } catch (error) {
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

port.on('message', (message: ToThread) => {
  if (message.type === 'run') void run(message.run);
  else if (message.type === 'abort') running.get(message.id)?.abort(message.reason);
  else void close();
});
