import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { runAppJob, workerFor } from '#test/helpers/app-jobs.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import { chromiumOf, listProcesses } from '#test/helpers/processes.ts';
import { MOBILE_TEST_JOB, type MobileTestInput, type MobileTestResult } from './job.ts';
import { findRendererChromium } from '#server/lib/browser/page-render/renderer.ts';

/*
 * The mobile test as a job: its render runs in a job thread (never on the thread that serves the
 * requests), the thread's Chromium does not outlive the job system, and in the scaled shape a web
 * process enqueues while a worker renders.
 */

if (!findRendererChromium(process.env.CHROMIUM_PATH))
  throw new Error('These tests need Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.');

async function appFor(env: Record<string, string> = {}, dialect: 'sqlite' | 'postgres' = 'sqlite') {
  const site = await startLivePagesSite();
  onTestFinished(() => site.close());
  const testApp = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, ...env },
    assets: apiOnlyAssets,
    dialect,
  });
  return { ...testApp, site };
}

test("the render runs in a job thread: the job's result names a thread other than the one serving requests", async () => {
  const app = await appFor();
  onTestFinished(() => app.close());
  const input: MobileTestInput = {
    target: { url: `${app.site.origin}/mobile/fixed-width`, httpFallback: false },
    startBy: Date.now() + 60_000,
  };
  const result = (await runAppJob(app, MOBILE_TEST_JOB, input)) as MobileTestResult;
  expect('report' in result && result.report.rendered).toBe(true);
  expect(typeof result.thread).toBe('number');
  expect(result.thread).not.toBe(threadId);
}, 60_000);

test("closing the job system ends each thread's Chromium: no Chromium process of this process is left", async () => {
  const app = await appFor();
  const res = await request(app.app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${app.site.origin}/mobile/good` });
  expect([res.status, res.body.report.rendered]).toEqual([200, true]);
  // The answer is the report alone: the job's thread id stays between the job and the request.
  expect(res.body.report.thread).toBeUndefined();
  expect(Object.keys(res.body)).toEqual(['report']);
  const running = chromiumOf();
  expect(running.some((entry) => entry.name === 'chromium' && entry.ppid === process.pid)).toBe(true);
  await app.close();
  // Killed (SIGKILL) as each thread exited; the kernel ends them a moment later.
  const ids = new Set(running.map((entry) => entry.pid));
  const groups = new Set(running.map((entry) => entry.group));
  const ours = () => listProcesses().filter((entry) => ids.has(entry.pid) || groups.has(entry.group));
  const alive = () => ours().filter((entry) => entry.state !== 'Z');
  for (let tries = 0; tries < 100 && alive().length > 0; tries += 1) await sleep(50);
  expect(alive()).toEqual([]);
  expect(chromiumOf().filter((entry) => entry.state !== 'Z')).toEqual([]);
  // What may stay a while are exit statuses (zombies: no memory, no CPU): the browser's own waits for
  // this process's exit, since only the thread that started it could collect it; its helpers, which
  // had left its tree, wait for init.
}, 60_000);

test('scaled shape (PostgreSQL): a web process enqueues, a worker renders; the report and a hostile page’s 422 come back through the queue', async () => {
  const web = await appFor({ ROLE: 'web', MOBILE_TEST_MEMORY_MB: '128', MOBILE_TEST_TIMEOUT_MS: '10000' }, 'postgres');
  // The worker: another process's job system on the same database and queue (its own connection).
  const worker = await workerFor(web);
  onTestFinished(async () => {
    await worker.close();
    // Last: it drops the schemas.
    await web.close();
  });

  const good = await request(web.app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${web.site.origin}/mobile/fixed-width` });
  expect([good.status, good.body.report.rendered, good.body.report.mobileFriendly]).toEqual([200, true, false]);
  expect(good.body.report.screenshot).toMatch(/^data:image\/png;base64,/);
  const hungry = await request(web.app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${web.site.origin}/mobile/hungry` });
  expect([hungry.status, hungry.body]).toEqual([
    422,
    { error: 'The page used more than 128 MB of memory while rendering, the limit of this test.' },
  ]);
}, 90_000);
