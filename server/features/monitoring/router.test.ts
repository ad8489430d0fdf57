import request from 'supertest';
import { describe, expect, test, vi } from 'vitest';
import { getMonitor } from '#db/monitoring/monitors.ts';
import { listMessages } from '#db/messages.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import {
  ADMIN_PASSWORD,
  confirmationMail,
  confirmedMonitor,
  confirmTokenOf,
  createMonitor as create,
  deliver,
  monitoringApps,
  type MonitoringApp,
} from '#test/helpers/monitoring-api.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup, cleanup } = monitoringApps(dialect);
  const confirmed = (made: MonitoringApp, n = 1) => confirmedMonitor(made, n);

  test('POST answers 202 with the exact proof of ownership; the confirmation mail goes out with a signed link', async () => {
    const made = await setup();
    const res = await create(made.app, {
      url: `${made.site.origin}/`,
      email: 'owner@shop.test',
      schedule: 'daily',
      webhookUrl: 'https://hooks.example.com/monitor',
    });
    expect(res.status).toBe(202);
    const { id } = res.body;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = (await getMonitor(made.db, id))!.verificationToken;
    expect(res.body).toEqual({
      id,
      status: 'unconfirmed',
      verification: {
        meta: `<meta name="lotus-lane-digital-site-verification" content="${token}">`,
        file: { path: `/${token}.html`, content: `lotus-lane-digital-site-verification: ${token}` },
      },
    });
    expect(await getMonitor(made.db, id)).toMatchObject({ status: 'unconfirmed', nextRunAt: null, scoreDrop: 5 });
    await deliver(made.app);
    const mail = await made.smtp.nth(1);
    expect(mail.to).toEqual(['owner@shop.test']);
    expect(mail.mail.subject).toBe(`Confirm monitoring of ${made.site.hostPort}`);
    expect(mail.mail.text).toContain(res.body.verification.meta);
    expect(mail.mail.text).toContain(`${made.site.origin}/${token}.html`);
    expect(mail.mail.text).toContain('https://example.test/monitor/confirm?token=');
    expect(mail.mail.html).toContain('Confirm your address');
    expect(mail.mail.headers.get('x-event-type')).toBe('monitor.confirm');
    expect(await listMessages(made.db, { monitorId: id })).toMatchObject([
      { kind: 'monitor.confirm', recipient: 'listed', deliveredAt: expect.any(String) },
    ]);
  });

  test('confirming activates the monitor and makes it a lead; nothing is scheduled until the site is verified', async () => {
    const made = await setup();
    const { id, manage, confirm } = await confirmed(made);
    expect(confirm.body).toEqual({
      id,
      status: 'active',
      verified: false,
      manageToken: manage,
      manageUrl: `https://example.test/monitor/${id}?token=${encodeURIComponent(manage)}`,
    });
    expect(await getMonitor(made.db, id)).toMatchObject({ status: 'active', nextRunAt: null });
    const leads = await made.db.selectFrom('monitor_leads').selectAll().execute();
    expect(leads).toMatchObject([
      { monitor_id: id, email: 'owner@shop.test', site: `${made.site.origin}/`, schedule: 'weekly' },
    ]);
    const leadMessages = (await listMessages(made.db)).filter((row) => row.leadType === 'monitor');
    expect(leadMessages.map((row) => [row.kind, row.channel])).toEqual([['monitor.created', 'email']]);
    // The lead reaches the operator by the lead delivery's email too.
    const lead = await made.smtp.nth(2);
    expect(lead.to).toEqual(['operator@agency.test']);
    expect(lead.mail.subject).toBe(`New monitored site: ${made.site.origin}/ (owner@shop.test)`);
    expect(lead.mail.text).toContain('Email: owner@shop.test');
    expect(lead.mail.text).toContain('Schedule: weekly');
    // A second click says the address is confirmed (no new manage link) and makes no second lead.
    const again = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(made.smtp.received[0]!.mail.text!) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, status: 'active', verified: false, alreadyConfirmed: true });
    expect(await made.db.selectFrom('monitor_leads').selectAll().execute()).toHaveLength(1);

    // The operator sees it in the admin inbox's "Monitored sites" list.
    const login = await request(made.app)
      .post('/admin/login')
      .set('Origin', 'https://example.test')
      .type('form')
      .send({ password: ADMIN_PASSWORD });
    const cookie = String((login.headers['set-cookie'] as unknown as string[])[0]).split(';')[0]!;
    const inbox = await request(made.app).get('/admin?type=monitors').set('Cookie', cookie).set('Accept', 'text/html');
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain('Monitored sites (1 unread)');
    expect(inbox.text).toContain('href="mailto:owner@shop.test"');
    expect(inbox.text).toContain(`Website ${made.site.origin}/`);
    expect(inbox.text).toContain('checked weekly');
  });

  test("the lead carries the visitor's own audit: its score, its top issues and the report's link", async () => {
    const made = await setup();
    const audit = await request(made.app)
      .post('/api/site-audits')
      .send({ url: `${made.site.origin}/` });
    expect(audit.status).toBe(202);
    await readEventStream(made.app, `/api/site-audits/${audit.body.id}/events`);
    const report = (await request(made.app).get(`/api/site-audits/${audit.body.id}`)).body;
    const issues = (await request(made.app).get(`/api/site-audits/${audit.body.id}/issues`)).body.issues as Array<{
      title: string;
      count: number;
      severity: string;
    }>;
    expect(issues.length).toBeGreaterThan(0);
    const res = await create(made.app, {
      url: `${made.site.origin}/`,
      email: 'owner@shop.test',
      schedule: 'monthly',
      auditId: audit.body.id,
    });
    expect(res.status).toBe(202);
    await deliver(made.app);
    const mail = await confirmationMail(made.smtp, 1);
    await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) })
      .expect(200);
    const [lead] = await made.db.selectFrom('monitor_leads').selectAll().execute();
    expect(lead).toMatchObject({
      score: report.summary.score,
      report_url: `https://example.test/site-audit/${audit.body.id}`,
      top_issues: issues
        .slice(0, 5)
        .map((issue) => `${issue.count} × ${issue.title} (${issue.severity})`)
        .join('\n'),
    });
  });

  test('verification: the meta tag on the start page, or the file at the root, through the guarded fetcher', async () => {
    const made = await setup();
    const { id, manage } = await confirmed(made);
    const verify = () => request(made.app).post(`/api/monitors/${id}/verify?token=${encodeURIComponent(manage)}`);
    const missing = await verify();
    expect(missing.status).toBe(200);
    expect(missing.body.verified).toBe(false);
    expect(missing.body.detail).toContain('Not verified yet');
    const token = (await getMonitor(made.db, id))!.verificationToken;
    made.state.head = `<meta name="Lotus-Lane-Digital-Site-Verification" content="wrong">`;
    expect((await verify()).body.verified).toBe(false);
    made.state.files[`/${token}.html`] = `lotus-lane-digital-site-verification: ${token}\n`;
    const found = await verify();
    expect(found.body).toEqual({
      verified: true,
      detail: `Found the verification file at ${made.site.origin}/${token}.html.`,
    });
    const monitor = await getMonitor(made.db, id);
    expect(monitor).toMatchObject({ status: 'active', verifiedAt: expect.any(String) });
    // Verified and confirmed: the first run is due at once, and the scheduler looks now, not at its next minute.
    expect(Date.parse(monitor!.nextRunAt!)).toBeLessThanOrEqual(Date.now());
    await vi.waitFor(
      async () => {
        const got = await request(made.app).get(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`);
        expect(got.body.runs).toMatchObject([{ trigger: 'schedule' }]);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  test('a site already carrying the tag is verified when the address is confirmed', async () => {
    const made = await setup();
    const res = await create(made.app, { url: `${made.site.origin}/`, email: 'owner@shop.test', schedule: 'daily' });
    made.state.head = res.body.verification.meta;
    await deliver(made.app);
    const mail = await made.smtp.nth(1);
    const confirm = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) });
    expect(confirm.body).toMatchObject({ status: 'active', verified: true });
    expect((await getMonitor(made.db, res.body.id))!.nextRunAt).not.toBeNull();
  });

  test('GET shows the monitor to its manage link; PATCH changes it; DELETE removes it; other links are refused', async () => {
    const made = await setup();
    const { id, manage } = await confirmed(made);
    const q = `?token=${encodeURIComponent(manage)}`;
    const got = await request(made.app).get(`/api/monitors/${id}${q}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id,
      url: `${made.site.origin}/`,
      email: 'owner@shop.test',
      schedule: 'weekly',
      status: 'active',
      verified: false,
      webhookUrl: null,
      digest: false,
      scoreDrop: 5,
      nextRunAt: null,
      runs: [],
    });
    expect(got.body.verification.meta).toContain('lotus-lane-digital-site-verification');
    const patched = await request(made.app)
      .patch(`/api/monitors/${id}${q}`)
      .send({ schedule: 'monthly', digest: true, scoreDrop: 10, webhookUrl: 'https://hooks.example.com/x' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      schedule: 'monthly',
      digest: true,
      scoreDrop: 10,
      webhookUrl: 'https://hooks.example.com/x',
    });
    const paused = await request(made.app).patch(`/api/monitors/${id}${q}`).send({ paused: true, webhookUrl: null });
    expect(paused.body).toMatchObject({ status: 'paused', webhookUrl: null });
    const resumed = await request(made.app).patch(`/api/monitors/${id}${q}`).send({ paused: false });
    expect(resumed.body).toMatchObject({ status: 'active' });

    const other = await confirmed(made, 2);
    const foreign = await request(made.app).get(`/api/monitors/${id}?token=${encodeURIComponent(other.manage)}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'This link is not valid for this monitor.' });
    expect((await request(made.app).get(`/api/monitors/${id}?token=forged.token`)).status).toBe(403);
    expect((await request(made.app).get(`/api/monitors/${id}`)).body).toEqual({
      error: 'Token is required: use the link from your email',
    });
    const gone = await request(made.app).delete(`/api/monitors/${id}${q}`);
    expect(gone.status).toBe(204);
    expect((await request(made.app).get(`/api/monitors/${id}${q}`)).status).toBe(410);
  });

  test('one-click unsubscribe (RFC 8058): a form-encoded POST with the unsubscribe link pauses the monitor', async () => {
    const made = await setup();
    const { id } = await confirmed(made);
    const service = (
      made.app.locals.monitoring as {
        service: { tokens(): Promise<{ issue(id: string, p: string, now: number): string }> };
      }
    ).service;
    const unsub = (await service.tokens()).issue(id, 'unsubscribe', Date.now());
    const res = await request(made.app)
      .post(`/api/monitors/${id}/unsubscribe?token=${encodeURIComponent(unsub)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: 'paused' });
    expect(await getMonitor(made.db, id)).toMatchObject({ status: 'paused', nextRunAt: null });
    // A manage link is not an unsubscribe link, and GET never changes anything.
    const manage = (await service.tokens()).issue(id, 'manage', Date.now());
    expect(
      (await request(made.app).post(`/api/monitors/${id}/unsubscribe?token=${encodeURIComponent(manage)}`)).status,
    ).toBe(403);
    expect(
      (await request(made.app).get(`/api/monitors/${id}/unsubscribe?token=${encodeURIComponent(unsub)}`)).status,
    ).toBe(405);
  });

  test('bad input: every field of POST, PATCH and confirm answers 400 with a message naming it', async () => {
    const made = await setup();
    const good = { url: `${made.site.origin}/`, email: 'owner@shop.test', schedule: 'daily' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, url: 'ftp://shop.test/' }, 'Please enter a valid http:// or https:// URL.'],
      [{ ...good, url: 42 }, 'Url must be a string'],
      [{ ...good, url: `https://shop.test/${'a'.repeat(2200)}` }, 'Url must be at most 2048 characters'],
      [{ ...good, email: 'not an address' }, 'Email must be a valid email address'],
      [{ ...good, email: undefined }, 'Email is required'],
      [{ ...good, schedule: 'hourly' }, 'Schedule must be one of: daily, weekly, monthly'],
      [{ ...good, webhookUrl: 'javascript:alert(1)' }, 'WebhookUrl must be an absolute http:// or https:// URL'],
      [{ ...good, auditId: '../../etc' }, 'AuditId must be the id of a site audit'],
      [{ ...good, extra: 1 }, 'Unexpected field: extra'],
    ];
    for (const [body, error] of cases) {
      const res = await create(made.app, body);
      expect([res.status, res.body]).toEqual([400, { error }]);
    }
    const unknownAudit = await create(made.app, { ...good, auditId: 'A'.repeat(22) });
    expect([unknownAudit.status, unknownAudit.body]).toEqual([404, { error: 'No site audit with that id.' }]);
    const { id, manage } = await confirmed(made);
    const q = `?token=${encodeURIComponent(manage)}`;
    const patches: Array<[Record<string, unknown>, string]> = [
      [{}, 'Send at least one of: url, schedule, paused, digest, webhookUrl, scoreDrop'],
      [{ schedule: 'yearly' }, 'Schedule must be one of: daily, weekly, monthly'],
      [{ paused: 'yes' }, 'Paused must be a boolean'],
      [{ digest: 1 }, 'Digest must be a boolean'],
      [{ scoreDrop: 0 }, 'ScoreDrop must be at least 1'],
      [{ scoreDrop: 2.5 }, 'ScoreDrop must be a whole number'],
      [{ scoreDrop: 101 }, 'ScoreDrop must be at most 100'],
      [{ webhookUrl: 'ftp://x' }, 'WebhookUrl must be an absolute http:// or https:// URL'],
      [{ recipients: ['a@b.c'] }, 'Unexpected field: recipients'],
    ];
    for (const [body, error] of patches) {
      const res = await request(made.app).patch(`/api/monitors/${id}${q}`).send(body);
      expect([res.status, res.body]).toEqual([400, { error }]);
    }
    for (const [body, status, error] of [
      [{}, 400, 'Token is required'],
      [{ token: 'abc' }, 400, 'This confirmation link is not valid. Copy the whole link from the email.'],
    ] as const) {
      const res = await request(made.app).post('/api/monitors/confirm').send(body);
      expect([res.status, res.body]).toEqual([status, { error }]);
    }
    expect((await request(made.app).get(`/api/monitors/nope${q}`)).status).toBe(403);
  });

  test('limits: monitors per address, sites in total, confirmation mails per address and per IP, each with its message', async () => {
    // Confirmed monitors count (requests.test.ts: unconfirmed ones do not).
    const perEmail = await setup({ MONITOR_MAX_PER_EMAIL: '1' });
    const url = `${perEmail.site.origin}/`;
    await confirmedMonitor(perEmail, 1, 'a@shop.test');
    const second = await create(perEmail.app, { url, email: 'A@shop.test', schedule: 'daily' });
    expect([second.status, second.body]).toEqual([
      422,
      {
        error:
          'This address already has 1 monitor, the most one address may have: delete one from its manage page first.',
      },
    ]);

    const sites = await setup({ MONITOR_MAX_SITES: '1' });
    expect(
      (await create(sites.app, { url: `${sites.site.origin}/`, email: 'a@shop.test', schedule: 'daily' })).status,
    ).toBe(202);
    const full = await create(sites.app, {
      url: `${sites.site.origin}/other`,
      email: 'b@shop.test',
      schedule: 'daily',
    });
    expect([full.status, full.body]).toEqual([
      422,
      { error: 'This server already monitors 1 sites, as many as it can: please try again later.' },
    ]);
    // The same site again is not one more site.
    expect(
      (await create(sites.app, { url: `${sites.site.origin}/`, email: 'c@shop.test', schedule: 'daily' })).status,
    ).toBe(202);

    const mails = await setup({ MONITOR_CONFIRM_PER_EMAIL_HOUR: '1', MONITOR_CONFIRM_PER_IP_HOUR: '2' });
    const origin = mails.site.origin;
    expect((await create(mails.app, { url: `${origin}/a`, email: 'x@shop.test', schedule: 'daily' })).status).toBe(202);
    const byEmail = await create(mails.app, { url: `${origin}/b`, email: 'x@shop.test', schedule: 'daily' });
    expect(byEmail.status).toBe(429);
    expect(byEmail.body.error).toMatch(
      /^This address has been sent 1 confirmation emails this hour, the most we send; try again in 60 minutes\.$/,
    );
    expect(byEmail.headers['retry-after']).toBe('3600');
    expect((await create(mails.app, { url: `${origin}/c`, email: 'y@shop.test', schedule: 'daily' })).status).toBe(202);
    const byIp = await create(mails.app, { url: `${origin}/d`, email: 'z@shop.test', schedule: 'daily' });
    expect(byIp.status).toBe(429);
    expect(byIp.body.error).toBe(
      'Too many monitors were requested from your network this hour (2 at most); try again in 60 minutes.',
    );
  });

  test('without SMTP_URL the API says monitoring cannot send mail (503), and stores nothing', async () => {
    const made = await createTestApp({ dialect });
    cleanup.push(() => made.close());
    const res = await create(made.app, { url: 'https://shop.test/', email: 'a@shop.test', schedule: 'daily' });
    expect([res.status, res.body]).toEqual([
      503,
      {
        error:
          'Monitoring is not available on this server yet: it cannot send email (the operator has not set SMTP_URL).',
      },
    ]);
    expect(await made.db.selectFrom('monitors').selectAll().execute()).toEqual([]);
  });

  test('"Check now" needs a confirmed, verified monitor, starts a run with its audit, and is rate limited (429)', async () => {
    const made = await setup({ MONITOR_CHECK_NOW_PER_HOUR: '1' });
    const { id, manage } = await confirmed(made);
    const run = () => request(made.app).post(`/api/monitors/${id}/run?token=${encodeURIComponent(manage)}`);
    const early = await run();
    expect([early.status, early.body]).toEqual([
      409,
      {
        error:
          'Verify the site first (the tag on the start page or the file at its root); then the site can be checked.',
      },
    ]);
    made.state.head = (
      await request(made.app).get(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`)
    ).body.verification.meta;
    expect(
      (await request(made.app).post(`/api/monitors/${id}/verify?token=${encodeURIComponent(manage)}`)).body.verified,
    ).toBe(true);
    const started = await run();
    expect(started.status).toBe(202);
    expect(started.body).toEqual({
      runId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      auditId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const audit = await request(made.app).get(`/api/site-audits/${started.body.auditId}`);
    expect(audit.status).toBe(200);
    expect(audit.body.url).toBe(`${made.site.origin}/`);
    const limited = await run();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('"Check now" runs at most once an hour for a monitor; try again in 60 minutes.');
    const got = await request(made.app).get(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`);
    expect(got.body.runs).toMatchObject([{ id: started.body.runId, trigger: 'manual', auditId: started.body.auditId }]);
  });
});
