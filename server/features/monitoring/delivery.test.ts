import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { enqueueMessages, listMessages } from '#db/monitoring/messages.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createMessageDelivery, FIRST_RETRY_MS, GIVE_UP_AFTER_MS } from './delivery.ts';
import { createMailer } from './mail.ts';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ID = 'm'.repeat(22);

describe.each(DIALECTS)('%s', (dialect) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });

  async function freshDb(): Promise<Db> {
    const db = await openTestDatabase(dialect);
    cleanup.push(() => closeTestDatabase(db));
    await insertMonitor(db, {
      id: ID,
      kind: 'visitor',
      url: 'https://shop.example.in/',
      origin: 'https://shop.example.in',
      email: 'owner@shop.example.in',
      schedule: 'daily',
      webhookUrl: null,
      status: 'active',
      verificationToken: 'a'.repeat(32),
      scoreDrop: 5,
      digest: false,
      createdAt: new Date(T0).toISOString(),
      ipHash: null,
    });
    return db;
  }

  /** A webhook receiver answering the statuses given, one per request, then 204. */
  async function receiver(statuses: number[]): Promise<LoopbackServer & { bodies: string[] }> {
    const bodies: string[] = [];
    const server = await startLoopbackServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push(text);
        res.writeHead(statuses.shift() ?? 204).end();
      });
    });
    cleanup.push(() => server.close());
    return Object.assign(server, { bodies });
  }

  test('a webhook refused with 500 is tried again after the backoff, then delivered once; a redirect is a failure', async () => {
    const db = await freshDb();
    const hook = await receiver([500, 302]);
    let now = T0;
    const delivery = createMessageDelivery({
      db,
      mailer: undefined,
      fetcher: createSafeFetcher({ allowPrivate: [hook.hostPort], userAgent: 'test' }),
      userAgent: 'SiteMonitor/1.0',
      log: silent,
      now: () => now,
    });
    const body = JSON.stringify({ event: 'monitor.regression' });
    await enqueueMessages(
      db,
      [
        {
          id: 'w1',
          monitorId: ID,
          runId: null,
          channel: 'webhook',
          purpose: 'alert',
          payload: JSON.stringify({ url: `${hook.origin}/hook`, body }),
          createdAt: new Date(T0).toISOString(),
        },
      ],
      T0,
    );
    await delivery.pass();
    expect(await listMessages(db)).toMatchObject([
      { attempts: 1, deliveredAt: null, lastError: 'webhook: answered HTTP 500' },
    ]);
    now = T0 + FIRST_RETRY_MS - 1;
    await delivery.pass();
    expect(hook.bodies).toHaveLength(1);
    now = T0 + FIRST_RETRY_MS;
    await delivery.pass();
    expect(await listMessages(db)).toMatchObject([
      { attempts: 2, deliveredAt: null, lastError: 'webhook: answered HTTP 302 (redirects are not followed)' },
    ]);
    now = T0 + 3 * FIRST_RETRY_MS;
    await delivery.pass();
    await delivery.pass();
    expect(hook.bodies).toEqual([body, body, body]);
    expect(await listMessages(db)).toMatchObject([
      { attempts: 3, deliveredAt: new Date(now).toISOString(), lastError: null },
    ]);
  });

  test('a webhook to an address the guarded fetcher refuses is never reached, and is given up after a day', async () => {
    const db = await freshDb();
    const hook = await receiver([]);
    let now = T0;
    const delivery = createMessageDelivery({
      db,
      mailer: undefined,
      // No allowance for loopback: the receiver's address is private.
      fetcher: createSafeFetcher({ userAgent: 'test' }),
      userAgent: 'SiteMonitor/1.0',
      log: silent,
      now: () => now,
    });
    await enqueueMessages(
      db,
      [
        {
          id: 'w1',
          monitorId: ID,
          runId: null,
          channel: 'webhook',
          purpose: 'alert',
          payload: JSON.stringify({ url: `${hook.origin}/hook`, body: '{}' }),
          createdAt: new Date(T0).toISOString(),
        },
      ],
      T0,
    );
    await delivery.pass();
    now = T0 + GIVE_UP_AFTER_MS;
    await delivery.pass();
    expect(hook.connections()).toBe(0);
    const [message] = await listMessages(db);
    expect(message).toMatchObject({ attempts: 2, deliveredAt: null, failedAt: new Date(now).toISOString() });
    now += GIVE_UP_AFTER_MS;
    await delivery.pass();
    expect((await listMessages(db))[0]!.attempts).toBe(2);
  });

  test('a mail the SMTP server refuses stays queued and goes out on the next attempt, with the same Message-ID', async () => {
    const db = await freshDb();
    const refusing = await startSmtpFixture({ reject: true });
    cleanup.push(() => refusing.close());
    let now = T0;
    const payload = { to: ['owner@shop.example.in'], subject: 'Alert', text: 'Text', html: '<p>Text</p>' };
    await enqueueMessages(
      db,
      [
        {
          id: 'e1',
          monitorId: ID,
          runId: null,
          channel: 'email',
          purpose: 'alert',
          payload: JSON.stringify(payload),
          createdAt: new Date(T0).toISOString(),
        },
      ],
      T0,
    );
    const through = (url: string) =>
      createMessageDelivery({
        db,
        mailer: createMailer({ smtpUrl: url, from: 'leads@agency.test', siteUrl: 'https://example.test' }),
        fetcher: createSafeFetcher({ userAgent: 'test' }),
        userAgent: 'SiteMonitor/1.0',
        log: silent,
        now: () => now,
      });
    await through(refusing.url).pass();
    expect((await listMessages(db))[0]).toMatchObject({ attempts: 1, deliveredAt: null });
    expect((await listMessages(db))[0]!.lastError).toContain('Mailbox unavailable');
    const smtp = await startSmtpFixture();
    cleanup.push(() => smtp.close());
    now = T0 + FIRST_RETRY_MS;
    await through(smtp.url).pass();
    const mail = await smtp.nth(1);
    expect(mail.mail.messageId).toBe('<e1@example.test>');
    expect(mail.mail.subject).toBe('Alert');
    expect((await listMessages(db))[0]).toMatchObject({ attempts: 2, deliveredAt: new Date(now).toISOString() });
  });
});
