import { openDatabase } from '#db/index.ts';
import type { Config } from '#server/config/index.ts';
import { openJobSystem } from '#server/job-system.ts';
import type { JobEvent, JobState, Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { TestApp } from './app.ts';

/** Runs one of the app's jobs to its end, without the HTTP layer, and answers its result. */
export async function runAppJob(app: Pick<TestApp, 'jobs'>, name: string, input: unknown): Promise<unknown> {
  const id = `job-test-${Date.now()}`;
  let unwatch = () => undefined as unknown;
  const ended = new Promise<JobEvent>((resolve) => {
    unwatch = app.jobs.watch(name, id, (event) => {
      if (event.type !== 'progress') resolve(event);
    });
  });
  await app.jobs.enqueue(name, input, { id });
  const event = await ended;
  unwatch();
  if (event.type !== 'completed') throw new Error(`the job did not complete: ${JSON.stringify(event)}`);
  return event.result;
}

/**
 * The app's job `name`/`id` once it has ended: its completion event, or its state when it ended before
 * the watch began. A feature's own end signal can come earlier (a site audit's report is readable while
 * its try still drops the crawl store and prunes old audits); this waits for the try's last step.
 */
export async function appJobEnded(app: Pick<TestApp, 'jobs'>, name: string, id: string): Promise<JobState | undefined> {
  let unwatch = () => {};
  const ended = new Promise<void>((resolve) => {
    unwatch = app.jobs.watch(name, id, (event) => {
      if (event.type !== 'progress') resolve();
    });
  });
  try {
    const state = await app.jobs.state(name, id);
    if (state && (state.status === 'queued' || state.status === 'active')) await ended;
  } finally {
    unwatch();
  }
  return app.jobs.state(name, id);
}

/**
 * A worker for `web` (a test app, ROLE=web): another process's job system on the same database and
 * queue, with its own connection and `config` changed as given, working. Close it before the app.
 */
export async function workerFor(
  web: TestApp,
  config: Partial<Config> = {},
): Promise<{ jobs: Jobs; close(): Promise<void> }> {
  const { target, options, queueSchema } = web.database;
  const db = await openDatabase(target, options);
  const jobs = await openJobSystem({
    config: { ...web.config, role: 'worker', ...config },
    db,
    log: createLogger('silent'),
    databaseTarget: target,
    databaseOptions: options,
    queueSchema,
    // The threads run the build, which the test run's global setup keeps current (build-if-needed).
    threadsFromBuild: true,
  });
  await jobs.work();
  return {
    jobs,
    async close() {
      await jobs.close();
      await db.destroy();
    },
  };
}
