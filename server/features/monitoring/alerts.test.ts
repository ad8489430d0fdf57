import type http from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { listMessages } from '#db/messages.ts';
import { updateMonitor } from '#db/monitoring/monitors.ts';
import { serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { startSmtpFixture, type SmtpFixture } from '#test/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { runToEnd } from '#test/helpers/jobs.ts';
import type { Messaging } from '#server/lib/messaging/index.ts';
import { MONITOR_SCHEDULE_JOB } from './scheduler.ts';
import type { MonitoringService } from './service.ts';

type App = TestApp['app'];

const monitoring = (app: App) => app.locals.monitoring as { service: MonitoringService };
/** A delivery that starts now, awaited: every message due has had its attempt recorded. */
const delivered = (app: App) => (app.locals.messaging as Messaging).deliverNow();

/** A webhook receiver on loopback: every POST's headers and JSON body, in order. */
async function webhookReceiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: Record<string, unknown> }> = [];
  const server = await startLoopbackServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(204).end();
    });
  });
  return { ...server, received, url: `${server.origin}/hooks/monitor` };
}

/** Mails received so far whose subject matches, waiting for arrivals one by one (the readiness signal). */
async function mailsUntil(smtp: SmtpFixture, count: number, match: (subject: string, to: string[]) => boolean) {
  for (let n = 1; ; n += 1) {
    await smtp.nth(n);
    const found = smtp.received.filter((mail) => match(mail.mail.subject ?? '', mail.to));
    if (found.length >= count) return found;
  }
}

