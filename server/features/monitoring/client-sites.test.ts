import express from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { updateMonitor } from '#db/monitoring/monitors.ts';
import { listMessages } from '#db/messages.ts';
import { auditPdf } from '#server/features/site-audit/index.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import type { JobStarter } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { record } from '#test/helpers/jobs.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { storeClientSite } from '#test/helpers/monitoring-audit.ts';
import { CLIENT_REPORT_JOB, queueClientReport, queueMonthlyReports, reportMessageId } from './client-report.ts';
import { createAdminShell } from '#server/http/admin/shell.ts';
import { clientSitesSection } from './client-sites-section.ts';
import { CLIENT_SITE_LIMITS, parseMonth, parseRecipients } from './client-sites.ts';
import { testBrand } from '#test/helpers/report-brand.ts';
import type { MailPayload } from '#server/lib/messaging/index.ts';

const PASSWORD = 'correct horse battery staple';
const ORIGIN = 'https://example.test';
const brand = testBrand;
const pdf = auditPdf;

let site: MonitoringSite;
beforeAll(async () => {
  site = await serveMonitoringSite();
});
afterAll(() => site.close());

/** A client monitor of the fixture site with checks stored as runs: `checks` are [ISO time, fixture version]. */
const clientWithChecks = (
  db: Db,
  id: string,
  checks: Array<[string, MonitoringSite['version']]>,
  status: 'active' | 'paused' = 'active',
) => storeClientSite(db, site, id, checks, status);

describe('the recipients and month fields', () => {
  test('addresses split on commas, semicolons, spaces and lines; duplicates dropped; each checked', () => {
    expect(parseRecipients(' a@client.in, b@client.in;\nA@client.in  c@client.co.in ')).toEqual([
      'a@client.in',
      'b@client.in',
      'c@client.co.in',
    ]);
    expect(() => parseRecipients(' ,\n')).toThrow('recipients: add at least one email address.');
    expect(() => parseRecipients('a@client.in, not-an-address')).toThrow(
      'recipients: "not-an-address" is not an email address.',
    );
    const many = Array.from({ length: CLIENT_SITE_LIMITS.recipients + 1 }, (_, n) => `p${n}@client.in`).join(',');
    expect(() => parseRecipients(many)).toThrow(
      `recipients: at most ${CLIENT_SITE_LIMITS.recipients} addresses per site.`,
    );
    expect(() => parseRecipients('a'.repeat(CLIENT_SITE_LIMITS.recipientsChars + 1))).toThrow(
      `recipients: at most ${CLIENT_SITE_LIMITS.recipientsChars} characters.`,
    );
  });

  test("recipients follow the site's one e-mail rule: plain mailboxes, domains canonical, one entry per address", () => {
    expect(parseRecipients('Owner@Client.IN owner@client.in seo@bücher.example')).toEqual([
      'Owner@client.in',
      'seo@xn--bcher-kva.example',
    ]);
    for (const bad of ['(1)owner@client.in', 'owner@client.in.', '"owner"@client.in', 'x:owner@client.in'])
      expect(() => parseRecipients(bad), bad).toThrow(`recipients: "${bad}" is not an email address.`);
  });

  test('a month is YYYY-MM', () => {
    expect(parseMonth('2026-11')).toBe('2026-11');
    for (const bad of ['2026-13', '2026-1', 'november', undefined, ['2026-11']])
      expect(() => parseMonth(bad)).toThrow('month: a month such as 2026-11 (year, then month).');
  });
});

