import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { getSiteAudit } from '#db/site-audits.ts';
import { JOB_REASONS } from '#server/lib/jobs/index.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { cleanDelivery } from '#test/fixtures/site-audit-page-meta.ts';
import { hangingSite } from '#test/fixtures/site-audit-hanging-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { appJobEnded } from '#test/helpers/app-jobs.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { followEventStream, readEventStream } from '#test/helpers/event-stream.ts';
import { SITE_AUDIT_JOB } from './job.ts';

type App = TestApp['app'];

function cookieOf(res: request.Response): string {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return (header ?? [])[0]?.split(';')[0] ?? '';
}

/** Reads the audit's event stream to its end: the readiness signal that the audit finished. */
const finished = (app: App, id: string) => readEventStream(app, `/api/site-audits/${id}/events`);

async function audit(app: App, url: string, cookie = '') {
  const res = await request(app).post('/api/site-audits').set('Cookie', cookie).send({ url });
  expect(res.status).toBe(202);
  const events = await finished(app, res.body.id);
  return { id: res.body.id as string, cookie: cookieOf(res) || cookie, events, start: res };
}

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The apps opened on another's database first, the one that owns it last.
    for (const made of apps.splice(0).reverse()) await made.close();
  });

  /** A test app on this suite's database that may crawl `hostPort`; closed after the test. */
  async function appFor(hostPort: string, env: Record<string, string> = {}, file = false): Promise<TestApp> {
    const made = await createTestApp({ dialect, env: { FETCH_ALLOW_PRIVATE: hostPort, ...env }, file });
    apps.push(made);
    return made;
  }

  /** A second app on `owner`'s database and queue, as another (or the restarted) process. */
  async function appOn(owner: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
    const made = await createTestApp({
      dialect,
      database: owner.database,
      env: { FETCH_ALLOW_PRIVATE: owner.config.fetchAllowPrivate.join(','), ...env },
    });
    apps.push(made);
    return made;
  }

  test('POST starts an audit (202, unguessable id); the events stream ends with done and GET shows the summary', async () => {
    const site = await serveFixture(cleanSite);
    try {
      const { app } = await appFor(site.hostPort);
      const { id, events, start } = await audit(app, `${site.origin}/`);
      expect(start.body).toEqual({ id, status: expect.stringMatching(/^(queued|running)$/) });
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(cookieOf(start)).toMatch(/^visitor=[A-Za-z0-9_-]{22}$/);
      expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
      expect(events).toContain('event: done');
      const got = await request(app).get(`/api/site-audits/${id}`);
      expect(got.body).toMatchObject({
        id,
        url: `${site.origin}/`,
        status: 'done',
        progress: { crawled: 12 },
        summary: { pages: 12, score: 100, errors: 0, warnings: 0, notices: 0 },
      });
      expect(got.body.diff).toBeUndefined();
    } finally {
      await site.close();
    }
  });

  test('issues, pages, CSV and PDF come from the stored report', async () => {
    const site: FixtureSite = (path) => {
      if (path === '/robots.txt') return undefined;
      if (path === '/') return html(auditPage('/', { links: ['/thin', '/missing', '/no-title'] }));
      if (path === '/thin') return html(auditPage('/thin', { words: 20 }));
      if (path === '/no-title') return html(auditPage('/no-title', { title: null }));
      return undefined;
    };
    const served = await serveFixture((path, origin) => cleanDelivery(site(path, origin), origin + path));
    try {
      const { app } = await appFor(served.hostPort);
      const { id } = await audit(app, served.origin);
      const o = served.origin;
      const issues = await request(app).get(`/api/site-audits/${id}/issues`);
      expect(issues.body).toEqual({
        issues: [
          {
            type: 'links-broken',
            severity: 'error',
            title: 'Page links to a broken internal URL',
            count: 1,
            // Stored with the issue and read back on either database: where the link is, its text, its place.
            links: {
              total: 1,
              distinct: 1,
              groups: [
                {
                  target: `${o}/missing`,
                  anchor: 'Visit /missing',
                  position: 'navigation',
                  pages: 1,
                  sources: [`${o}/`],
                },
              ],
            },
          },
          {
            type: 'status-4xx',
            severity: 'error',
            title: 'Internal URL answers 4xx',
            count: 1,
            // The broken URL names the links to it ("linked from").
            links: {
              total: 1,
              distinct: 1,
              inbound: true,
              groups: [
                {
                  target: `${o}/missing`,
                  anchor: 'Visit /missing',
                  position: 'navigation',
                  pages: 1,
                  sources: [`${o}/`],
                },
              ],
            },
          },
          { type: 'title-missing', severity: 'error', title: 'Missing title', count: 1 },
          { type: 'thin-content', severity: 'warning', title: 'Thin content', count: 1 },
        ],
        totals: { error: 3, warning: 1, notice: 0 },
      });
      // Each type's URLs a page at a time, with the detail of each; the filter by URL text counts the matching URLs.
      expect((await request(app).get(`/api/site-audits/${id}/issues/thin-content?perPage=1`)).body).toEqual({
        type: 'thin-content',
        total: 1,
        page: 1,
        perPage: 1,
        urls: [{ url: `${o}/thin`, detail: '24 words' }],
      });
      expect((await request(app).get(`/api/site-audits/${id}/issues/thin-content?page=2&perPage=1`)).body).toEqual({
        type: 'thin-content',
        total: 1,
        page: 2,
        perPage: 1,
        urls: [],
      });
      expect((await request(app).get(`/api/site-audits/${id}/issues?q=MISS`)).body).toEqual({
        issues: [{ type: 'status-4xx', severity: 'error', title: 'Internal URL answers 4xx', count: 1 }],
      });
      for (const [query, error] of [
        ['perPage=201', 'perPage must be at most 200'],
        ['perPage=0', 'perPage must be a whole number from 1'],
        ['page=x', 'page must be a whole number from 1'],
        ['page=1.5', 'page must be a whole number from 1'],
      ]) {
        const bad = await request(app).get(`/api/site-audits/${id}/issues/thin-content?${query}`);
        expect([bad.status, bad.body]).toEqual([400, { error }]);
      }
      const unknown = await request(app).get(`/api/site-audits/${id}/issues/no-such-type`);
      expect([unknown.status, unknown.body]).toEqual([404, { error: 'No such issue type.' }]);
      const long = await request(app).get(`/api/site-audits/${id}/issues?q=${'x'.repeat(201)}`);
      expect([long.status, long.body]).toEqual([400, { error: 'q must be at most 200 characters' }]);
      expect((await request(app).get(`/api/site-audits/${id}/issues?q=%20`)).body.totals).toEqual(issues.body.totals);
      const pages = await request(app).get(`/api/site-audits/${id}/pages?perPage=2&page=2`);
      expect(pages.body).toMatchObject({ total: 4, page: 2, perPage: 2 });
      expect(pages.body.pages.map((row: { url: string }) => row.url)).toEqual([`${o}/missing`, `${o}/no-title`]);
      const filtered = await request(app).get(`/api/site-audits/${id}/pages?issue=thin-content`);
      expect(filtered.body.pages).toEqual([
        expect.objectContaining({
          url: `${o}/thin`,
          issues: ['thin-content'],
          facts: expect.objectContaining({ status: 200, depth: 1, words: 24, inSitemap: false }),
        }),
      ]);
      const linking = await request(app).get(`/api/site-audits/${id}/pages?issue=links-broken`);
      expect(linking.body.pages.map((row: { url: string; links?: unknown }) => [row.url, row.links])).toEqual([
        [
          `${o}/`,
          [
            {
              type: 'links-broken',
              links: [{ source: `${o}/`, target: `${o}/missing`, anchor: 'Visit /missing', position: 'navigation' }],
            },
          ],
        ],
      ]);
      expect((await request(app).get(`/api/site-audits/${id}/pages?perPage=500`)).status).toBe(400);
      const badSort = await request(app).get(`/api/site-audits/${id}/pages?sort=fcp`);
      expect([badSort.status, badSort.body]).toEqual([400, { error: 'sort must be lcp, cls or tbt' }]);

      const csv = await request(app).get(`/api/site-audits/${id}/export.csv`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.text.split('\r\n')).toEqual([
        'url,type,severity,detail,link_source,link_target,anchor_text,link_position',
        `${o}/,links-broken,error,links to ${o}/missing (HTTP 404),${o}/,${o}/missing,Visit /missing,navigation`,
        `${o}/missing,status-4xx,error,HTTP 404,,,,`,
        `${o}/thin,thin-content,warning,24 words,,,,`,
        `${o}/no-title,title-missing,error,no <title>,,,,`,
        '',
      ]);
      const pdf = await request(app)
        .get(`/api/site-audits/${id}/report.pdf`)
        .buffer(true)
        .parse((stream, done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await served.close();
    }
  });

  test('a bad URL is a 400 that does not use up the rate limit; past the limit POST answers 429', async () => {
    const site = await serveFixture(cleanSite);
    try {
      const { app } = await appFor(site.hostPort, { SITE_AUDIT_RATE_LIMIT: '2' });
      for (const body of [{}, { url: '' }, { url: 'ftp://example.com' }, { url: 'not a url' }]) {
        const res = await request(app).post('/api/site-audits').send(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
      const badChoice = await request(app)
        .post('/api/site-audits')
        .send({ url: `${site.origin}/`, checkExternalLinks: 'yes' });
      expect(badChoice.status).toBe(400);
      expect(badChoice.body.error).toMatch(/checkExternalLinks must be true or false/);
      for (let i = 0; i < 2; i += 1) await audit(app, `${site.origin}/`);
      const limited = await request(app)
        .post('/api/site-audits')
        .send({ url: `${site.origin}/` });
      expect(limited.status).toBe(429);
    } finally {
      await site.close();
    }
  });

  test('links to other sites are checked only when the audit is asked to', async () => {
    const other = await serveFixture(() => ({ status: 404, body: 'gone' }));
    const site = await serveFixture((path) =>
      path === '/' ? html(auditPage('/', { links: [`${other.origin}/moved-away`] })) : undefined,
    );
    try {
      const { app } = await appFor(`${site.hostPort},${other.hostPort}`);
      const brokenExternal = async (id: string) =>
        (await request(app).get(`/api/site-audits/${id}/issues`)).body.issues.filter(
          (group: { type: string }) => group.type === 'external-broken',
        );
      const plain = await audit(app, `${site.origin}/`);
      expect(await brokenExternal(plain.id)).toEqual([]);
      expect(other.requests).toEqual([]);

      const res = await request(app)
        .post('/api/site-audits')
        .send({ url: `${site.origin}/`, checkExternalLinks: true });
      expect(res.status).toBe(202);
      await finished(app, res.body.id);
      expect(await brokenExternal(res.body.id)).toEqual([expect.objectContaining({ count: 1 })]);
      const urls = await request(app).get(`/api/site-audits/${res.body.id}/issues/external-broken`);
      expect(urls.body.urls.map((row: { url: string }) => row.url)).toEqual([`${other.origin}/moved-away`]);
      expect(other.requests.map((entry) => entry.path)).toEqual(['/moved-away', '/moved-away']);
    } finally {
      await site.close();
      await other.close();
    }
  });

  test("the list shows only the calling visitor's audits; another visitor cannot cancel them", async () => {
    const site = await serveFixture(cleanSite);
    try {
      const { app } = await appFor(site.hostPort);
      const mine = await audit(app, `${site.origin}/`);
      const theirs = await audit(app, `${site.origin}/about`);
      const listed = await request(app).get('/api/site-audits').set('Cookie', mine.cookie);
      expect(listed.body.audits.map((item: { id: string }) => item.id)).toEqual([mine.id]);
      expect((await request(app).get('/api/site-audits')).body).toEqual({ audits: [] });
      expect((await request(app).get('/api/site-audits').set('Cookie', 'visitor=AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual(
        {
          audits: [],
        },
      );
      expect((await request(app).delete(`/api/site-audits/${mine.id}`).set('Cookie', theirs.cookie)).status).toBe(403);
      expect((await request(app).delete(`/api/site-audits/${mine.id}`).set('Cookie', mine.cookie)).status).toBe(409);
      expect((await request(app).get('/api/site-audits/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await request(app).get('/api/site-audits/..%2f..%2fetc')).status).toBe(404);
    } finally {
      await site.close();
    }
  });

  test("a re-run shows what is new and what was fixed since the same visitor's previous audit of the URL", async () => {
    let round = 1;
    const site: FixtureSite = (path) => {
      if (path === '/robots.txt') return undefined;
      if (path === '/') return html(auditPage('/', { links: ['/a', '/b'] }));
      if (path === '/a') return html(auditPage('/a', { title: round === 1 ? null : undefined }));
      if (path === '/b') return html(auditPage('/b', { lang: round === 1 ? 'en' : null }));
      return undefined;
    };
    const served = await serveFixture(site);
    try {
      const { app } = await appFor(served.hostPort);
      const first = await audit(app, `${served.origin}/`);
      await audit(app, `${served.origin}/`); // another visitor: never part of the first visitor's diff
      round = 2;
      const second = await audit(app, `${served.origin}/`, first.cookie);
      const got = await request(app).get(`/api/site-audits/${second.id}`);
      expect(got.body.diff).toEqual({
        previousId: first.id,
        causes: [],
        newIssues: [{ type: 'lang-missing', url: `${served.origin}/b` }],
        fixedIssues: [{ type: 'title-missing', url: `${served.origin}/a` }],
        newCount: 1,
        fixedCount: 1,
      });
    } finally {
      await served.close();
    }
  });

  test("a page that went 404 groups its side effects: the links to it follow from it, its own issues and its twin's duplicate are not fixed", async () => {
    let round = 1;
    const twinTitle = 'Spring offers on garden furniture and lights';
    const site: FixtureSite = (path) => {
      if (path === '/robots.txt') return undefined;
      if (path === '/') return html(auditPage('/', { links: ['/a', '/b', '/d', '/e'] }));
      if (path === '/a') return html(auditPage('/a', { title: round === 1 ? null : undefined }));
      if (path === '/b') return html(auditPage('/b', { lang: round === 1 ? 'en' : null }));
      // /d and /e share a title while /d is a page.
      if (path === '/d' && round === 1) return html(auditPage('/d', { title: twinTitle }));
      if (path === '/e') return html(auditPage('/e', { title: twinTitle }));
      return undefined;
    };
    const served = await serveFixture(site);
    try {
      const { app } = await appFor(served.hostPort);
      const first = await audit(app, `${served.origin}/`);
      round = 2;
      const second = await audit(app, `${served.origin}/`, first.cookie);
      const at = (type: string, path: string) => ({ type, url: `${served.origin}${path}` });
      expect((await request(app).get(`/api/site-audits/${second.id}`)).body.diff).toEqual({
        previousId: first.id,
        causes: [
          {
            ...at('status-4xx', '/d'),
            followed: [at('links-broken', '/')],
            // Not fixed: /d is no longer read as a page, nor compared with /e.
            gone: [at('title-duplicate', '/d'), at('canonical-missing', '/d')],
            compared: [at('title-duplicate', '/e')],
          },
        ],
        newIssues: [at('lang-missing', '/b')],
        fixedIssues: [at('title-missing', '/a')],
        newCount: 3,
        fixedCount: 1,
      });
    } finally {
      await served.close();
    }
  });

  test('DELETE cancels a running audit and a queued one; a full queue (counted in the database) answers 503', async () => {
    const site = await hangingSite();
    try {
      const { app } = await appFor(site.server.hostPort, { SITE_AUDIT_MAX_RUNNING: '1', SITE_AUDIT_MAX_QUEUED: '1' });
      const first = await request(app)
        .post('/api/site-audits')
        .send({ url: `${site.server.origin}/` });
      const cookie = cookieOf(first);
      await site.requested;
      expect((await request(app).get(`/api/site-audits/${first.body.id}`)).body.status).toBe('running');
      const second = await request(app)
        .post('/api/site-audits')
        .set('Cookie', cookie)
        .send({ url: `${site.server.origin}/` });
      expect(second.body.status).toBe('queued');
      const full = await request(app)
        .post('/api/site-audits')
        .send({ url: `${site.server.origin}/` });
      expect(full.status).toBe(503);
      expect(full.body).toEqual({
        error: 'The site audit is busy with other sites; please try again in a few minutes.',
      });
      expect(full.headers['retry-after']).toBe('60');
      const queuedStream = followEventStream(app, `/api/site-audits/${second.body.id}/events`);
      await queuedStream.opened;
      expect((await request(app).delete(`/api/site-audits/${second.body.id}`).set('Cookie', cookie)).body).toEqual({
        id: second.body.id,
        status: 'cancelled',
      });
      expect(await queuedStream.ended).toContain('event: cancelled');
      const stream = followEventStream(app, `/api/site-audits/${first.body.id}/events`);
      await stream.opened;
      expect((await request(app).delete(`/api/site-audits/${first.body.id}`).set('Cookie', cookie)).body).toEqual({
        id: first.body.id,
        status: 'cancelled',
      });
      expect(await stream.ended).toContain('event: cancelled');
      for (const id of [first.body.id, second.body.id])
        expect((await request(app).get(`/api/site-audits/${id}`)).body.status).toBe('cancelled');
      expect((await request(app).get(`/api/site-audits/${first.body.id}/issues`)).status).toBe(409);
      expect((await request(app).delete(`/api/site-audits/${first.body.id}`).set('Cookie', cookie)).status).toBe(409);
    } finally {
      site.release();
      await site.server.close();
    }
  });

  test('at a restart a queued audit stays queued and a running one goes back in line; the next start runs both, the cut one on its second try; finished reports survive', async () => {
    const site = await hangingSite();
    const clean = await serveFixture(cleanSite);
    try {
      const env = { SITE_AUDIT_MAX_RUNNING: '1' };
      const first = await appFor(`${site.server.hostPort},${clean.hostPort}`, env, true);
      const done = await audit(first.app, `${clean.origin}/`);
      const start = async () =>
        (
          await request(first.app)
            .post('/api/site-audits')
            .send({ url: `${site.server.origin}/` })
        ).body.id as string;
      const running = await start();
      await site.requested;
      const queued = await start();
      // The process stops: its job threads are aborted and the cut audit goes back in line.
      await first.stop();
      for (const id of [running, queued]) expect((await getSiteAudit(first.db, id))?.status).toBe('queued');
      site.release();
      // The same database opened again, as the restarted process (or another one) opens it.
      const second = await appOn(first, env);
      // Each stream ends with done, or says so at once when the audit finished before it opened.
      for (const id of [running, queued]) expect(await finished(second.app, id)).toMatch(/event: done|"status":"done"/);
      expect(await second.jobs.state('site-audit', running)).toMatchObject({ status: 'completed', attempts: 2 });
      expect(await second.jobs.state('site-audit', queued)).toMatchObject({ status: 'completed', attempts: 1 });
      for (const id of [running, queued])
        expect((await request(second.app).get(`/api/site-audits/${id}`)).body).toMatchObject({
          status: 'done',
          summary: { pages: 2 },
        });
      expect((await request(second.app).get(`/api/site-audits/${done.id}`)).body).toMatchObject({
        status: 'done',
        summary: { score: 100 },
      });
    } finally {
      site.release();
      await site.server.close();
      await clean.close();
    }
    // Two starts of the app and three audits: 4.4 s on PostgreSQL on an idle machine, past 20 s on a busy one.
  }, 60_000);

  test('an audit cut off on its last try is failed with the reason the job system gives, never left running', async () => {
    const site = await hangingSite();
    try {
      const first = await appFor(site.server.hostPort, {}, true);
      const id = (
        await request(first.app)
          .post('/api/site-audits')
          .send({ url: `${site.server.origin}/` })
      ).body.id as string;
      await site.requestedTimes(1);
      await first.stop();
      const second = await appOn(first);
      await site.requestedTimes(2);
      await second.stop();
      expect((await getSiteAudit(first.db, id))?.status).toBe('queued');
      const third = await appOn(first);
      expect(await finished(third.app, id)).toMatch(/"status":"failed"|event: failed/);
      // Embedded, the restarted process finds the job it ran; on BullMQ, a worker takes up a job with no tries left.
      const reason = dialect === 'sqlite' ? JOB_REASONS.serverStopped : JOB_REASONS.workerStopped;
      expect((await request(third.app).get(`/api/site-audits/${id}`)).body).toMatchObject({
        status: 'failed',
        error: reason,
      });
      expect(reason).toMatch(/^The (server|worker running this job) stopped/);
    } finally {
      site.release();
      await site.server.close();
    }
    // Three starts of the app: 16.6 s on PostgreSQL on a busy machine.
  }, 60_000);

  test('only the newest SITE_AUDIT_KEEP finished audits are kept', async () => {
    const site = await serveFixture(cleanSite);
    try {
      const made = await appFor(site.hostPort, { SITE_AUDIT_KEEP: '2' });
      const { app } = made;
      const ids = [];
      for (let i = 0; i < 3; i += 1) ids.push((await audit(app, `${site.origin}/`)).id);
      // The event stream ends once the report is stored; the try prunes after that, before it ends.
      expect(await appJobEnded(made, SITE_AUDIT_JOB, ids[2])).toMatchObject({ status: 'completed' });
      expect((await request(app).get(`/api/site-audits/${ids[0]}`)).status).toBe(404);
      for (const id of ids.slice(1)) expect((await request(app).get(`/api/site-audits/${id}/issues`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  test('issue types list every type with its words', async () => {
    const { app } = await appFor('');
    const res = await request(app).get('/api/site-audits/issue-types');
    expect(res.body.types.length).toBeGreaterThanOrEqual(60);
    expect(res.body.types[0]).toEqual({
      type: 'status-4xx',
      severity: 'error',
      title: expect.any(String),
      description: expect.any(String),
      howToFix: expect.any(String),
    });
  });
});
