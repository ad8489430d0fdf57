import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { getArticleSubmission, listArticleSubmissions } from '#db/article-submissions.ts';
import { getContactMessage, listContactMessages } from '#db/contact-messages.ts';
import { listMessages } from '#db/messages.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import type { Db, Dialect } from '#db/index.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';

/** A webhook receiver: records each body and signature; `nth(n)` resolves when the nth has arrived. */
async function webhookReceiver(status = 200) {
  const received: Array<{ body: string; signature?: string }> = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const server = await startLoopbackServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-signature'] as string | undefined });
      for (const waiter of waiters.filter((w) => w.n === received.length)) waiter.resolve();
      res.writeHead(status).end();
    });
  });
  const nth = (n: number) =>
    received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }));
  return { server, received, nth };
}

const contact = { name: 'Priya Sharma', email: 'priya@example.in', message: 'We need local SEO for two clinics.' };
const article = {
  title: 'Core update recovery',
  author: 'Rohan Mehta',
  email: 'rohan@example.in',
  content: 'What we changed, week by week.',
};

/** Makes every insert into the outbox (`messages`) fail like a full disk (or lifts that again). */
async function refuseOutbox(db: Db, dialect: Dialect, refuse: boolean) {
  const statements =
    dialect === 'sqlite'
      ? refuse
        ? ["CREATE TRIGGER refuse_outbox BEFORE INSERT ON messages BEGIN SELECT RAISE(ABORT, 'disk full'); END"]
        : ['DROP TRIGGER refuse_outbox']
      : refuse
        ? [
            "CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
            'CREATE TRIGGER refuse_outbox BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_outbox()',
          ]
        : ['DROP TRIGGER refuse_outbox ON messages'];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  async function openApp(options: TestAppOptions = {}) {
    const app = await createTestApp({ ...options, dialect });
    apps.push(app);
    return app;
  }

  test('a contact message reaches the webhook as {id, event, createdAt, data: every stored field}, signed', async () => {
    const hook = await webhookReceiver();
    const { app, db } = await openApp({
      env: { NOTIFY_WEBHOOK_URL: `${hook.server.origin}/leads`, NOTIFY_WEBHOOK_SECRET: 'hook-secret' },
    });
    try {
      const from = { formPage: '/contact-me?plan=growth', sourcePage: '/seo-packages' };
      const res = await request(app)
        .post('/api/contact')
        .send({ ...contact, ...from });
      expect(res.status).toBe(201);
      await hook.nth(1);
      const [{ body, signature }] = hook.received;
      const stored = (await getContactMessage(db, res.body.id))!;
      const event = JSON.parse(body!) as Record<string, unknown>;
      expect(event).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        event: 'contact.created',
        createdAt: stored.createdAt,
        data: { ...stored },
      });
      expect(stored).toMatchObject({ ...contact, ...from });
      expect(event.data).toMatchObject(from);
      expect(signature).toBe(`sha256=${createHmac('sha256', 'hook-secret').update(body!).digest('hex')}`);
      // A delivery that starts after this one: the attempt above has been recorded.
      await app.locals.messaging.deliverNow();
      expect(await listMessages(db)).toEqual([
        expect.objectContaining({
          id: event.id,
          channel: 'webhook',
          attempts: 1,
          deliveredAt: expect.any(String),
          lastError: null,
        }),
      ]);
    } finally {
      await hook.server.close();
    }
  });

  test('an article submission goes out by webhook and email with the same event id', async () => {
    const hook = await webhookReceiver();
    const smtp = await startSmtpFixture();
    const { app, db } = await openApp({
      env: { NOTIFY_WEBHOOK_URL: hook.server.origin, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'editor@agency.test' },
    });
    try {
      const res = await request(app)
        .post('/api/writeforus/submit')
        .send({ ...article, formPage: '/write-for-us', sourcePage: '/guest-post-sites?page=2' });
      expect(res.status).toBe(201);
      await hook.nth(1);
      const { mail, to, from } = await smtp.nth(1);
      const event = JSON.parse(hook.received[0]!.body) as { id: string; event: string; data: Record<string, unknown> };
      expect(event).toMatchObject({
        event: 'article.created',
        data: { ...(await getArticleSubmission(db, res.body.id)) },
      });
      expect(event.data).toMatchObject({ ...article, status: 'pending', sourcePage: '/guest-post-sites?page=2' });
      // The pages the lead came from, as addresses the editor can open.
      expect(mail.text).toContain(
        'Form page: https://example.test/write-for-us\nCame from: https://example.test/guest-post-sites?page=2\n',
      );
      expect(mail.messageId).toBe(`<${event.id}@example.test>`);
      expect(mail.subject).toBe('New article submission: Core update recovery');
      expect(mail.replyTo?.value[0]?.address).toBe('rohan@example.in');
      expect(to).toEqual(['editor@agency.test']);
      // No NOTIFY_EMAIL_FROM: the SMTP login (an address) sends.
      expect(from).toBe('leads@agency.test');
    } finally {
      await hook.server.close();
      await smtp.close();
    }
  });

  test('without a webhook or SMTP the lead is stored and nothing is queued', async () => {
    const { app, db } = await openApp();
    await request(app).post('/api/contact').send(contact).expect(201);
    await request(app).post('/api/writeforus/submit').send(article).expect(201);
    expect(await listContactMessages(db)).toHaveLength(1);
    expect(await listArticleSubmissions(db)).toHaveLength(1);
    expect(await listMessages(db)).toEqual([]);
  });

  test('storing the lead and queueing its notification are one transaction: if queueing fails, nothing is stored', async () => {
    const { app, db } = await openApp({ env: { NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/never' } });
    await refuseOutbox(db, dialect, true);
    const res = await request(app).post('/api/contact').send(contact);
    expect(res.status).toBe(500);
    expect(await listContactMessages(db)).toEqual([]);
    await refuseOutbox(db, dialect, false);
    await request(app).post('/api/contact').send(contact).expect(201);
    expect(await listContactMessages(db)).toHaveLength(1);
    expect(await listMessages(db)).toHaveLength(1);
  });

  test('bad input is refused before anything is stored or queued', async () => {
    const hook = await webhookReceiver();
    const { app, db } = await openApp({ env: { NOTIFY_WEBHOOK_URL: hook.server.origin } });
    try {
      expect(
        (
          await request(app)
            .post('/api/contact')
            .send({ ...contact, email: 'nope' })
        ).status,
      ).toBe(400);
      expect(
        (
          await request(app)
            .post('/api/writeforus/submit')
            .send({ ...article, email: undefined })
        ).body,
      ).toEqual({ error: 'Email is required' });
      expect(await listMessages(db)).toEqual([]);
      expect(hook.received).toEqual([]);
    } finally {
      await hook.server.close();
    }
  });
});
