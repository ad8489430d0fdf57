import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openDatabase, type Db, type Dialect, type OpenOptions } from '#db/index.ts';
import { createApp, type CreateAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import { openJobSystem, runsJobs } from '#server/job-system.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { operatorProfilePath } from './business.ts';
import { openJobsDatabase } from './jobs.ts';
import { trackOpen } from './left-open.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  jobs: Jobs;
  /** What the database was opened with: another app or process can open the same one. */
  database: { target: string; options: OpenOptions; queueSchema: string };
  /** Stops the app's background work and its jobs (a process stopping), leaving its database open. */
  stop(): Promise<void>;
  /** Stops the app, closes its database (a PostgreSQL one it opened drops its schemas). */
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Pick<CreateAppOptions, 'pages' | 'assets'>> {
  env?: Record<string, string>;
  /** A temp-dir DATA_DIR (SQLite file inside it) instead of `:memory:` for DATA_DIR. */
  file?: boolean;
  dataDir?: string;
  /** Which database: SQLite (default) or fresh schemas on the test PostgreSQL server. */
  dialect?: Dialect;
  /**
   * Another test app's database (its `database`): this app opens its own connection to it and to its
   * queue, as a second process (or the same one restarted) would, and leaves both to their owner.
   */
  database?: TestApp['database'];
}

/**
 * A fresh app, logging silenced, run for a test operator's profile (pass `SITE_PROFILE: ''` for the
 * sample), prepared as the server prepares it before listening, with its job system working (ROLE
 * `all`). The database is a SQLite file in a temp dir (job threads open it too; DATA_DIR stays
 * `:memory:` unless `file` or `dataDir` is given, where the file then lives), or PostgreSQL with
 * `dialect: 'postgres'` (fresh schemas for the tables and the queue).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (options.file ? mkdtempSync(join(tmpdir(), 'seo-test-')) : ':memory:');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SITE_URL: 'https://example.test',
    SITE_PROFILE: operatorProfilePath,
    ...options.env,
  });
  let opened: { db: Db; target: string; options: OpenOptions; queueSchema: string; close(): Promise<void> };
  if (options.database) {
    const { target, options: openOptions, queueSchema } = options.database;
    const db = await openDatabase(target, openOptions.schema ? { ...openOptions, poolSize: 4 } : openOptions);
    opened = { db, target, options: openOptions, queueSchema, close: () => db.destroy() };
  } else if (options.dialect !== 'postgres' && dataDir !== ':memory:') {
    const target = databaseFile(dataDir);
    const db = await openDatabase(target);
    opened = { db, target, options: {}, queueSchema: 'unused', close: () => db.destroy() };
  } else {
    opened = await openJobsDatabase(options.dialect === 'postgres' ? 'bullmq' : 'embedded');
  }
  const { db } = opened;
  const log = createLogger(config.logLevel);
  const jobs = await openJobSystem({
    config,
    db,
    log,
    databaseTarget: opened.target,
    databaseOptions: opened.options,
    queueSchema: opened.queueSchema,
    // The threads run the build, which the test run's global setup keeps current (build-if-needed).
    threadsFromBuild: true,
  });
  const app = createApp({ config, db, log, jobs, pages: options.pages, assets: options.assets });
  try {
    await app.locals.prepare();
    if (runsJobs(config)) await jobs.work();
  } catch (error) {
    await jobs.close();
    await opened.close();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await app.locals.shutdown?.();
      await jobs.close();
    })());
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      untrack();
      await stop();
      await opened.close();
    })());
  // A test file that never closes its app has it closed after its tests (test/setup/close-left-open.ts).
  const untrack = trackOpen(close);
  return {
    app,
    db,
    config,
    jobs,
    database: { target: opened.target, options: opened.options, queueSchema: opened.queueSchema },
    stop,
    close,
  };
}

/**
 * For a test that builds a second app by hand on a database it shares (rate limits, media links) and
 * never runs a job: any use of the job system fails the test loudly. Watching is allowed (every app
 * watches the directory check from `prepare()` on); nothing is ever heard.
 */
export function noJobs(): Jobs {
  const refuse = (): never => {
    throw new Error('this test app has no job system: build it with createTestApp');
  };
  return {
    enqueue: async () => refuse(),
    runNow: async () => refuse(),
    cancel: async () => refuse(),
    state: async () => refuse(),
    counts: async () => refuse(),
    watch: () => () => undefined,
    work: async () => undefined,
    close: async () => undefined,
  };
}
