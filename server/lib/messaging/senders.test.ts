import { expect, test } from 'vitest';
import type { MessageRow } from '#db/messages.ts';
import type { LeadDeliverySettings } from '#server/config/leads.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { defaultSender } from './mail.ts';
import { createSenders, type SendersOptions } from './senders.ts';
import type { EventBody, MailPayload } from './types.ts';
import type { WebhookTransport } from './webhook.ts';

const SITE = 'https://seo.example.in';
const event: EventBody = {
  id: '0b6f3c52-93f8-4f7d-8d1e-4f3e2b1a9c77',
  event: 'contact.created',
  createdAt: '2026-11-23T10:00:00.000Z',
  data: { name: 'Asha', email: 'asha@example.in' },
};

function row(fields: Partial<MessageRow> & Pick<MessageRow, 'channel' | 'recipient' | 'payload'>): MessageRow {
  return {
    id: event.id,
    kind: 'contact.created',
    leadType: null,
    leadId: null,
    monitorId: null,
    runId: null,
    attempts: 0,
    nextAttemptAt: 0,
    giveUpAt: 0,
    deliveredAt: null,
    failedAt: null,
    lastError: null,
    createdAt: event.createdAt,
    ...fields,
  };
}

/** A transport that records where each POST went and answers 204. */
function recordingTransport() {
  const posts: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const transport: WebhookTransport = async (url, init) => {
    posts.push({ url, ...init });
    return 204;
  };
  return { transport, posts };
}

function senders(settings: LeadDeliverySettings, extra: Partial<SendersOptions> = {}) {
  return createSenders({
    settings,
    siteUrl: SITE,
    businessEmail: 'hello@agency.test',
    fetcher: createSafeFetcher({ userAgent: 'test' }),
    operatorMail: (body) => ({
      subject: `Lead ${String(body.data.name)}`,
      text: 'Every field',
      replyTo: 'asha@example.in',
    }),
    ...extra,
  });
}

test("a mail to the operator: their addresses and the feature's words, Message-ID from the event id", async () => {
  const smtp = await startSmtpFixture();
  const send = senders({ webhook: null, email: { smtpUrl: smtp.url, to: ['owner@agency.test', 'sales@agency.test'] } });
  try {
    await send.send(row({ channel: 'email', recipient: 'operator', payload: JSON.stringify(event) }));
    const { from, to, mail } = await smtp.nth(1);
    // No NOTIFY_EMAIL_FROM: the SMTP login (an address) sends.
    expect(from).toBe('leads@agency.test');
    expect(to).toEqual(['owner@agency.test', 'sales@agency.test']);
    expect(mail.subject).toBe('Lead Asha');
    expect(mail.text).toBe('Every field\n');
    expect(mail.messageId).toBe(`<${event.id}@seo.example.in>`);
    expect(mail.headers.get('x-event-id')).toBe(event.id);
    expect(mail.headers.get('x-event-type')).toBe('contact.created');
    expect(mail.replyTo?.value[0]?.address).toBe('asha@example.in');
  } finally {
    send.close();
    await smtp.close();
  }
});

test('a listed mail goes to its own addresses, as stored: its headers and attachment, the same Message-ID scheme', async () => {
  const smtp = await startSmtpFixture();
  const send = senders({
    webhook: null,
    email: { smtpUrl: smtp.url, to: ['owner@agency.test'], from: 'Ops <ops@agency.test>' },
  });
  const mail: MailPayload = {
    to: ['client@shop.example.in'],
    subject: 'November report',
    text: 'Text',
    html: '<p>Text</p>',
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [
      { filename: 'r.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF').toString('base64') },
    ],
  };
  try {
    await send.send(
      row({
        id: 'report-1',
        kind: 'monitor.report',
        channel: 'email',
        recipient: 'listed',
        payload: JSON.stringify(mail),
      }),
    );
    const received = await smtp.nth(1);
    expect(received.from).toBe('ops@agency.test');
    expect(received.to).toEqual(['client@shop.example.in']);
    expect(received.mail.messageId).toBe('<report-1@seo.example.in>');
    expect(received.mail.headers.get('x-event-type')).toBe('monitor.report');
    expect(received.mail.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(received.mail.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([
      ['r.pdf', '%PDF'],
    ]);
  } finally {
    send.close();
    await smtp.close();
  }
});

test("webhooks: the operator's from the configuration, signed, directly; a visitor's from the row, through the guard", async () => {
  const operator = recordingTransport();
  const visitor = recordingTransport();
  const send = senders(
    { webhook: { url: 'http://10.0.0.5/crm', secret: 'hook-secret' }, email: null },
    { operatorTransport: operator.transport, visitorTransport: visitor.transport },
  );
  await send.send(row({ channel: 'webhook', recipient: 'operator', payload: JSON.stringify(event) }));
  const body = JSON.stringify({ event: 'monitor.regression' });
  await send.send(
    row({
      id: 'a1',
      kind: 'monitor.regression',
      channel: 'webhook',
      recipient: 'listed',
      payload: JSON.stringify({ url: 'https://hooks.shop.example.in/x', body }),
    }),
  );
  expect(operator.posts).toEqual([
    {
      url: 'http://10.0.0.5/crm',
      body: JSON.stringify(event),
      headers: expect.objectContaining({
        'X-Event-Id': event.id,
        'X-Signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      }),
    },
  ]);
  expect(visitor.posts).toEqual([
    {
      url: 'https://hooks.shop.example.in/x',
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': `SiteMessages/1.0 (+${SITE})`,
        'X-Event-Id': 'a1',
        'X-Event-Type': 'monitor.regression',
      },
    },
  ]);
});

test('a channel that is not configured any more fails the attempt with the setting to look at', async () => {
  const send = senders({ webhook: null, email: null });
  await expect(send.send(row({ channel: 'webhook', recipient: 'operator', payload: '{}' }))).rejects.toThrow(
    'webhook: not configured any more (NOTIFY_WEBHOOK_URL)',
  );
  await expect(send.send(row({ channel: 'email', recipient: 'listed', payload: '{}' }))).rejects.toThrow(
    'email: not configured any more (SMTP_URL, NOTIFY_EMAIL_TO)',
  );
});

test('a refused login, a refused message or a server that is down is a delivery failure', async () => {
  const smtp = await startSmtpFixture({ password: 'right' });
  const rejecting = await startSmtpFixture({ reject: true });
  const operatorMail = row({ channel: 'email', recipient: 'operator', payload: JSON.stringify(event) });
  const through = (smtpUrl: string) =>
    senders({ webhook: null, email: { smtpUrl, to: ['o@agency.test'], from: 'l@agency.test' } });
  try {
    await expect(through(smtp.url.replace('right', 'wrong')).send(operatorMail)).rejects.toThrow(
      /^email: .*Invalid (login|username or password)/,
    );
    await expect(through(rejecting.url).send(operatorMail)).rejects.toThrow(/^email: .*Mailbox unavailable/);
  } finally {
    await smtp.close();
    await rejecting.close();
  }
  await expect(through(smtp.url).send(operatorMail)).rejects.toThrow(/^email: .*ECONNREFUSED/);
  expect(smtp.received).toHaveLength(0);
});

test('the default sender is the SMTP login when it is an address, else the profile email', () => {
  expect(defaultSender('smtps://leads%40agency.in:pw@smtp.agency.in:465', 'hello@agency.in')).toBe('leads@agency.in');
  expect(defaultSender('smtp://apikey:pw@smtp.sendgrid.net:587', 'hello@agency.in')).toBe('hello@agency.in');
});
