import { readdirSync } from 'node:fs';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { logStagingDir } from '#server/features/log-files/index.ts';
import { plantedCombinedLog } from '#test/fixtures/access-logs.ts';
import { BEFORE_PAGES, serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { ADMIN_ORIGIN, ADMIN_PASSWORD, adminSession } from '#test/helpers/admin.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { newId } from '#views/model/ids.ts';
import { logEnded } from '#test/helpers/log-files.ts';
import { storeClientSite } from '#test/helpers/monitoring-audit.ts';

// The operator attaches a client site's access logs from /admin/client-sites (issue 36): read as the
// public upload is, joined with the site's latest finished audit, listed in the site's row, owned by
// the site (no visitor's cookie deletes them), gone with the site.

let site: MonitoringSite;
beforeAll(async () => {
  site = await serveMonitoringSite();
});
afterAll(() => site.close());

const LOG = Buffer.from(plantedCombinedLog());
// Monitors' ids follow the one id rule.
const SHOP = newId();
const NEW = newId();

describe.each(DIALECTS)('%s: /admin/client-sites/:id/logs', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  /** An app with a client site ("shop": two finished checks, the newer one joined) and the operator signed in. */
  async function operator() {
    const made = await createTestApp({ dialect, file: true, env: { ADMIN_PASSWORD } });
    apps.push(made);
    await storeClientSite(made.db, site, SHOP, [
      ['2026-11-01T06:00:00.000Z', 'before'],
      ['2026-11-08T06:00:00.000Z', 'before'],
    ]);
    const session = await adminSession(made.app, { page: '/admin/client-sites' });
    const sites = async () =>
      (await session.get('/admin/client-sites')).body.sites as Array<{ id: string; logs: unknown[] }>;
    const staged = () => {
      try {
        return readdirSync(logStagingDir(made.config.dataDir));
      } catch {
        return [];
      }
    };
    return { made, session, sites, staged };
  }

  test('sign-in required; an upload without the Origin or the token is refused and nothing is kept', async () => {
    const { made, session, sites, staged } = await operator();
    const anonymous = await request(made.app)
      .post(`/admin/client-sites/${SHOP}/logs`)
      .attach('file', LOG, 'access.log');
    expect([anonymous.status, anonymous.body]).toEqual([401, { error: 'Sign in at /admin/login first.' }]);

    // A script's token (X-CSRF-Token) is checked before a byte is read; a form's once the body is.
    const wrongHeader = await request(made.app)
      .post(`/admin/client-sites/${SHOP}/logs`)
      .set('Cookie', session.cookie)
      .set('Origin', ADMIN_ORIGIN)
      .set('X-CSRF-Token', 'x'.repeat(43))
      .attach('file', LOG, 'access.log');
    expect([wrongHeader.status, wrongHeader.body]).toEqual([
      403,
      { error: 'Forbidden: missing or wrong form token. Reload the page and try again.' },
    ]);
    const noToken = await request(made.app)
      .post(`/admin/client-sites/${SHOP}/logs`)
      .set('Cookie', session.cookie)
      .set('Origin', ADMIN_ORIGIN)
      .field('csrf', 'y'.repeat(43))
      .attach('file', LOG, 'access.log');
    expect(noToken.status).toBe(403);
    const crossSite = await request(made.app)
      .post(`/admin/client-sites/${SHOP}/logs`)
      .set('Cookie', session.cookie)
      .set('Origin', 'https://evil.example')
      .field('csrf', session.csrf)
      .attach('file', LOG, 'access.log');
    expect([crossSite.status, crossSite.body]).toEqual([
      403,
      { error: 'Forbidden: this form must be sent from the site itself.' },
    ]);
    expect((await sites())[0]!.logs).toEqual([]);
    // A refused form's files are dropped once its answer has gone out.
    await expect.poll(staged).toEqual([]);
  });

  test('an upload is analysed joined with the latest finished audit and listed; bad input is a 4xx', async () => {
    const { made, session, sites } = await operator();
    const run = await made.db
      .selectFrom('monitor_runs')
      .select('audit_id')
      .where('monitor_id', '=', SHOP)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

    const answer = await session.post(`/admin/client-sites/${SHOP}/logs`).attach('file', LOG, 'access.log');
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), joined: true });
    const { id } = answer.body as { id: string };
    await logEnded(made, id);

    expect((await sites())[0]!.logs).toEqual([
      {
        id,
        status: 'done',
        files: ['access.log'],
        lines: 18,
        error: null,
        joined: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const report = await request(made.app).get(`/api/log-files/${id}`);
    expect(report.body).toMatchObject({ status: 'done', auditId: run.audit_id, lines: 18 });
    // Verified hits only: the audit's pages but / and /blog were never crawled; /a?utm=1 is not one of them.
    expect(report.body.join.notInAudit).toEqual({ total: 1, urls: [{ url: '/a?utm=1', hits: 4 }] });
    const never = BEFORE_PAGES.filter((path) => path !== '/' && path !== '/blog');
    expect(report.body.join.neverCrawled.urls.map((entry: { url: string }) => entry.url).sort()).toEqual(
      never.map((path) => `${site.origin}${path}`).sort(),
    );

    const page = await session.get('/admin/client-sites').set('Accept', 'text/html');
    expect(page.text).toContain(
      `<a href="/log-file-analyser/${id}" target="_blank" rel="noopener noreferrer">report</a>`,
    );
    expect(page.text).toContain('18 lines, compared with the site&#x27;s audit');

    const notALog = await session
      .post(`/admin/client-sites/${SHOP}/logs`)
      .attach('file', Buffer.from('%PDF-1.7\n'), 'x.pdf');
    expect(notALog.status).toBe(400);
    expect(notALog.body.error).toMatch(/^x\.pdf is /);
    const noFile = await session.post(`/admin/client-sites/${SHOP}/logs`).field('note', 'x');
    expect([noFile.status, noFile.body]).toEqual([400, { error: 'Choose at least one log file (the "file" field).' }]);
    const unknown = await session.post('/admin/client-sites/nope/logs').attach('file', LOG, 'access.log');
    expect([unknown.status, unknown.body.error]).toEqual([404, expect.any(String)]);
    expect((await sites())[0]!.logs).toHaveLength(1);
  });

  test('a plain form (no script): the token in the body, then back to the list; a site with no check is not joined', async () => {
    const { made, session, sites } = await operator();
    await insertMonitor(made.db, {
      id: NEW,
      kind: 'client',
      url: 'https://new-client.example/',
      origin: 'https://new-client.example',
      email: 'a@new-client.example',
      recipients: ['a@new-client.example'],
      schedule: 'weekly',
      webhookUrl: null,
      status: 'active',
      emailConfirmedAt: '2026-11-01T00:00:00.000Z',
      verificationToken: 'token',
      scoreDrop: 5,
      digest: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      ipHash: null,
    });
    const sent = await request(made.app)
      .post(`/admin/client-sites/${NEW}/logs`)
      .set('Cookie', session.cookie)
      .set('Origin', ADMIN_ORIGIN)
      .set('Accept', 'text/html')
      .field('csrf', session.csrf)
      .attach('file', LOG, 'a.log')
      .attach('file', LOG, 'b.log');
    expect([sent.status, sent.headers.location]).toEqual([303, '/admin/client-sites?done=log-added-alone']);
    const logs = (await sites()).find((entry) => entry.id === NEW)!.logs as Array<{ id: string }>;
    await logEnded(made, logs[0]!.id);
    expect((await sites()).find((entry) => entry.id === NEW)!.logs).toMatchObject([
      { status: 'done', files: ['a.log', 'b.log'], lines: 36, joined: false },
    ]);
    const page = await session.get('/admin/client-sites?done=log-added-alone').set('Accept', 'text/html');
    expect(page.text).toContain('Log attached: it is being analysed. The site has no finished check yet');
  });

  test("delete: the operator's own, never a visitor's; the site's logs go with the site", async () => {
    const { made, session, sites, staged } = await operator();
    const { id } = (await session.post(`/admin/client-sites/${SHOP}/logs`).attach('file', LOG, 'access.log')).body as {
      id: string;
    };
    await logEnded(made, id);
    // No visitor's cookie owns it.
    const visitor = await request(made.app).delete(`/api/log-files/${id}`);
    expect(visitor.status).toBe(403);
    const other = await session.post(`/admin/client-sites/${NEW}/logs/${id}/delete`).send({});
    expect(other.status).toBe(404);

    const deleted = await session.post(`/admin/client-sites/${SHOP}/logs/${id}/delete`).send({});
    expect([deleted.status, deleted.body]).toEqual([200, { id, done: 'log-deleted' }]);
    expect((await request(made.app).get(`/api/log-files/${id}`)).status).toBe(404);
    expect((await sites())[0]!.logs).toEqual([]);

    const second = (await session.post(`/admin/client-sites/${SHOP}/logs`).attach('file', LOG, 'access.log')).body as {
      id: string;
    };
    await logEnded(made, second.id);
    const gone = await session.post(`/admin/client-sites/${SHOP}/delete`).send({});
    expect(gone.status).toBe(200);
    expect((await request(made.app).get(`/api/log-files/${second.id}`)).status).toBe(404);
    expect(staged()).toEqual([]);
  });
});
