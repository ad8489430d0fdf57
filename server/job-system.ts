import { dialectOf, type Db, type OpenOptions } from '#db/index.ts';
import type { Config } from './config/index.ts';
import { jobModules } from './jobs.ts';
import { createJobs, loadJobDefinitions, type AnyJobDefinition, type Jobs } from './lib/jobs/index.ts';
import type { Logger } from './lib/logger.ts';

// From source (tests, `npm run dev`) the threads import server/jobs.ts; from dist, the bundle's
// job-definitions.js beside server.js (scripts/build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const definitionsModule = new URL(fromSource ? './jobs.ts' : './job-definitions.js', import.meta.url);

/**
 * The definitions as this process runs them: one may take its concurrency from the settings
 * (`concurrencyFrom`, e.g. SITE_AUDIT_MAX_RUNNING), threads per process that runs jobs, and its
 * threads' heap ceiling (`heapLimitFrom`, e.g. SITE_AUDIT_HEAP_MB). Only the
 * main thread reads it (every job's module loaded); a thread only runs what it is given.
 */
export async function definitionsFor(config: Config): Promise<AnyJobDefinition[]> {
  return (await loadJobDefinitions(jobModules)).map((definition) => {
    const { concurrencyFrom, heapLimitFrom } = definition as {
      concurrencyFrom?: (config: Config) => number;
      heapLimitFrom?: (config: Config) => number;
    };
    return {
      ...definition,
      ...(concurrencyFrom ? { concurrency: concurrencyFrom(config) } : {}),
      ...(heapLimitFrom ? { heapLimitMb: heapLimitFrom(config) } : {}),
    };
  });
}

/**
 * The app's job system on its database: the embedded SQLite queue, or BullMQ on PostgreSQL.
 * Every process may enqueue; only processes whose ROLE runs jobs call `work()`.
 */
export async function openJobSystem(options: {
  config: Config;
  db: Db;
  log: Logger;
  databaseTarget: string;
  databaseOptions?: OpenOptions;
  queueSchema?: string;
  /**
   * Run the threads from the build (dist/job-thread.js and dist/job-definitions.js) even from
   * source: tests do, since a thread loading the sources through tsx takes seconds to start.
   */
  threadsFromBuild?: boolean;
}): Promise<Jobs> {
  const build = options.threadsFromBuild && fromSource ? new URL('../dist/', import.meta.url) : undefined;
  return createJobs({
    db: options.db,
    databaseTarget: options.databaseTarget,
    databaseOptions: options.databaseOptions,
    config: options.config,
    log: options.log,
    definitionsModule: build ? new URL('job-definitions.js', build) : definitionsModule,
    threadEntry: build ? new URL('job-thread.js', build) : undefined,
    definitions: await definitionsFor(options.config),
    stallSeconds: options.config.jobStallSeconds,
    queueSchema: options.queueSchema,
  });
}

/** Whether this process runs jobs (`all`, `worker`) or only serves pages (`web`). */
export function runsJobs(config: Pick<Config, 'role'>): boolean {
  return config.role !== 'web';
}

/** For the boot log: which queue carries the jobs. */
export function jobsDescription(db: Db): string {
  return dialectOf(db) === 'postgres' ? 'BullMQ on PostgreSQL' : 'embedded queue in SQLite';
}
