import { dialectOf, isPostgresUrl } from '#db/index.ts';
import { createBullJobs } from './bullmq.ts';
import type { JobsContext } from './context.ts';
import { createEmbeddedJobs } from './embedded.ts';
import type { CreateJobsOptions, Jobs } from './types.ts';
import { createWatchers } from './watchers.ts';

export { defineJob, JOB_REASONS } from './types.ts';
export type {
  AnyJobDefinition,
  CreateJobsOptions,
  JobDefinition,
  JobDefinitionsModule,
  JobDeps,
  JobEvent,
  JobModule,
  JobModules,
  JobState,
  JobStarter,
  JobStatus,
  Jobs,
  RunningJob,
} from './types.ts';
export {
  followJob,
  JobWaitTimeout,
  waitForOutcome,
  type JobEnd,
  type JobFollower,
  type OutcomeWaiter,
} from './outcome.ts';
export { stallTimings } from './bullmq-shared.ts';
export { loadJobDefinitions } from './modules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function check(options: CreateJobsOptions): void {
  const postgres = dialectOf(options.db) === 'postgres';
  if (postgres !== isPostgresUrl(options.databaseTarget))
    throw new Error('createJobs: databaseTarget must be what `db` was opened with.');
  if (options.databaseTarget === ':memory:')
    throw new Error(
      'Jobs run in worker threads with their own database connection, and an in-memory SQLite database cannot be shared: use a database file.',
    );
  const names = new Set<string>();
  for (const definition of options.definitions) {
    const { name, concurrency, attempts, backoffMs } = definition;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`Job name ${JSON.stringify(name)}: use a-z, 0-9 and -.`);
    if (names.has(name)) throw new Error(`Two jobs are named ${name}.`);
    names.add(name);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`${name}: concurrency must be 1 or more.`);
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`${name}: attempts must be 1 or more.`);
    if (!(backoffMs >= 0)) throw new Error(`${name}: backoffMs must be 0 or more.`);
    const everyMs = definition.repeat?.everyMs;
    if (everyMs !== undefined && !(Number.isInteger(everyMs) && everyMs >= 100))
      throw new Error(`${name}: repeat.everyMs must be a whole number of milliseconds, 100 or more.`);
  }
  if (!(options.stallSeconds >= 1 && options.stallSeconds <= 60)) throw new Error('stallSeconds must be from 1 to 60.');
  try {
    structuredClone(options.config);
  } catch (error) {
    throw new Error(`The jobs' config must be plain data (it is cloned into each thread): ${String(error)}`, {
      cause: error,
    });
  }
}

/**
 * The durable job system (docs/decisions/0032): the embedded SQLite queue when `db` is SQLite,
 * BullMQ on PostgreSQL otherwise. Resolves once it can enqueue and watch; `work()` starts running.
 */
export async function createJobs(options: CreateJobsOptions): Promise<Jobs> {
  check(options);
  const context = jobsContextOf(options);
  return dialectOf(options.db) === 'postgres' ? createBullJobs(context) : createEmbeddedJobs(context);
}

/** What both backends are built from, the options' defaults filled in. */
export function jobsContextOf(options: CreateJobsOptions): JobsContext {
  return {
    db: options.db,
    log: options.log,
    definitions: new Map(options.definitions.map((definition) => [definition.name, definition])),
    watchers: createWatchers(options.log),
    threadData: {
      definitionsModule: options.definitionsModule.href,
      config: options.config,
      databaseTarget: options.databaseTarget,
      databaseOptions: options.databaseOptions ?? {},
      logLevel: options.log.level,
    },
    databaseTarget: options.databaseTarget,
    stallSeconds: options.stallSeconds,
    queueSchema: options.queueSchema ?? 'bullmq',
    retentionMs: options.retentionMs ?? 7 * DAY_MS,
    abortGraceMs: options.abortGraceMs ?? 10_000,
    threadEntry: options.threadEntry,
  };
}
