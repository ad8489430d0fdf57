import { afterEach, expect, test } from 'vitest';
import { openDatabase, type Db } from './index.ts';
import { acceptJob, completeJob, pruneJobs, readJob } from './jobs.ts';

// The embedded queue's table (SQLite only: with PostgreSQL the jobs live in BullMQ's schema).
let db: Db;
afterEach(() => db?.destroy());

test('pruning forgets finished jobs older than the cut, of one queue or of all', async () => {
  db = await openDatabase(':memory:');
  for (const [queue, id, finishedAt] of [
    ['mobile-test', 'old', 1_000],
    ['mobile-test', 'new', 5_000],
    ['site-audit', 'old', 1_000],
  ] as const) {
    await acceptJob(db, { queue, id, input: '{}', maxAttempts: 1, now: 0 });
    await completeJob(db, queue, id, '{"screenshot":"..."}', finishedAt);
  }
  await acceptJob(db, { queue: 'mobile-test', id: 'waiting', input: '{}', maxAttempts: 1, now: 0 });

  expect(await pruneJobs(db, 2_000, 'mobile-test')).toBe(1);
  expect(await readJob(db, 'mobile-test', 'old')).toBeUndefined();
  expect(await readJob(db, 'site-audit', 'old')).toBeDefined();
  expect(await readJob(db, 'mobile-test', 'new')).toBeDefined();
  expect(await readJob(db, 'mobile-test', 'waiting')).toBeDefined();

  expect(await pruneJobs(db, 10_000)).toBe(2);
  expect(await readJob(db, 'mobile-test', 'waiting')).toBeDefined();
});
