import { afterEach, expect, test } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { FIXTURE_DEFINITIONS, openJobsDatabase, type JobsDatabase } from '#test/helpers/jobs.ts';
import { createThreadPool, type ThreadPool } from './pool.ts';

let database: JobsDatabase | undefined;
let pool: ThreadPool | undefined;

afterEach(async () => {
  await pool?.close();
  await database?.close();
});

// A site audit reports progress once a page: posted from its thread each time, the messages alone cost the
// thread 6% of a 30,000-page crawl (decision 0070). The thread throttles them to the job's interval, the last kept.
test("a job thread posts its progress at most once per the job's interval, and its last one before its result", async () => {
  database = await openJobsDatabase('embedded');
  pool = createThreadPool({
    name: 'chatty',
    size: 1,
    data: {
      definitionsModule: FIXTURE_DEFINITIONS.href,
      config: { marker: 'from the config' },
      databaseTarget: database.target,
      databaseOptions: database.options,
      logLevel: 'silent',
    },
    log: createLogger('silent'),
    abortGraceMs: 1_000,
    jobs: { enqueue: () => Promise.reject(new Error('unused')), runNow: () => Promise.reject(new Error('unused')) },
  });
  const heard: unknown[] = [];
  const run = { name: 'chatty', id: 'chatty-1', input: { steps: 500 }, attempt: 1 };
  const result = await pool.run(run, new AbortController().signal, (progress) => heard.push(progress));
  expect(result).toBeNull();
  expect(heard).toEqual([1, 500]);
});
