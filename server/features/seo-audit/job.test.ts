import { threadId } from 'node:worker_threads';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { runAppJob, workerFor } from '#test/helpers/app-jobs.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import { SEO_AUDIT_JOB, type SeoAuditInput, type SeoAuditResult } from './job.ts';

/*
 * The one-page audit as a job: a hostile page (an endless body, a gzip bomb) is fetched and parsed in
 * a job thread, never on the thread that serves requests, within the same limits; in the scaled shape
 * a web process enqueues while a worker audits.
 */

test("a hostile page is fetched and parsed in a job thread: the job's result names a thread other than the one serving requests", async () => {
  const site = await startLivePagesSite();
  onTestFinished(() => site.close());
  const app = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort }, assets: apiOnlyAssets });
  onTestFinished(() => app.close());
  const input: SeoAuditInput = {
    target: { url: `${site.origin}/gzip-bomb`, httpFallback: false },
    startBy: Date.now() + 60_000,
  };
  const result = (await runAppJob(app, SEO_AUDIT_JOB, input)) as SeoAuditResult;
  expect(result.thread).not.toBe(threadId);
  // The same limit as on the request: 5 MB read of the 64 MB the bomb inflates to.
  expect('report' in result && result.report.facts.htmlBytes).toBe(5 * 1024 * 1024);
});

test('scaled shape (PostgreSQL): a web process that may not fetch the page enqueues, a worker that may audits it; hostile pages come back within the limits', async () => {
  const site = await startLivePagesSite();
  onTestFinished(() => site.close());
  // The web process's guarded fetcher refuses the loopback site: only the worker can have audited it.
  const web = await createTestApp({ env: { ROLE: 'web' }, assets: apiOnlyAssets, dialect: 'postgres' });
  const worker = await workerFor(web, { fetchAllowPrivate: [site.hostPort] });
  onTestFinished(async () => {
    await worker.close();
    // Last: it drops the schemas.
    await web.close();
  });

  const audit = (path: string) =>
    request(web.app)
      .post('/api/seo-audit/audit')
      .send({ url: `${site.origin}${path}` });
  const good = await audit('/good');
  expect([good.status, good.body.report?.title]).toEqual([200, 'Delhi SEO fixture page for audit testing']);
  const [huge, bomb] = await Promise.all([audit('/huge'), audit('/gzip-bomb')]);
  expect([huge.status, huge.body.report?.facts.htmlBytes, bomb.status, bomb.body.report?.facts.htmlBytes]).toEqual([
    200,
    5 * 1024 * 1024,
    200,
    5 * 1024 * 1024,
  ]);
  const image = await audit('/image.png');
  expect([image.status, image.body]).toEqual([
    400,
    { error: 'That address returned image/png, not an HTML page; enter the URL of a web page.' },
  ]);
}, 90_000);
