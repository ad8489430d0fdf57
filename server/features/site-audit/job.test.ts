import { threadId } from 'node:worker_threads';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { getSiteAudit, insertSiteAudit, markRunning } from '#db/site-audits.ts';
import { matchWork } from '#server/lib/crawler/robots-txt.ts';
import { loadConfig } from '#server/config/index.ts';
import { definitionsFor } from '#server/job-system.ts';
import { JOB_REASONS } from '#server/lib/jobs/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { hostileSite } from '#test/fixtures/site-audit-hostile-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { OUT_OF_MEMORY, siteAuditJob, storeJobFailure } from './job.ts';
import { UNEXPECTED_FAILURE } from './run.ts';

test("the main thread's count of robots.txt matching work catches an audit run here (the control for the test below)", async () => {
  const before = matchWork.steps;
  await auditFixture(hostileSite);
  expect(matchWork.steps).toBeGreaterThan(before);
});

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  const opened: Db[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
    for (const db of opened.splice(0)) await closeTestDatabase(db);
  });

  test('an audit of a site with a hostile robots.txt and a 100,000-link page runs in a job thread, never on the main thread', async () => {
    const site = await serveFixture(hostileSite);
    try {
      const made = await createTestApp({ dialect, env: { FETCH_ALLOW_PRIVATE: site.hostPort } });
      apps.push(made);
      const matchedBefore = matchWork.steps;
      const started = await request(made.app)
        .post('/api/site-audits')
        .send({ url: `${site.origin}/` });
      expect(await readEventStream(made.app, `/api/site-audits/${started.body.id}/events`)).toMatch(
        /event: done|"status":"done"/,
      );
      expect((await request(made.app).get(`/api/site-audits/${started.body.id}`)).body).toMatchObject({
        status: 'done',
        summary: { pages: 10 },
      });
      // Crawling, parsing, matching and saving happened in another thread: this one matched no URL.
      expect(matchWork.steps).toBe(matchedBefore);
      const state = await made.jobs.state('site-audit', started.body.id);
      expect(state).toMatchObject({ status: 'completed', result: { status: 'done' } });
      const ranIn = (state!.result as { threadId: number }).threadId;
      expect(threadId).toBe(0);
      expect(ranIn).toBeGreaterThan(0);
    } finally {
      await site.close();
    }
  });

  test('a job that failed for good fails its audit: a reason a visitor can read as it is, any other logged with the audit id', async () => {
    const db = await openTestDatabase(dialect);
    opened.push(db);
    const errors: Array<{ obj: object; msg?: string }> = [];
    const log = { error: (obj: object, msg?: string) => void errors.push({ obj, msg }) };
    for (const id of ['killed', 'refused', 'too-big']) {
      await insertSiteAudit(db, { id, visitor: 'v', url: 'https://example.test/', createdAt: 'x' });
      await markRunning(db, id, 'x');
    }
    expect(await storeJobFailure({ db, log }, 'killed', JOB_REASONS.workerStopped)).toBe(true);
    expect(await storeJobFailure({ db, log }, 'too-big', JOB_REASONS.outOfMemory)).toBe(true);
    expect(errors).toEqual([]);
    await siteAuditJob.onFailed!(
      { visitor: 'v', url: 'u', httpFallback: false, createdAt: 'x' },
      'refused',
      'disk I/O error',
      {
        db,
        log: log as never,
      },
    );
    expect(errors).toEqual([
      {
        obj: { err: expect.objectContaining({ message: 'disk I/O error' }), audit: 'refused' },
        msg: 'site audit job failed outside its handler',
      },
    ]);
    expect(await getSiteAudit(db, 'killed')).toMatchObject({ status: 'failed', error: JOB_REASONS.workerStopped });
    expect(await getSiteAudit(db, 'refused')).toMatchObject({ status: 'failed', error: UNEXPECTED_FAILURE });
    expect(await getSiteAudit(db, 'too-big')).toMatchObject({ status: 'failed', error: OUT_OF_MEMORY });
    // An audit already ended keeps its ending.
    expect(await storeJobFailure({ db, log }, 'killed', JOB_REASONS.serverStopped)).toBe(false);
  });
});

test('the definition: two tries, SITE_AUDIT_MAX_RUNNING threads in each process that runs jobs', async () => {
  const config = loadConfig({ DATA_DIR: ':memory:', SITE_AUDIT_MAX_RUNNING: '3' });
  expect((await definitionsFor(config)).find((definition) => definition.name === 'site-audit')).toMatchObject({
    attempts: 2,
    concurrency: 3,
  });
});

test("an audit thread's heap ceiling: SITE_AUDIT_HEAP_MB, or sized from the page cap (96 MB + 6 KB a page for the analysis on its nodes, 1 KB for the analysis from the store, at least 128 MB)", async () => {
  const heapOf = async (env: Record<string, string>) =>
    (await definitionsFor(loadConfig({ DATA_DIR: ':memory:', ...env }))).find(
      (definition) => definition.name === 'site-audit',
    )?.heapLimitMb;
  expect(await heapOf({})).toBe(128);
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '20000' })).toBe(214);
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '50000' })).toBe(389);
  // Past 50,000 pages (SITE_AUDIT_SITE_CHECKS=auto) the analysis runs from the store: 1 KB a page from the first.
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '100000' })).toBe(194);
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '1000000' })).toBe(1073);
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '20000', SITE_AUDIT_SITE_CHECKS: 'store' })).toBe(128);
  expect(await heapOf({ SITE_AUDIT_MAX_PAGES: '200000', SITE_AUDIT_SITE_CHECKS: 'store' })).toBe(292);
  expect(await heapOf({ SITE_AUDIT_HEAP_MB: '600' })).toBe(600);
  expect(() => loadConfig({ DATA_DIR: ':memory:', SITE_AUDIT_HEAP_MB: '-1' })).toThrow(/SITE_AUDIT_HEAP_MB/);
});