describe('/admin/client-sites', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function signedIn() {
    const testApp = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } });
    apps.push(testApp);
    const { app } = testApp;
    const login = await request(app)
      .post('/admin/login')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ password: PASSWORD });
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const page = await request(app).get('/admin/client-sites').set('Cookie', cookie).set('Accept', 'text/html');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const form = (path: string, fields: Record<string, string>) =>
      request(app)
        .post(path)
        .set('Cookie', cookie)
        .set('Origin', ORIGIN)
        .set('Accept', 'text/html')
        .type('form')
        .send({ csrf, ...fields });
    const json = (path: string) =>
      request(app).post(path).set('Cookie', cookie).set('Origin', ORIGIN).set('X-CSRF-Token', csrf);
    const list = async () =>
      (await request(app).get('/admin/client-sites').set('Cookie', cookie)).body as {
        sites: Array<Record<string, unknown>>;
      };
    return { ...testApp, cookie, csrf, form, json, list, page };
  }

  test('behind the sign-in: 303 to it for browsers, 401 JSON for other clients', async () => {
    const { app, page, cookie } = await signedIn();
    expect(page.status).toBe(200);
    expect(page.text).toContain('Client sites');
    expect(page.text).toContain('No client site yet: add the first one above.');
    // No SMTP_URL in the test app: the page says nobody can be mailed.
    expect(page.text).toContain('Email is not set up (SMTP_URL), so no alert or report can be sent');
    // The inbox links here.
    const inbox = await request(app).get('/admin').set('Cookie', cookie).set('Accept', 'text/html');
    expect(inbox.text).toContain('<a href="/admin/client-sites">Client sites</a>');
    const browser = await request(app).get('/admin/client-sites').set('Accept', 'text/html');
    expect([browser.status, browser.headers.location]).toEqual([303, '/admin/login']);
    const api = await request(app).get('/admin/client-sites');
    expect([api.status, api.body]).toEqual([401, { error: 'Sign in at /admin/login first.' }]);
  });

  test('the operator adds a site without verification; it is active at once and listed with its recipients', async () => {
    const { form, list, app, cookie } = await signedIn();
    const added = await form('/admin/client-sites', {
      url: 'https://www.client-shop.in/',
      schedule: 'daily',
      recipients: 'owner@client-shop.in,\nseo@client-shop.in; owner@client-shop.in',
    });
    expect([added.status, added.headers.location]).toEqual([303, '/admin/client-sites?done=added']);
    const { sites } = await list();
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({
      url: 'https://www.client-shop.in/',
      schedule: 'daily',
      recipients: ['owner@client-shop.in', 'seo@client-shop.in'],
      paused: false,
      lastCheck: null,
      trend: [],
      months: [],
    });
    const page = await request(app)
      .get('/admin/client-sites?done=added')
      .set('Cookie', cookie)
      .set('Accept', 'text/html');
    expect(page.text).toContain('Client site added: its first check starts within a minute.');
    expect(page.text).toContain(
      'Every day · reports and alerts to owner@client-shop.in, seo@client-shop.in · next check due now',
    );
  });

  test('bad input is a clear 4xx: the page keeps what was typed, JSON clients get {error}', async () => {
    const { form, json, list } = await signedIn();
    const badUrl = await form('/admin/client-sites', {
      url: 'not a site',
      schedule: 'weekly',
      recipients: 'a@client.in',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.text).toContain('Please enter a valid http:// or https:// URL.');
    expect(badUrl.text).toContain('value="not a site"');
    const badRecipient = await json('/admin/client-sites').send({ url: 'https://client.in/', recipients: 'nobody' });
    expect([badRecipient.status, badRecipient.body]).toEqual([
      400,
      { error: 'recipients: "nobody" is not an email address.' },
    ]);
    const badSchedule = await json('/admin/client-sites').send({
      url: 'https://client.in/',
      schedule: 'hourly',
      recipients: 'a@client.in',
    });
    expect([badSchedule.status, badSchedule.body]).toEqual([400, { error: 'schedule: daily, weekly or monthly.' }]);
    const longUrl = await json('/admin/client-sites').send({
      url: `https://client.in/${'a'.repeat(CLIENT_SITE_LIMITS.urlChars)}`,
      recipients: 'a@client.in',
    });
    expect([longUrl.status, longUrl.body]).toEqual([
      400,
      { error: `url: at most ${CLIENT_SITE_LIMITS.urlChars} characters.` },
    ]);
    expect((await list()).sites).toEqual([]);
  });

  test('every change needs the same origin and the form token', async () => {
    const { app, cookie, csrf, list } = await signedIn();
    const fields = { url: 'https://client.in/', recipients: 'a@client.in' };
    const noToken = await request(app)
      .post('/admin/client-sites')
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .send(fields);
    expect(noToken.status).toBe(403);
    const elsewhere = await request(app)
      .post('/admin/client-sites')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .set('X-CSRF-Token', csrf)
      .send(fields);
    expect(elsewhere.status).toBe(403);
    expect((await list()).sites).toEqual([]);
  });

  test('pause, resume and delete; an unknown site is a 404', async () => {
    const { json, list } = await signedIn();
    const created = await json('/admin/client-sites').send({ url: 'https://client.in/', recipients: 'a@client.in' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await json(`/admin/client-sites/${id}/pause`).send({})).body).toEqual({ id, done: 'paused' });
    expect((await list()).sites[0]).toMatchObject({ paused: true });
    expect((await json(`/admin/client-sites/${id}/resume`).send({})).body).toEqual({ id, done: 'resumed' });
    expect((await list()).sites[0]).toMatchObject({ paused: false });
    expect((await json(`/admin/client-sites/${id}/delete`).send({})).body).toEqual({ id, done: 'deleted' });
    expect((await list()).sites).toEqual([]);
    const gone = await json(`/admin/client-sites/${id}/pause`).send({});
    expect(gone.status).toBe(404);
  });

  test('the monthly PDF: the month checked as YYYY-MM, an unknown site 404, the report of stored checks', async () => {
    const { db, app, cookie, list } = await signedIn();
    const id = 'client1'.padEnd(22, '0');
    await clientWithChecks(db, id, [
      ['2026-11-02T06:00:00.000Z', 'before'],
      ['2026-11-09T06:00:00.000Z', 'after'],
    ]);
    const get = (path: string) => request(app).get(path).set('Cookie', cookie);
    expect((await get(`/admin/client-sites/${id}/report.pdf?month=nov`)).body).toEqual({
      error: 'month: a month such as 2026-11 (year, then month).',
    });
    expect((await get('/admin/client-sites/nope/report.pdf?month=2026-11')).status).toBe(404);
    const file = await get(`/admin/client-sites/${id}/report.pdf?month=2026-11`).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="report-127.0.0.1-2026-11.pdf"');
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // The list: the last check, the trend of finished checks and the month with a report.
    expect((await list()).sites[0]).toMatchObject({
      lastCheck: { at: '2026-11-09T06:00:00.000Z', status: 'done', score: 0, regressions: 0 },
      trend: [100, 0],
      months: ['2026-11'],
    });
  });
  test(`PDFs drawn at once are capped (${CLIENT_SITE_LIMITS.pdfsAtOnce}): past it a 429, and the slot comes back`, async () => {
    const { db, config, cookie } = await signedIn();
    const id = 'busy'.padEnd(22, '0');
    await clientWithChecks(db, id, [['2026-11-02T06:00:00.000Z', 'before']]);
    const capacity = createCapacity(CLIENT_SITE_LIMITS.pdfsAtOnce);
    const service = {
      getMonitor: () => Promise.resolve({ id, url: `${site.origin}/`, scoreDrop: 5 }),
    } as unknown as Parameters<typeof clientSitesSection>[0]['service'];
    const log = createLogger('silent');
    const section = clientSitesSection({
      db,
      log,
      service,
      brand,
      pdf,
      fontPath: undefined,
      pdfCapacity: capacity,
      mailEnabled: false,
    });
    const app = express().use(
      '/admin',
      createAdminShell({ config, db, log, password: PASSWORD, css: '/x.css', sections: [section] }),
    );
    const get = () => request(app).get(`/admin/client-sites/${id}/report.pdf?month=2026-11`).set('Cookie', cookie);
    const held = Array.from({ length: CLIENT_SITE_LIMITS.pdfsAtOnce }, () => capacity.tryTake()!);
    const busy = await get();
    expect([busy.status, busy.body]).toEqual([429, { error: 'Another report is being drawn: try again in a moment.' }]);
    for (const release of held) release();
    expect((await get()).status).toBe(200);
    expect(capacity.used).toBe(0);
  });
});

