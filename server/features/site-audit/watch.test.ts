import { afterEach, expect, test } from 'vitest';
import { completeSiteAudit, insertSiteAudit, markRunning } from '#db/site-audits.ts';
import type { Db } from '#db/index.ts';
import type { JobEvent, JobState } from '#server/lib/jobs/index.ts';
import { closeTestDatabase, openTestDatabase } from '#test/helpers/databases.ts';
import { watchAudit, type AuditEvent } from './watch.ts';

let db: Db;
afterEach(async () => closeTestDatabase(db));

test("a watch ends with the report once the audit's try says it is stored, while its job still drops the crawl store", async () => {
  db = await openTestDatabase('sqlite');
  await insertSiteAudit(db, { id: 'a', visitor: 'v', url: 'https://shop.example/', createdAt: '2026-11-30T06:00:00Z' });
  await markRunning(db, 'a', '2026-11-30T06:00:01Z');
  let emit!: (event: JobEvent) => void;
  // The job is active throughout: it never completes in this test.
  const active: JobState = { status: 'active', attempts: 1 };
  const jobs = {
    state: async () => active,
    watch: (_name: string, _id: string, listener: (event: JobEvent) => void) => {
      emit = listener;
      return () => undefined;
    },
  };
  const events: AuditEvent[] = [];
  const ended = new Promise<void>((resolve) =>
    watchAudit(
      { db, jobs, log: { error: () => undefined, warn: () => undefined }, now: () => new Date(), watching: new Set() },
      { id: 'a', status: 'running' },
      (event) => events.push(event),
      resolve,
    ),
  );
  emit({ type: 'progress', progress: { crawled: 3, discovered: 3 } });
  await completeSiteAudit(db, 'a', {
    finishedAt: '2026-11-30T06:01:00Z',
    crawled: 3,
    discovered: 3,
    summary: { score: 90 },
    report: {},
    pages: [],
    issues: [],
    diff: async () => undefined,
  });
  emit({ type: 'progress', progress: { crawled: 3, discovered: 3, stored: true } });
  await ended;
  // Watched as running already: no status event, the progress, then the end as the row tells it.
  expect(events).toEqual([
    { type: 'progress', progress: { crawled: 3, discovered: 3 } },
    { type: 'progress', progress: { crawled: 3, discovered: 3 } },
    { type: 'done', summary: { score: 90 } },
  ]);
});
