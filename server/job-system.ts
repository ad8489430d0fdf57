import { dialectOf, type Db, type OpenOptions } from '#db/index.ts';
import type { Config } from './config/index.ts';
import { definitions } from './jobs.ts';
import { createJobs, type AnyJobDefinition, type Jobs } from './lib/jobs/index.ts';
import type { Logger } from './lib/logger.ts';

// From source (tests, `npm run dev`) the threads import server/jobs.ts; from dist, the bundle's
// job-definitions.js beside server.js (scripts/build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const definitionsModule = new URL(fromSource ? './jobs.ts' : './job-definitions.js', import.meta.url);

/**
 * A definition whose threads per process come from the config (SITEMAP_MAX_RUNNING, say): its
 * `concurrencyFor(config)` replaces its `concurrency` in the process that opens the job system.
 * Only the main thread sizes pools and workers, so the threads never need it.
 */
export interface SizedByConfig {
  concurrencyFor(config: Config): number;
}

function sizedFor(config: Config, definition: AnyJobDefinition): AnyJobDefinition {
  const sized = definition as AnyJobDefinition & Partial<SizedByConfig>;
  return sized.concurrencyFor ? { ...definition, concurrency: sized.concurrencyFor(config) } : definition;
}

/**
 * The app's job system on its database: the embedded SQLite queue, or BullMQ on PostgreSQL.
 * Every process may enqueue; only processes whose ROLE runs jobs call `work()`.
 */
export function openJobSystem(options: {
  config: Config;
  db: Db;
  log: Logger;
  databaseTarget: string;
  databaseOptions?: OpenOptions;
  queueSchema?: string;
}): Promise<Jobs> {
  return createJobs({
    db: options.db,
    databaseTarget: options.databaseTarget,
    databaseOptions: options.databaseOptions,
    config: options.config,
    log: options.log,
    definitionsModule,
    definitions: definitions.map((definition) => sizedFor(options.config, definition)),
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
