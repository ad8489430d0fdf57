import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { createApp } from '#server/app.ts';
import type { Role } from '#server/config/core.ts';
import { openJobSystem } from '#server/job-system.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { htmlPage, ok, serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { crawlJobId, SITEMAP_CRAWL_JOB, type CrawlOutcome } from './job.ts';

/*
 * Several processes on ONE PostgreSQL database and queue: web processes (ROLE=web) that take the
 * requests and never run a job, and worker processes (ROLE=worker) whose threads crawl.
 */

interface Sibling {
  app: ReturnType<typeof createApp>;
  jobs: Jobs;
  close(): Promise<void>;
}

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** The first process: it owns the test database (fresh schemas, dropped when it closes). */
async function firstProcess(role: Role, allow: string): Promise<TestApp> {
  const made = await createTestApp({ dialect: 'postgres', env: { ROLE: role, FETCH_ALLOW_PRIVATE: allow } });
  closing.push(() => made.close());
  return made;
}

/** Another process on the first one's database and queue, as `npm start` with ROLE=`role` opens it. */
async function sibling(first: TestApp, role: Role): Promise<Sibling> {
  const { target, options, queueSchema } = first.database;
  const db = await openDatabase(target, { ...options, poolSize: 2 });
  const config = { ...first.config, role };
  const log = createLogger('silent');
  const jobs = await openJobSystem({
    config,
    db,
    log,
    databaseTarget: target,
    databaseOptions: options,
    queueSchema,
    // The threads run the build, which the test run's global setup keeps current (build-if-needed).
    threadsFromBuild: true,
  });
  if (role !== 'web') await jobs.work();
  const app = createApp({ config, db, log, jobs });
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await app.locals.shutdown();
      await jobs.close();
      await db.destroy();
    })());
  closing.push(close);
  return { app, jobs, close };
}

test('two visitors on two web processes share one crawl, run by a worker process, and both list the sitemap', async () => {
  const slow: FixtureSite = (path) =>
    path === '/' ? { ...ok(htmlPage({ links: ['/a'] })), delayMs: 300 } : path === '/a' ? ok(htmlPage()) : undefined;
  const site = await serveFixture(slow);
  closing.push(() => site.close());
  const webA = await firstProcess('web', site.hostPort);
  const webB = await sibling(webA, 'web');
  await sibling(webA, 'worker');

  const alice = request.agent(webA.app);
  const bob = request.agent(webB.app);
  const [a, b] = await Promise.all([
    alice.post('/api/sitemaps').send({ url: `${site.origin}/` }),
    bob.post('/api/sitemaps').send({ url: site.origin }),
  ]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(b.body).toEqual(a.body);
  expect(site.requests.filter((r) => r.path === '/')).toHaveLength(1);
  expect((await alice.get('/api/sitemaps')).body).toEqual([a.body.record]);
  expect((await bob.get('/api/sitemaps')).body).toEqual([a.body.record]);
  // Either web process serves the file.
  expect((await request(webB.app).get(a.body.sitemap)).status).toBe(200);

  // The crawl ran in a thread of the worker process: the web processes never run jobs.
  const state = await webB.jobs.state(SITEMAP_CRAWL_JOB, crawlJobId(`${site.origin}/`));
  expect(state).toMatchObject({ status: 'completed', attempts: 1, result: { ok: true, sitemap: a.body.sitemap } });
  expect((state?.result as CrawlOutcome & { ok: true }).threadId).toBeGreaterThan(0);
});

/** Reads a progress stream's events until one that ends it. */
async function streamEvents(url: string): Promise<Array<{ event: string; data: unknown }>> {
  const res = await fetch(url);
  const events: Array<{ event: string; data: unknown }> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event) continue;
      events.push({ event, data: data ? JSON.parse(data) : null });
      if (event === 'done' || event === 'failed') return events;
    }
  }
  return events;
}

test('a crawl whose workers keep stopping fails with a plain reason for the POST and the progress stream, no endless wait', async () => {
  // Every page after the first takes far longer than the test: only a stop ends a try.
  let slowAsked = 0;
  const site = await startLoopbackServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<a href="/slow">s</a>');
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    slowAsked += 1;
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end('late'), 30_000).unref();
  });
  closing.push(() => site.close());
  const web = await firstProcess('web', site.hostPort);
  const server = web.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closing.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const first = await sibling(web, 'worker');
  const answer = request(web.app)
    .post('/api/sitemaps')
    .send({ url: `${site.origin}/` });
  const answered = new Promise<request.Response>((resolve, reject) =>
    answer.end((error, res) => (error ? reject(error) : resolve(res))),
  );
  await expect.poll(() => slowAsked, { timeout: 15_000 }).toBe(1);
  const progress = streamEvents(`${base}/api/sitemaps/progress?url=${encodeURIComponent(site.origin)}`);
  // Its worker stops (a deploy, a crash): the crawl goes back to the queue for its second try.
  await first.close();
  const second = await sibling(web, 'worker');
  await expect.poll(() => slowAsked, { timeout: 15_000 }).toBe(2);
  await second.close();
  // The next worker finds its tries used up and fails it for good.
  await sibling(web, 'worker');

  const message = 'The crawl stopped because the server running it stopped; please try again in a minute.';
  const res = await answered;
  expect([res.status, res.body, res.headers['retry-after']]).toEqual([503, { error: message }, '60']);
  expect((await progress).at(-1)).toEqual({ event: 'failed', data: { type: 'failed', error: message } });
  expect(await web.jobs.state(SITEMAP_CRAWL_JOB, crawlJobId(`${site.origin}/`))).toMatchObject({
    status: 'failed',
    attempts: 2,
  });
  expect(slowAsked).toBe(2);
});
