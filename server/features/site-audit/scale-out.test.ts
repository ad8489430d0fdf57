import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { auditIssues } from '#db/site-audit-results.ts';
import { urlStateCounts } from '#db/site-audit-urls.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import { JOB_REASONS } from '#server/lib/jobs/index.ts';
import { gatedPlantedSite } from '#test/fixtures/site-audit-gated-site.ts';
import { hangingSite } from '#test/fixtures/site-audit-hanging-site.ts';
import { appJobEnded } from '#test/helpers/app-jobs.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { followEventStream, readEventStream } from '#test/helpers/event-stream.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/*
 * Several processes on one PostgreSQL database (BullMQ): a web process that only serves the API
 * and enqueues (ROLE=web), and processes that run the audits: a second app, or a worker process of
 * its own (test/fixtures/jobs/app-worker-process.ts) that a test kills with SIGKILL.
 */

/** The smallest JOB_STALL_SECONDS: a dead worker's audit is taken up again within 5 s. */
const STALL_SECONDS = '5';
const workerScript = fileURLToPath(new URL('../../../test/fixtures/jobs/app-worker-process.ts', import.meta.url));

const apps: TestApp[] = [];
const children: Array<() => void> = [];
afterEach(async () => {
  for (const kill of children.splice(0)) kill();
  // The apps opened on the web app's database first, the web app (which owns it) last.
  for (const made of apps.splice(0).reverse()) await made.close();
});

/** The web process: the API, the queue and the watches, no job ever (ROLE=web); owns the test's schemas. */
async function webApp(hostPort: string): Promise<TestApp> {
  const made = await createTestApp({
    dialect: 'postgres',
    env: { ROLE: 'web', FETCH_ALLOW_PRIVATE: hostPort, JOB_STALL_SECONDS: STALL_SECONDS },
  });
  apps.push(made);
  return made;
}

/** Another process on the web app's database that runs jobs (ROLE=all). */
async function jobsApp(web: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const made = await createTestApp({
    database: web.database,
    env: { FETCH_ALLOW_PRIVATE: web.config.fetchAllowPrivate.join(','), JOB_STALL_SECONDS: STALL_SECONDS, ...env },
  });
  apps.push(made);
  return made;
}

/** A worker process on the web app's database; resolves once it takes jobs. */
async function startWorkerProcess(web: TestApp, env: Record<string, string> = {}) {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      JOBS_TEST_SCHEMA: web.database.options.schema,
      JOBS_TEST_QUEUE_SCHEMA: web.database.queueSchema,
      APP_TEST_ENV: JSON.stringify({
        FETCH_ALLOW_PRIVATE: web.config.fetchAllowPrivate.join(','),
        JOB_STALL_SECONDS: STALL_SECONDS,
        ...env,
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  children.push(() => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'working') resolve();
    });
    void exited.then(() => reject(new Error('The worker process exited before it took jobs.')));
  });
  return {
    async kill() {
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    },
  };
}

