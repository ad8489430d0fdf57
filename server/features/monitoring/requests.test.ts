import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { DIALECTS } from '#test/helpers/databases.ts';
import {
  confirmationMail,
  confirmedMonitor,
  confirmTokenOf,
  createMonitor,
  deliver,
  linkTokenOf,
  monitoringApps,
  type MonitoringApp,
} from '#test/helpers/monitoring-api.ts';

// The security probe's findings on monitor requests (issue 32, docs/decisions/0050): one inbox cannot
// hide behind spellings, a network behind its many IPv6 addresses, and strangers cannot use up an
// address's monitors; a confirmation link hands out the manage link once; a deleted monitor says so.
describe.each(DIALECTS)('%s', (dialect) => {
  const { setup } = monitoringApps(dialect);
  const ask = (made: MonitoringApp, email: string, path = '') =>
    createMonitor(made.app, { url: `${made.site.origin}/${path}`, email, schedule: 'daily' });

  test('only a plain mailbox is accepted: comments, groups, quotes, names and a trailing dot are refused', async () => {
    const made = await setup();
    for (const email of [
      '(1)victim@x.test',
      'x:victim@x.test;',
      'victim@x.test.',
      '"victim"@x.test',
      'Victim <victim@x.test>',
      'victim@[192.0.2.1]',
    ]) {
      const res = await ask(made, email);
      expect([email, res.status, res.body]).toEqual([email, 400, { error: 'Email must be a valid email address' }]);
    }
    expect(await made.db.selectFrom('monitors').selectAll().execute()).toEqual([]);
  });

  test('the per-address mail limit counts the mailbox: case, +tags and IDN spellings share one hourly share', async () => {
    const made = await setup({ MONITOR_CONFIRM_PER_EMAIL_HOUR: '1', MONITOR_CONFIRM_PER_IP_HOUR: '100' });
    expect((await ask(made, 'victim@x.test')).status).toBe(202);
    for (const email of ['Victim@X.TEST', 'victim+1@x.test', 'VICTIM+again@x.test']) {
      const res = await ask(made, email, email);
      expect([email, res.status]).toEqual([email, 429]);
      expect(res.body.error).toMatch(/^This address has been sent 1 confirmation emails this hour/);
    }
    // An international domain is one mailbox however it is typed; it is stored and sent as punycode
    // (the SMTP server reads it back in Unicode).
    expect((await ask(made, 'asha@bücher.test')).status).toBe(202);
    expect((await ask(made, 'asha@XN--BCHER-KVA.test', 'again')).status).toBe(429);
    const stored = await made.db.selectFrom('monitors').select('email').orderBy('created_at').execute();
    expect(stored.map((row) => row.email).sort()).toEqual(['asha@xn--bcher-kva.test', 'victim@x.test']);
    await deliver(made.app);
    await made.smtp.nth(2);
    expect(made.smtp.received.map((mail) => mail.to).sort()).toEqual([['asha@bücher.test'], ['victim@x.test']]);
  });

  test('the per-IP mail limit counts an IPv6 client by its /64, an IPv4 client by its address', async () => {
    const made = await setup({ TRUST_PROXY: '1', MONITOR_CONFIRM_PER_IP_HOUR: '2' });
    const from = (ip: string, n: number) =>
      createMonitor(made.app, { url: `${made.site.origin}/${n}`, email: `owner${n}@shop.test`, schedule: 'daily' }).set(
        'X-Forwarded-For',
        ip,
      );
    expect((await from('2001:db8:1:2::1', 1)).status).toBe(202);
    expect((await from('2001:db8:1:2::2', 2)).status).toBe(202);
    const third = await from('2001:db8:1:2:ffff:ffff:ffff:3', 3);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^Too many monitors were requested from your network this hour \(2 at most\)/);
    expect((await from('2001:db8:1:3::1', 4)).status).toBe(202);
    expect((await from('192.0.2.1', 5)).status).toBe(202);
    expect((await from('192.0.2.1', 6)).status).toBe(202);
    expect((await from('192.0.2.1', 7)).status).toBe(429);
    expect((await from('192.0.2.2', 8)).status).toBe(202);
  });

  test("unconfirmed monitors do not use up an address's monitors; confirming counts, and stops at the limit", async () => {
    const made = await setup({ MONITOR_MAX_PER_EMAIL: '1' });
    // A stranger asks twice for the owner's address: neither request blocks the owner.
    expect((await ask(made, 'owner@shop.test', 'one')).status).toBe(202);
    expect((await ask(made, 'Owner@Shop.test', 'two')).status).toBe(202);
    await deliver(made.app);
    const [first, second] = [await confirmationMail(made.smtp, 1), await confirmationMail(made.smtp, 2)];
    const confirm = (mail: typeof first) =>
      request(made.app)
        .post('/api/monitors/confirm')
        .send({ token: confirmTokenOf(mail.mail.text!) });
    expect((await confirm(first)).status).toBe(200);
    const full = {
      error:
        'This address already has 1 monitor, the most one address may have: delete one from its manage page first.',
    };
    const third = await ask(made, 'owner+more@shop.test', 'three');
    expect([third.status, third.body]).toEqual([422, full]);
    const late = await confirm(second);
    expect([late.status, late.body]).toEqual([422, full]);
  });

  test('a confirmation link hands out the manage link on its first use only; later uses point to the mail', async () => {
    const made = await setup();
    const { id, manage, confirm, mail } = await confirmedMonitor(made);
    expect(confirm.body).toMatchObject({ id, manageToken: manage });
    const again = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, status: 'active', verified: false, alreadyConfirmed: true });
    expect(JSON.stringify(again.body)).not.toContain(manage);
  });

  test("the confirmation mail links to the monitor's page: the same manage link, working before confirmation", async () => {
    const made = await setup();
    const res = await ask(made, 'owner@shop.test');
    await deliver(made.app);
    const mail = await confirmationMail(made.smtp, 1);
    const manage = linkTokenOf(mail.mail.text!, new RegExp(`/monitor/${res.body.id}`));
    expect(mail.mail.html).toContain(`/monitor/${res.body.id}?token=${encodeURIComponent(manage)}`);
    const view = await request(made.app).get(`/api/monitors/${res.body.id}?token=${encodeURIComponent(manage)}`);
    expect([view.status, view.body.status]).toEqual([200, 'unconfirmed']);
    const confirm = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) });
    expect(confirm.body.manageToken).toBe(manage);
  });

  test("a deleted monitor's links answer 410 saying so (API and page); a forged link is still 403", async () => {
    const made = await setup();
    const { id, manage, mail } = await confirmedMonitor(made);
    const q = `?token=${encodeURIComponent(manage)}`;
    await request(made.app).delete(`/api/monitors/${id}${q}`).expect(204);
    const deleted = {
      error:
        'This monitor has been deleted, so its links no longer work. To monitor the site again, start from a website audit.',
    };
    for (const [method, path] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/verify'],
      ['post', '/run'],
    ] as const) {
      const res = await request(made.app)[method](`/api/monitors/${id}${path}${q}`).send({ paused: true });
      expect([method, path, res.status, res.body]).toEqual([method, path, 410, deleted]);
    }
    const confirm = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) });
    expect([confirm.status, confirm.body]).toEqual([410, deleted]);
    const forged = await request(made.app).get(`/api/monitors/${id}?token=forged.token`);
    expect([forged.status, forged.body]).toEqual([403, { error: 'This link is not valid for this monitor.' }]);

    const page = (token: string) =>
      request(made.app)
        .get(`/monitor/${id}?token=${encodeURIComponent(token)}`)
        .set('Accept', 'text/html');
    const gone = await page(manage);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This monitor has been deleted');
    const bad = await page('forged.token');
    expect(bad.status).toBe(403);
    expect(bad.text).toContain('This link does not open a monitor');
    expect(bad.text).not.toContain('has been deleted');
  });
});