/** A header as sent (mailparser parses List-* headers into objects), unfolded. */
function rawHeader(lines: ReadonlyArray<{ key: string; line: string }>, name: string): string {
  const line = lines.find((header) => header.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

describe.each(DIALECTS)('%s', (dialect) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });

  async function setup() {
    const smtp = await startSmtpFixture();
    cleanup.push(() => smtp.close());
    const site: MonitoringSite = await serveMonitoringSite('before');
    cleanup.push(() => site.close());
    const hook = await webhookReceiver();
    cleanup.push(() => hook.close());
    const made = await createTestApp({
      dialect,
      env: {
        FETCH_ALLOW_PRIVATE: `${site.hostPort},${hook.hostPort}`,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'operator@agency.test',
        MONITOR_CHECK_NOW_PER_HOUR: '10',
      },
    });
    cleanup.push(() => made.close());
    return { ...made, smtp, site, hook };
  }

  /** Runs a check of the monitor now and waits for its audit's job to end (its event stream closes). */
  async function check(app: App, id: string, manage: string) {
    const res = await request(app).post(`/api/monitors/${id}/run?token=${encodeURIComponent(manage)}`);
    expect(res.status).toBe(202);
    await readEventStream(app, `/api/site-audits/${res.body.auditId}/events`);
    const got = await request(app).get(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`);
    return got.body.runs.find((run: { id: string }) => run.id === res.body.runId);
  }

  test('a visitor monitor: an unchanged site alerts nothing; a broken one alerts by email (RFC 8058 headers) and webhook; one click unsubscribes', async () => {
    const made = await setup();
    const created = await request(made.app)
      .post('/api/monitors')
      .send({ url: `${made.site.origin}/`, email: 'owner@shop.test', schedule: 'weekly', webhookUrl: made.hook.url });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    // The confirmation goes out on its own, at once.
    const [confirmation] = await mailsUntil(made.smtp, 1, (subject) => subject.startsWith('Confirm monitoring'));
    const token = decodeURIComponent(/\/monitor\/confirm\?token=(\S+)/.exec(confirmation!.mail.text!)![1]!);
    const confirm = await request(made.app).post('/api/monitors/confirm').send({ token });
    const manage = confirm.body.manageToken as string;
    // The fixture site cannot carry the tag: verification itself is router.test.ts's; here it is recorded.
    await updateMonitor(made.db, id, { verifiedAt: new Date().toISOString() });

    const first = await check(made.app, id, manage);
    expect(first).toMatchObject({ status: 'done', trigger: 'manual', regressions: [], alerted: false });
    // An unchanged site over three runs: no regression, no alert.
    for (let run = 2; run <= 3; run += 1)
      expect(await check(made.app, id, manage)).toMatchObject({ status: 'done', regressions: [], alerted: false });
    const alerts = async () =>
      (await listMessages(made.db, { monitorId: id })).filter((message) => message.kind === 'monitor.regression');
    expect(await alerts()).toEqual([]);

    made.site.version = 'after';
    const broken = await check(made.app, id, manage);
    expect(broken.status).toBe('done');
    expect(broken.alerted).toBe(true);
    const count = broken.regressions.length as number;
    expect(count).toBeGreaterThanOrEqual(20);
    expect((await alerts()).map((message) => message.channel).sort()).toEqual(['email', 'webhook']);

    // The alert goes out on its own, as soon as the run ends.
    const [alert] = await mailsUntil(
      made.smtp,
      1,
      (subject, to) => to.includes('owner@shop.test') && !subject.startsWith('Confirm'),
    );
    expect(alert!.to).toEqual(['owner@shop.test']);
    const oneClick =
      /^<(https:\/\/example\.test\/api\/monitors\/[\w-]+\/unsubscribe\?token=[^>]+)>, <mailto:operator@agency\.test\?subject=Unsubscribe%20monitor%20[\w-]+>$/.exec(
        rawHeader(alert!.mail.headerLines, 'list-unsubscribe'),
      );
    expect(oneClick).not.toBeNull();
    expect(rawHeader(alert!.mail.headerLines, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(alert!.mail.text).toContain(`https://example.test/site-audit/${broken.auditId}`);
    expect(alert!.mail.text).toContain(`https://example.test/monitor/${id}?token=`);
    await delivered(made.app);
    expect(made.hook.received).toHaveLength(1);
    expect(made.hook.received[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-event-type': 'monitor.regression',
    });
    expect(made.hook.received[0]!.body).toMatchObject({
      event: 'monitor.regression',
      site: `${made.site.origin}/`,
      regressionCount: count,
      reportUrl: `https://example.test/site-audit/${broken.auditId}`,
    });
    expect(await listMessages(made.db, { monitorId: id })).toSatisfy(
      (messages: Array<{ deliveredAt: string | null }>) => messages.every((message) => message.deliveredAt !== null),
    );

    // The mail client's one click: the header's URL, POSTed form-encoded.
    const path = new URL(oneClick![1]!).pathname + new URL(oneClick![1]!).search;
    const unsubscribed = await request(made.app).post(path).type('form').send('List-Unsubscribe=One-Click');
    expect([unsubscribed.status, unsubscribed.body]).toEqual([200, { id, status: 'paused' }]);
  });

  test('a client site: no opt-in; a start page answering 5xx alerts the recipients and, separately, the operator', async () => {
    const made = await setup();
    const { service } = monitoring(made.app);
    const client = await service.createClientMonitor({
      url: `${made.site.origin}/`,
      recipients: ['owner@client.test', 'dev@client.test'],
      schedule: 'monthly',
    });
    expect(client).toMatchObject({ kind: 'client', status: 'active', verified: true, emailConfirmed: true });
    expect(client.nextRunAt).not.toBeNull();
    const run = async () => {
      const started = await service.runMonitorNow(client.id);
      await readEventStream(made.app, `/api/site-audits/${started.auditId}/events`);
      return (await service.getMonitor(client.id)).runs.find((item) => item.id === started.runId)!;
    };
    // Its first run is its first slot, due at once: started by the schedule's look as any scheduled
    // run (this one, or one the job system ran on its own a moment before).
    await runToEnd(made.jobs, MONITOR_SCHEDULE_JOB);
    const [scheduled, ...none] = (await service.getMonitor(client.id)).runs;
    expect(none).toEqual([]);
    expect(scheduled).toMatchObject({ trigger: 'schedule', status: 'running' });
    await readEventStream(made.app, `/api/site-audits/${scheduled!.auditId}/events`);
    expect((await service.getMonitor(client.id)).runs).toMatchObject([
      { trigger: 'schedule', status: 'done', regressions: [] },
    ]);
    await runToEnd(made.jobs, MONITOR_SCHEDULE_JOB);
    expect((await service.getMonitor(client.id)).runs).toHaveLength(1);
    made.site.version = 'down-5xx';
    const down = await run();
    expect(down.regressions).toEqual([
      { kind: 'start-page-down', url: `${made.site.origin}/`, status: 503, error: 'The start page answered HTTP 503.' },
    ]);
    const alerts = await mailsUntil(made.smtp, 2, (subject) => subject.includes(made.site.hostPort));
    expect(alerts[0]!.mail.subject).toBe(alerts[1]!.mail.subject);
    expect(alerts.map((mail) => mail.to).sort((a, b) => b.length - a.length)).toEqual([
      ['owner@client.test', 'dev@client.test'],
      ['operator@agency.test'],
    ]);
    for (const mail of alerts)
      expect(rawHeader(mail.mail.headerLines, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });
});
