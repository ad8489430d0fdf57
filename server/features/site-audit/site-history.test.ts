import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { confirmationMail, confirmTokenOf, deliver, monitoringApps, type App } from '#test/helpers/monitoring-api.ts';

type Agent = ReturnType<typeof request.agent>;

/** Starts an audit as the agent's visitor and waits for its end: its id. */
async function audited(agent: Agent, app: App, url: string): Promise<string> {
  const started = await agent.post('/api/site-audits').send({ url });
  expect(started.status).toBe(202);
  await readEventStream(app, `/api/site-audits/${started.body.id}/events`);
  expect((await agent.get(`/api/site-audits/${started.body.id}`)).body.status).toBe('done');
  return started.body.id as string;
}

/** The history of `id` as a stranger (no cookie: another device, a shared link) reads it: ids and who ran them. */
async function history(app: App, id: string) {
  const res = await request(app).get(`/api/site-audits/${id}/history`);
  expect(res.status).toBe(200);
  const audits = res.body.audits as Array<{ id: string; score: number; createdAt: string; monitored: boolean }>;
  for (const point of audits) expect(point.score).toBeTypeOf('number');
  return audits.map((point) => `${point.id}${point.monitored ? ' (monitor)' : ''}`);
}

/** The monitor's manage page's score trend (its view's `history`), read with its manage token. */
async function manageHistory(app: App, monitorId: string, manage: string) {
  const res = await request(app).get(`/api/monitors/${monitorId}?${manage}`);
  expect(res.status).toBe(200);
  const points = res.body.history as Array<{ id: string; monitored: boolean }>;
  return points.map((point) => `${point.id}${point.monitored ? ' (monitor)' : ''}`);
}

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup } = monitoringApps(dialect);

  test("a report's history (and its diff's previous audit) is its owner's audits of the address and their monitor's runs, up to it, for anyone holding the link", async () => {
    const made = await setup({ SITE_AUDIT_RATE_LIMIT: '50', MONITOR_CHECK_NOW_PER_HOUR: '10' });
    const owner = request.agent(made.app);
    const other = request.agent(made.app);
    const site = `${made.site.origin}/`;
    const first = await audited(owner, made.app, site);
    const second = await audited(owner, made.app, made.site.hostPort);
    // Another visitor's audit of the same site, and the owner's of another address: in nobody else's history.
    const strangers = await audited(other, made.app, site);
    const elsewhere = await audited(owner, made.app, `${site}?page=2`);

    expect(await history(made.app, second)).toEqual([first, second]);
    expect(await history(made.app, first)).toEqual([first]);
    expect(await history(made.app, strangers)).toEqual([strangers]);
    expect(await history(made.app, elsewhere)).toEqual([elsewhere]);

    // "Monitor this site" from the second report: the monitor's runs join the owner's history of the site.
    const created = await owner
      .post('/api/monitors')
      .send({ url: site, email: 'owner@shop.test', schedule: 'weekly', auditId: second });
    expect(created.status).toBe(202);
    await deliver(made.app);
    const mail = await confirmationMail(made.smtp, 1);
    const confirm = await owner.post('/api/monitors/confirm').send({ token: confirmTokenOf(mail.mail.text!) });
    const manage = `token=${encodeURIComponent(confirm.body.manageToken as string)}`;
    // Before its first check, the manage page's trend is the report it was made from.
    expect(await manageHistory(made.app, created.body.id, manage)).toEqual([first, second]);
    made.state.head = created.body.verification.meta;
    expect((await owner.post(`/api/monitors/${created.body.id}/verify?${manage}`)).body.verified).toBe(true);
    const run = await request(made.app).post(`/api/monitors/${created.body.id}/run?${manage}`);
    expect(run.status).toBe(202);
    const monitored = run.body.auditId as string;
    await readEventStream(made.app, `/api/site-audits/${monitored}/events`);

    // The monitor's run (its report is linked from the manage page and the alert mail) shows the owner's audits before it.
    expect(await history(made.app, monitored)).toEqual([first, second, `${monitored} (monitor)`]);
    const third = await audited(owner, made.app, site);
    expect(await history(made.app, third)).toEqual([first, second, `${monitored} (monitor)`, third]);
    // The manage page's trend is its newest check's report's: the owner's audits before it and the run (the
    // owner's later audit joins with the next check).
    expect(await manageHistory(made.app, created.body.id, manage)).toEqual([first, second, `${monitored} (monitor)`]);
    // The diff compares with the point before it in that history: the monitor's first run with the report it
    // was made from, the owner's next audit with the monitor's run.
    const previousOf = async (id: string) =>
      (await request(made.app).get(`/api/site-audits/${id}`)).body.diff?.previousId;
    expect([await previousOf(second), await previousOf(monitored), await previousOf(third)]).toEqual([
      first,
      second,
      monitored,
    ]);
    // The other visitor's audits stay theirs, and the owner's other address stays out.
    expect(await history(made.app, strangers)).toEqual([strangers]);
    const theirsAgain = await audited(other, made.app, site);
    expect(await history(made.app, theirsAgain)).toEqual([strangers, theirsAgain]);
    expect(await previousOf(theirsAgain)).toBe(strangers);
  }, 60_000);

  test('an unknown or malformed audit id has no history (404 JSON)', async () => {
    const made = await setup();
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      const res = await request(made.app).get(`/api/site-audits/${id}/history`);
      expect([res.status, res.body]).toEqual([404, { error: 'No site audit with that id.' }]);
    }
  });
});
