import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { auditBrowsers } from '#test/helpers/processes.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const made of apps.splice(0)) await made.close();
});

async function appFor(hostPort: string) {
  const made = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: hostPort, SITE_AUDIT_RENDER_CONCURRENCY: '2' } });
  apps.push(made);
  return made;
}

test('"render" must be true or false', async () => {
  const { app } = await appFor('127.0.0.1:1');
  const refused = await request(app).post('/api/site-audits').send({ url: 'https://example.com/', render: 'yes' });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ error: 'render must be true or false' });
});

test('an audit with "render": true renders the single-page application in its job thread and reports every route', async () => {
  const site = await serveFixture(spaSite());
  try {
    const { app } = await appFor(site.hostPort);
    const started = await request(app)
      .post('/api/site-audits')
      .send({ url: `${site.origin}/`, render: true });
    expect(started.status).toBe(202);
    expect(await readEventStream(app, `/api/site-audits/${started.body.id}/events`)).toMatch(
      /event: done|"status":"done"/,
    );
    const audit = (await request(app).get(`/api/site-audits/${started.body.id}`)).body;
    expect(audit).toMatchObject({
      status: 'done',
      // Every route; the script they load is checked too, listed as a resource.
      summary: { pages: spaRoutes().length, resources: 1 },
      report: { render: { rendered: spaRoutes().length, stopped: null } },
    });
    // The job closed its browser when the audit ended.
    expect(auditBrowsers()).toEqual([]);
  } finally {
    await site.close();
  }
});

test('a cancelled rendering audit closes its browser', async () => {
  let rendering: () => void = () => undefined;
  const renderingStarted = new Promise<void>((resolve) => (rendering = resolve));
  const spa = spaSite();
  // The bundle never comes: the first render waits for it until the audit is cancelled.
  const site: FixtureSite = (path, origin) => {
    if (path === '/app.js') {
      rendering();
      return { destroy: false, delayMs: 60_000, status: 200, body: '' };
    }
    return spa(path, origin);
  };
  const served = await serveFixture(site);
  try {
    const { app } = await appFor(served.hostPort);
    const started = await request(app)
      .post('/api/site-audits')
      .send({ url: `${served.origin}/`, render: true });
    await renderingStarted;
    expect(auditBrowsers()).toHaveLength(1);
    const cookie = started.headers['set-cookie'];
    const cancelled = await request(app).delete(`/api/site-audits/${started.body.id}`).set('Cookie', cookie);
    expect(cancelled.body).toEqual({ id: started.body.id, status: 'cancelled' });
    expect(await readEventStream(app, `/api/site-audits/${started.body.id}/events`)).toMatch(/event: cancelled/);
    expect(auditBrowsers()).toEqual([]);
  } finally {
    await served.close();
  }
});
