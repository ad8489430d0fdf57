import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { listChanges } from '#db/monitoring/changes.ts';
import type { Messaging } from '#server/lib/messaging/index.ts';
import { startChatReceiver, type ChatKind } from '#test/fixtures/chat-webhooks.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { plantTenChanges, watchApps, type WatchApp } from '#test/helpers/monitor-watch.ts';
import { CHANGE_FIELDS } from '#views/model/monitor-changes.ts';
import { changeLine, webhookFormatOf } from './watch-alert-content.ts';

test('a webhook URL tells its format by its host unless the owner chose one', () => {
  expect(webhookFormatOf('https://hooks.slack.com/services/T0/B0/x', null)).toBe('slack');
  expect(webhookFormatOf('https://acme.webhook.office.com/webhookb2/x', null)).toBe('teams');
  expect(webhookFormatOf('https://prod-12.westus.logic.azure.com/workflows/x', null)).toBe('teams');
  expect(webhookFormatOf('https://hooks.example.com/seo', null)).toBe('json');
  expect(webhookFormatOf('https://hooks.slack.com/services/T0/B0/x', 'json')).toBe('json');
});

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup, cleanup } = watchApps(dialect);

  /** A watched site with mail (a real SMTP server) and a webhook receiver of `kind`. */
  async function alerted(kind: ChatKind) {
    const smtp = await startSmtpFixture();
    cleanup.push(() => smtp.close());
    const receiver = await startChatReceiver(kind);
    cleanup.push(() => receiver.close());
    const made = await setup(
      { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'operator@agency.test', FETCH_ALLOW_PRIVATE: receiver.hostPort },
      `${receiver.origin}/hook`,
    );
    const deliver = () => (made.app.locals.messaging as Messaging).deliverNow();
    return { made, smtp, receiver, deliver };
  }

  const watchSettings = (made: WatchApp, body: Record<string, unknown>) =>
    request(made.app).put(`/api/monitors/${made.monitorId}/watch`).query({ token: made.manage }).send(body);

  /** The changes' lines as the alerts write them, sorted. */
  const linesOf = async (made: WatchApp) =>
    (await listChanges(made.db, made.monitorId, { limit: 100 })).map(changeLine).sort();

  test('the ten planted changes go out together at the cycle end: one mail and one Slack message listing each', async () => {
    const { made, smtp, receiver, deliver } = await alerted('slack');
    const chosen = await watchSettings(made, { alertFields: [...CHANGE_FIELDS], webhookFormat: 'slack' });
    expect([chosen.status, chosen.body]).toEqual([
      200,
      { alertFields: [...CHANGE_FIELDS], webhookFormat: 'slack', muted: [] },
    ]);
    await made.tick(0);
    await made.tick(1);
    plantTenChanges(made);
    // The new 404 is held for its re-read a minute later, and the alert waits for it: one message.
    expect(await made.tick(2)).toMatchObject({ changes: 10, alerts: 0 });
    expect(await made.recheck(2)).toMatchObject({ changes: 1, alerts: 1 });
    await deliver();
    const expected = await linesOf(made);
    expect(expected).toHaveLength(11);
    const mail = await smtp.nth(1);
    expect(mail.to).toEqual(['owner@widgets.test']);
    expect(mail.mail.subject).toBe(`11 changes on ${made.site.hostPort}`);
    expect(mail.mail.headers.get('x-event-type')).toBe('monitor.changes');
    const listed = mail.mail
      .text!.split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2));
    expect(listed.sort()).toEqual(expected);
    expect(receiver.bodies).toHaveLength(1);
    const slack = receiver.bodies[0] as { text: string; blocks: Array<{ type: string; text?: { text: string } }> };
    expect(slack.text).toBe(`11 changes on ${made.site.hostPort}`);
    const slackLines = slack.blocks
      .filter((block) => block.type === 'section')
      .flatMap((block) => block.text!.text.split('\n'));
    expect(slackLines.map((line) => line.replace(/^• /, '').replace(/&gt;/g, '>')).sort()).toEqual(expected);
    // The next cycle found nothing new: nothing more goes out.
    expect(await made.tick(3)).toMatchObject({ changes: 0, alerts: 0 });
    await deliver();
    expect([smtp.received.length, receiver.bodies.length]).toEqual([1, 1]);
  });

  test('by default only indexability, status, canonical, robots.txt, certificate and title alert, and a muted page never does; Teams gets an Adaptive Card', async () => {
    const { made, smtp, receiver, deliver } = await alerted('teams');
    await made.tick(0);
    const pricing = `${made.site.origin}/pricing`;
    const muted = await watchSettings(made, { mute: [pricing], webhookFormat: 'teams' });
    expect(muted.body).toEqual({
      alertFields: ['indexability', 'status', 'canonical', 'robots-txt', 'certificate', 'title'],
      webhookFormat: 'teams',
      muted: [pricing],
    });
    await made.tick(1);
    plantTenChanges(made);
    expect(await made.tick(2)).toMatchObject({ alerts: 0 });
    expect(await made.recheck(2)).toMatchObject({ alerts: 1 });
    await deliver();
    const at = (path: string) => `${made.site.origin}${path}`;
    const expected = (await listChanges(made.db, made.monitorId, { limit: 100 }))
      .filter((change) => ['status', 'canonical', 'indexability', 'robots-txt'].includes(change.field))
      .map(changeLine)
      .sort();
    expect(expected.map((line) => line.split(' · ')[0])).toEqual([
      `[critical] ${made.site.origin}`,
      `[critical] ${at('/careers')}`,
      `[critical] ${at('/contact')}`,
      `[critical] ${at('/team')}`,
      `[warning] ${at('/docs')}`,
    ]);
    const mail = await smtp.nth(1);
    expect(mail.mail.subject).toBe(`5 changes on ${made.site.hostPort}`);
    expect(
      mail.mail
        .text!.split('\n')
        .filter((line) => line.startsWith('- '))
        .map((line) => line.slice(2))
        .sort(),
    ).toEqual(expected);
    const card = (receiver.bodies[0] as { attachments: Array<{ content: { body: Array<{ text: string }> } }> })
      .attachments[0]!.content;
    expect(
      card.body
        .slice(1)
        .map((block) => block.text)
        .sort(),
    ).toEqual(expected);
  });

  test('the watch settings answer 400 with a message for a page not watched or a field that does not exist', async () => {
    const made = await setup();
    await made.tick(0);
    const bad = async (body: Record<string, unknown>, error: string) => {
      const res = await watchSettings(made, body);
      expect([res.status, res.body]).toEqual([400, { error }]);
    };
    await bad({ mute: ['https://elsewhere.test/'] }, 'Not a watched page of this monitor: https://elsewhere.test/');
    await bad(
      { alertFields: ['colour'] },
      expect.stringContaining('AlertFields must be chosen from: status') as unknown as string,
    );
    await bad({ webhookFormat: 'discord' }, 'WebhookFormat must be one of: auto, json, slack, teams');
    await bad({}, 'Send at least one of: alertFields, webhookFormat, mute, unmute');
  });
});
