import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { getSiteAudit } from '#db/site-audits.ts';
import { JOB_REASONS } from '#server/lib/jobs/index.ts';
import { hangingSite } from '#test/fixtures/site-audit-hanging-site.ts';
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
async function jobsApp(web: TestApp): Promise<TestApp> {
  const made = await createTestApp({
    database: web.database,
    env: { FETCH_ALLOW_PRIVATE: web.config.fetchAllowPrivate.join(','), JOB_STALL_SECONDS: STALL_SECONDS },
  });
  apps.push(made);
  return made;
}

/** A worker process on the web app's database; resolves once it takes jobs. */
async function startWorkerProcess(web: TestApp) {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      JOBS_TEST_SCHEMA: web.database.options.schema,
      JOBS_TEST_QUEUE_SCHEMA: web.database.queueSchema,
      APP_TEST_ENV: JSON.stringify({
        FETCH_ALLOW_PRIVATE: web.config.fetchAllowPrivate.join(','),
        JOB_STALL_SECONDS: STALL_SECONDS,
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
    expect(await web.jobs.state('site-audit', id)).toMatchObject({ status: 'completed', attempts: 1 });
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
    expect(await other.jobs.state('site-audit', id)).toMatchObject({ status: 'completed', attempts: 2 });
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