async function startAudit(app: TestApp['app'], url: string): Promise<string> {
  const res = await request(app).post('/api/site-audits').send({ url });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

test('an audit started through a web process runs in another; both follow it live and read its report', async () => {
  const site = await hangingSite();
  try {
    const web = await webApp(site.server.hostPort);
    const id = await startAudit(web.app, `${site.server.origin}/`);
    const worker = await jobsApp(web);
    await site.requested;
    // Live: both streams open while the audit waits on /hang in the other app's job thread.
    const streams = [web, worker].map(({ app }) => followEventStream(app, `/api/site-audits/${id}/events`));
    for (const stream of streams) expect(await stream.opened).toContain('"status":"running"');
    expect((await request(web.app).get(`/api/site-audits/${id}`)).body.status).toBe('running');
    site.release();
    for (const stream of streams) {
      const text = await stream.ended;
      expect(text).toMatch(/^event: status\ndata: \{"status":"running"/);
      expect(text).toMatch(
        /event: progress\ndata: \{"crawled":2,"discovered":2\}\n\nevent: done\ndata: \{"type":"done"/,
      );
      expect(text.trimEnd()).toMatch(/event: done\ndata: .*\}$/);
    }
    for (const { app } of [worker, web]) {
      expect((await request(app).get(`/api/site-audits/${id}`)).body).toMatchObject({
        status: 'done',
        summary: { pages: 2 },
      });
      expect((await request(app).get(`/api/site-audits/${id}/issues`)).status).toBe(200);
    }
    // The web process never ran it: it has no job thread, and the try ran in the other app's.
    expect(await appJobEnded(web, 'site-audit', id)).toMatchObject({ status: 'completed', attempts: 1 });
  } finally {
    site.release();
    await site.server.close();
  }
});

test('a worker killed mid-audit: another worker tries the audit again and the watcher sees it done', async () => {
  const site = await hangingSite();
  try {
    const web = await webApp(site.server.hostPort);
    const worker = await startWorkerProcess(web);
    const id = await startAudit(web.app, `${site.server.origin}/`);
    await site.requestedTimes(1);
    const stream = followEventStream(web.app, `/api/site-audits/${id}/events`);
    expect(await stream.opened).toContain('"status":"running"');
    await worker.kill();
    site.release();
    // This app's worker finds the audit stalled (its lock no longer renewed) within JOB_STALL_SECONDS.
    const other = await jobsApp(web);
    expect(await stream.ended).toMatch(/event: done\ndata: \{"type":"done"/);
    expect(await appJobEnded(other, 'site-audit', id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect((await request(web.app).get(`/api/site-audits/${id}`)).body).toMatchObject({
      status: 'done',
      summary: { pages: 2 },
    });
  } finally {
    site.release();
    await site.server.close();
  }
}, 60_000);

test('a worker killed on the last try: the watcher sees the audit failed with the reason, never a spinner', async () => {
  const site = await hangingSite();
  try {
    const web = await webApp(site.server.hostPort);
    const first = await startWorkerProcess(web);
    const id = await startAudit(web.app, `${site.server.origin}/`);
    const stream = followEventStream(web.app, `/api/site-audits/${id}/events`);
    await site.requestedTimes(1);
    await first.kill();
    // The second worker takes it up (its second try) and dies there too.
    const second = await startWorkerProcess(web);
    await site.requestedTimes(2);
    await second.kill();
    expect((await getSiteAudit(web.db, id))?.status).toBe('running');
    // A worker that finds it stalled with no tries left fails it: onFailed stores the reason.
    await jobsApp(web);
    const text = await stream.ended;
    expect(text).toContain(`event: failed\ndata: {"type":"failed","error":"${JOB_REASONS.workerStopped}"}`);
    expect((await request(web.app).get(`/api/site-audits/${id}`)).body).toMatchObject({
      status: 'failed',
      error: JOB_REASONS.workerStopped,
    });
    expect(await readEventStream(web.app, `/api/site-audits/${id}/events`)).toContain('"status":"failed"');
  } finally {
    site.release();
    await site.server.close();
  }
}, 60_000);

/**
 * A crawl store batch every 20 answers, so the planted site fills two before the gate; requests held at
 * the gate never time out (a timed-out request is an answer, stored as failed).
 */
const BATCH_ENV = { SITE_AUDIT_WRITE_BATCH: '20', SITE_AUDIT_PAGE_TIMEOUT_MS: '120000' };
const ANSWERED_BEFORE_KILL = 40;

/** What an audit's report is, but its times: the audit's facts, its pages' and resources' rows, its issues. */
async function reportOf(db: TestApp['db'], id: string) {
  const audit = (await getSiteAudit(db, id))!;
  const { durationMs, ...report } = audit.report as { durationMs: number };
  expect(durationMs).toBeGreaterThan(0);
  const pages = await db
    .selectFrom('site_audit_pages')
    .select(['url', 'kind', 'facts', 'issues'])
    .where('audit_id', '=', id)
    .orderBy('url')
    .execute();
  const issues = await auditIssues(db, id);
  return {
    status: audit.status,
    crawled: audit.crawled,
    discovered: audit.discovered,
    summary: audit.summary,
    report,
    // Time to first byte is a fact no two crawls share. (A body sent without its length and counted past its
    // "too large" line is kept as "over the line", wherever a chunk ended: the same in both.)
    pages: pages.map(({ facts, ...row }) => ({ ...row, facts: { ...JSON.parse(facts), ttfbMs: 0 } })),
    issues,
  };
}

test('a worker killed mid-crawl: the audit carries on from its stored frontier, fetches again only what was in flight, and reports what an audit never stopped does', async () => {
  const site = await gatedPlantedSite(ANSWERED_BEFORE_KILL);
  try {
    const web = await webApp(site.hostPort);
    const worker = await startWorkerProcess(web, BATCH_ENV);
    const id = await startAudit(web.app, `${site.origin}/`);
    const stream = followEventStream(web.app, `/api/site-audits/${id}/events`);
    // Two batches stored, the rest of the queue waiting at the gate: the process dies with those in flight.
    // (On a busy machine the next requests can reach the gate a moment after the batches are stored.)
    await vi.waitFor(
      async () => {
        expect((await urlStateCounts(web.db, id)).done).toBe(ANSWERED_BEFORE_KILL);
        expect(site.held.size).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 50 },
    );
    await worker.kill();
    site.release();
    const other = await jobsApp(web, BATCH_ENV);
    expect(await stream.ended).toMatch(/event: done\ndata: \{"type":"done"/);
    expect(await appJobEnded(other, 'site-audit', id)).toMatchObject({ status: 'completed', attempts: 2 });
    const resumed = site.countsFrom(0);

    // The same site audited by a process never stopped.
    const from = site.requestCount;
    const control = await startAudit(web.app, `${site.origin}/`);
    expect(await followEventStream(web.app, `/api/site-audits/${control}/events`).ended).toMatch(/event: done/);
    const once = site.countsFrom(from);

    // Fetched again: the pages in flight when the process died, and robots.txt (read again at resume).
    const expected = new Map(once);
    for (const path of [...site.held, '/robots.txt']) expected.set(path, (expected.get(path) ?? 0) + 1);
    expect(resumed).toEqual(expected);
    expect(await reportOf(web.db, id)).toEqual(await reportOf(web.db, control));
    // The crawl store has served: a finished audit keeps its report only (dropped after the watchers heard).
    await vi.waitFor(
      async () => expect(await urlStateCounts(web.db, id)).toEqual({ known: 0, queued: 0, leased: 0, done: 0 }),
      { timeout: 30_000, interval: 50 },
    );
  } finally {
    await site.close();
  }
}, 90_000);

/** Two parts per audit, each with half the concurrency (4 of 8); a dead worker's claims run out in 3 s. */
const SHARED_ENV = {
  ...BATCH_ENV,
  SITE_AUDIT_WORKERS: '2',
  SITE_AUDIT_READ_LEASE_MS: '3000',
  SITE_AUDIT_CONCURRENCY: '8',
};

/** Pages a part holds claimed and unanswered, by the part's name. */
async function claimedBy(db: TestApp['db'], id: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('site_audit_reads')
    .select('owner')
    .where('audit_id', '=', id)
    .where('owner', 'is not', null)
    .where('answer', 'is', null)
    .execute();
  const counts: Record<string, number> = {};
  for (const { owner } of rows) counts[owner!] = (counts[owner!] ?? 0) + 1;
  return counts;
}

test('two workers read one audit’s pages at once; one killed mid-read loses nothing, and the report is the one an audit never stopped stores', async () => {
  // The surviving part's held pages are answered after the kill: their heads go out at once, or a busy machine
  // makes them "slow" (seen: 1,639 ms to first byte) and the report differs by a timing, not a fact.
  const site = await gatedPlantedSite(ANSWERED_BEFORE_KILL, { headFirst: true });
  try {
    const web = await webApp(site.hostPort);
    await startWorkerProcess(web, SHARED_ENV);
    const second = await startWorkerProcess(web, SHARED_ENV);
    const id = await startAudit(web.app, `${site.origin}/`);
    const stream = followEventStream(web.app, `/api/site-audits/${id}/events`);
    // At the gate each worker's part holds pages it claimed: one part a process, each with its share.
    await vi.waitFor(
      async () => {
        const claimed = await claimedBy(web.db, id);
        expect(claimed['part-1']).toBeGreaterThan(0);
        expect(claimed['part-2']).toBeGreaterThan(0);
        expect(Math.max(...Object.values(claimed))).toBeLessThanOrEqual(4);
      },
      { timeout: 60_000, interval: 50 },
    );
    // The second worker dies holding pages (its part's, and the audit's job if it ran there).
    await second.kill();
    site.release();
    await jobsApp(web, SHARED_ENV);
    expect(await stream.ended).toMatch(/event: done\ndata: \{"type":"done"/);

    // The same site audited by workers never stopped.
    const control = await startAudit(web.app, `${site.origin}/`);
    expect(await followEventStream(web.app, `/api/site-audits/${control}/events`).ended).toMatch(/event: done/);
    expect(await reportOf(web.db, id)).toEqual(await reportOf(web.db, control));
    // The watchers hear of the report before the job drops the crawl store (its reads among it).
    await vi.waitFor(
      async () => expect(await web.db.selectFrom('site_audit_reads').selectAll().execute()).toEqual([]),
      { timeout: 30_000, interval: 50 },
    );
  } finally {
    await site.close();
  }
}, 120_000);