describe.each(DIALECTS)('the monthly report mail (%s)', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(() => closeTestDatabase(db));
  const context = {
    brand,
    siteUrl: ORIGIN,
    pdf,
    now: () => new Date('2026-12-01T00:10:00.000Z'),
    operatorEmails: ['studio@acme.in'],
  };

  test('queued once per site and month, to every recipient, with the PDF attached', async () => {
    await clientWithChecks(db, 'c1', [
      ['2026-10-30T06:00:00.000Z', 'before'],
      ['2026-11-06T06:00:00.000Z', 'after'],
      ['2026-11-13T06:00:00.000Z', 'before'],
    ]);
    const input = { monitorId: 'c1', month: '2026-11' };
    // Two tries at once (two processes, or a retried job): one mail.
    const outcomes = await Promise.all([queueClientReport(db, input, context), queueClientReport(db, input, context)]);
    expect(outcomes.sort()).toEqual(['already-sent', 'queued']);
    expect(await queueClientReport(db, input, context)).toBe('already-sent');
    const messages = await listMessages(db, { monitorId: 'c1' });
    expect(messages.map((message) => [message.id, message.channel, message.kind, message.recipient])).toEqual([
      [reportMessageId('c1', '2026-11'), 'email', 'monitor.report', 'listed'],
    ]);
    const payload = JSON.parse(messages[0]!.payload) as MailPayload;
    expect(payload.to).toEqual(['owner@client.in', 'seo@client.in']);
    expect(payload.subject).toBe(`Monthly report for ${new URL(site.origin).host}, November 2026`);
    expect(payload.text).toContain('The health score went up from 0 to 100 in November 2026 (+100).');
    // The October check is the baseline: November's first check found the 24 planted problems.
    expect(payload.text).toContain('2 checks · 24 new problems found · 23 problems fixed');
    // One click (RFC 8058) pauses the site's mail; the text and HTML carry the same link.
    expect(payload.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(
          `^<${ORIGIN}/api/monitors/c1/unsubscribe\\?token=[^>]+>, <mailto:studio@acme.in\\?subject=Unsubscribe%20monitor%20c1>$`,
        ),
      ) as string,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(payload.text).toMatch(new RegExp(`Stop these emails: ${ORIGIN}/monitor/unsubscribe\\?id=c1&token=`));
    expect(payload.attachments).toHaveLength(1);
    expect(payload.attachments![0]).toMatchObject({
      filename: 'report-127.0.0.1-2026-11.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(payload.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('nothing without mail (no NOTIFY_EMAIL_TO), for a paused site, a gone one, or a month without a check', async () => {
    await clientWithChecks(db, 'paused', [['2026-11-06T06:00:00.000Z', 'before']], 'paused');
    await clientWithChecks(db, 'quiet', [['2026-10-06T06:00:00.000Z', 'before']]);
    await clientWithChecks(db, 'active', [['2026-11-06T06:00:00.000Z', 'before']]);
    expect(
      await queueClientReport(db, { monitorId: 'active', month: '2026-11' }, { ...context, operatorEmails: [] }),
    ).toBe('no-mail');
    expect(await queueClientReport(db, { monitorId: 'paused', month: '2026-11' }, context)).toBe('not-active');
    expect(await queueClientReport(db, { monitorId: 'gone', month: '2026-11' }, context)).toBe('not-active');
    expect(await queueClientReport(db, { monitorId: 'quiet', month: '2026-11' }, context)).toBe('no-check');
    expect(await listMessages(db)).toEqual([]);
  });

  test("a check counts in the month of the day it is shown on, in the profile's zone", async () => {
    // 20:00 UTC on 30 November is 01:30 on 1 December in India.
    await clientWithChecks(db, 'late', [['2026-11-30T20:00:00.000Z', 'before']]);
    const months: unknown[] = [];
    const jobs: Pick<JobStarter, 'enqueue'> = {
      enqueue: <I>(_name: string, input: I) => {
        months.push((input as { month: string }).month);
        return Promise.resolve({ id: '', joined: false });
      },
    };
    expect(await queueMonthlyReports(db, jobs, new Date('2026-11-30T19:00:00.000Z'), 'Asia/Kolkata')).toBe(0);
    expect(await queueMonthlyReports(db, jobs, new Date('2026-12-31T19:00:00.000Z'), 'Asia/Kolkata')).toBe(1);
    expect(await queueMonthlyReports(db, jobs, new Date('2026-12-01T00:10:00.000Z'), 'UTC')).toBe(1);
    expect(months).toEqual(['2026-12', '2026-11']);
  });

  test('the hourly look enqueues one job per active site checked last month, until its mail is queued', async () => {
    await clientWithChecks(db, 'a', [['2026-11-06T06:00:00.000Z', 'before']]);
    await clientWithChecks(db, 'b', [['2026-11-07T06:00:00.000Z', 'before']]);
    await clientWithChecks(db, 'quiet', [['2026-10-06T06:00:00.000Z', 'before']]);
    await clientWithChecks(db, 'paused', [['2026-11-06T06:00:00.000Z', 'before']], 'paused');
    const enqueued: Array<[string, unknown, string | undefined]> = [];
    const jobs: Pick<JobStarter, 'enqueue'> = {
      enqueue: <I>(name: string, input: I, options?: { id?: string }) => {
        enqueued.push([name, input, options?.id]);
        return Promise.resolve({ id: options?.id ?? '', joined: false });
      },
    };
    const now = new Date('2026-12-01T00:10:00.000Z');
    expect(await queueMonthlyReports(db, jobs, now, 'UTC')).toBe(2);
    expect(enqueued.sort()).toEqual([
      [CLIENT_REPORT_JOB, { monitorId: 'a', month: '2026-11' }, 'client-report-a-2026-11'],
      [CLIENT_REPORT_JOB, { monitorId: 'b', month: '2026-11' }, 'client-report-b-2026-11'],
    ]);
    expect(await queueClientReport(db, { monitorId: 'a', month: '2026-11' }, context)).toBe('queued');
    enqueued.length = 0;
    expect(await queueMonthlyReports(db, jobs, now, 'UTC')).toBe(1);
    expect(enqueued.map(([, input]) => input)).toEqual([{ monitorId: 'b', month: '2026-11' }]);
    // A site paused after its checks gets no report.
    await updateMonitor(db, 'b', { status: 'paused' });
    enqueued.length = 0;
    expect(await queueMonthlyReports(db, jobs, now, 'UTC')).toBe(0);
  });
});

test('the report job runs in a job thread: the hourly look enqueues it, the thread queues the mail with its PDF', async () => {
  const testApp = await createTestApp({
    env: { SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL_TO: 'studio@acme.in' },
  });
  try {
    const { db, jobs } = testApp;
    const id = 'threaded'.padEnd(22, '0');
    await clientWithChecks(db, id, [['2026-11-06T06:00:00.000Z', 'before']]);
    const recorded = record(jobs, CLIENT_REPORT_JOB, `client-report-${id}-2026-11`);
    expect(await queueMonthlyReports(db, jobs, new Date('2026-12-01T00:10:00.000Z'), 'UTC')).toBe(1);
    expect(await recorded.ended).toEqual({ type: 'completed', result: 'queued' });
    const [message] = await listMessages(db, { monitorId: id });
    expect([message?.id, message?.kind]).toEqual([reportMessageId(id, '2026-11'), 'monitor.report']);
    const payload = JSON.parse(message!.payload) as MailPayload;
    expect(payload.to).toEqual(['owner@client.in', 'seo@client.in']);
    // The operator's profile names the report.
    expect(payload.text).toContain(`from ${testApp.config.siteProfile.business.name}.`);
    expect(Buffer.from(payload.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await testApp.close();
  }
});
