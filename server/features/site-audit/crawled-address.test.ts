import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { getMonitor } from '#db/monitoring/monitors.ts';
import { htmlPage, ok, redirect } from '#test/fixtures/crawl-site.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import {
  confirmationMail,
  confirmTokenOf,
  deliver,
  monitoringApps,
  type MonitoringApp,
} from '#test/helpers/monitoring-api.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';

/** Starts an audit as a visitor (the agent keeps their cookie) and waits for its end: the audit as the API shows it. */
async function audited(agent: ReturnType<typeof request.agent>, made: MonitoringApp, url: string) {
  const started = await agent.post('/api/site-audits').send({ url });
  expect(started.status).toBe(202);
  await readEventStream(made.app, `/api/site-audits/${started.body.id}/events`);
  const view = await agent.get(`/api/site-audits/${started.body.id}`);
  expect(view.body.status).toBe('done');
  return view.body as { id: string; url: string; diff?: { previousId: string }; report: { options?: unknown } };
}

test('the crawled address is the start URL after its redirects', async () => {
  const outcome = await auditFixture((path) =>
    path === '/' ? redirect('/home') : path === '/home' ? ok(htmlPage({ head: '<title>Home</title>' })) : undefined,
  );
  expect(outcome.crawledUrl).toBe(`${outcome.site.origin}/home`);
});

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup } = monitoringApps(dialect);

  test('a bare domain with no TLS is filed under the http address it was crawled at: report, list, re-run, diff, monitor', async () => {
    const made = await setup();
    const agent = request.agent(made.app);
    const http = `${made.site.origin}/`;
    // Typed bare: https is tried first, the loopback site has no TLS, so the audit crawls http.
    const first = await audited(agent, made, made.site.hostPort);
    expect(first.url).toBe(http);
    // What it was asked for is kept with the report: a re-run asks for the same.
    expect(first.report.options).toEqual({ render: false, checkExternalLinks: false });
    expect((await agent.get('/api/site-audits')).body.audits).toMatchObject([{ id: first.id, url: http }]);
    // The shared report's head names the site, the date and the score (what link previews show).
    const shared = await request(made.app).get(`/site-audit/${first.id}`);
    const title = /<title>(Site audit of 127\.0\.0\.1, \d{1,2} \w+ \d{4}: score \d{1,3}\/100)<\/title>/.exec(
      shared.text,
    )?.[1];
    expect(title).toBeDefined();
    expect(shared.text).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(shared.text).toMatch(
      /<meta name="description" content="Whole-site SEO audit: \d{1,3}\/100 health score, \d+ errors? · /,
    );
    expect((await request(made.app).get('/site-audit/AAAAAAAAAAAAAAAAAAAAAA')).text).toContain(
      '<title>Website SEO Audit Report</title>',
    );
    // Re-run asks for the stored address; it compares with the first audit (the same site, however typed).
    const again = await audited(agent, made, first.url);
    expect(again.diff?.previousId).toBe(first.id);
    const typedAgain = await audited(agent, made, made.site.hostPort);
    expect(typedAgain.diff?.previousId).toBe(again.id);

    // "Monitor this site" from the report monitors the address crawled (there the verification is looked for).
    const created = await agent
      .post('/api/monitors')
      .send({ url: `https://${made.site.hostPort}/`, email: 'owner@shop.test', schedule: 'weekly', auditId: first.id });
    expect(created.status).toBe(202);
    expect(await getMonitor(made.db, created.body.id)).toMatchObject({ url: http, origin: made.site.origin });
    await deliver(made.app);
    const mail = await confirmationMail(made.smtp, 1);
    const confirm = await agent.post('/api/monitors/confirm').send({ token: confirmTokenOf(mail.mail.text!) });
    const manage = encodeURIComponent(confirm.body.manageToken as string);
    made.state.head = created.body.verification.meta;
    const verified = await agent.post(`/api/monitors/${created.body.id}/verify?token=${manage}`);
    expect(verified.body).toEqual({ verified: true, detail: `Found the verification tag on ${http}.` });
  });

  test("the owner changes the monitor's address: another origin is verified again, a bad address is a 400", async () => {
    const made = await setup();
    const created = await request(made.app)
      .post('/api/monitors')
      .send({ url: `https://${made.site.hostPort}/`, email: 'owner@shop.test', schedule: 'weekly' });
    await deliver(made.app);
    const mail = await confirmationMail(made.smtp, 1);
    const confirm = await request(made.app)
      .post('/api/monitors/confirm')
      .send({ token: confirmTokenOf(mail.mail.text!) });
    const id = created.body.id as string;
    const path = `/api/monitors/${id}?token=${encodeURIComponent(confirm.body.manageToken as string)}`;
    made.state.head = created.body.verification.meta;
    // Verified on the https origin (as if it had been reached there), then moved to http: proved again there.
    const verify = () =>
      made.db.updateTable('monitors').set({ verified_at: '2026-11-28T10:00:00.000Z' }).where('id', '=', id).execute();
    await verify();
    const moved = await request(made.app)
      .patch(path)
      .send({ url: `http://${made.site.hostPort}` });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ url: `${made.site.origin}/`, verified: false });
    expect(await getMonitor(made.db, id)).toMatchObject({ origin: made.site.origin, verifiedAt: null });
    // On the same origin the proof still holds.
    await verify();
    const samePlace = await request(made.app)
      .patch(path)
      .send({ url: `${made.site.origin}/shop` });
    expect(samePlace.body).toMatchObject({ url: `${made.site.origin}/shop`, verified: true });
    const bad = await request(made.app).patch(path).send({ url: 'not a site' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Please enter a valid http:// or https:// URL.' });
  });
});
