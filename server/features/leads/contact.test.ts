import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { listContactMessages } from '#db/contact-messages.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { CONTACT_RATE_LIMIT } from './forms-router.ts';

function message(overrides: Record<string, unknown> = {}) {
  return { name: 'Asha Verma', email: 'asha@example.in', message: 'Please audit my clinic website.', ...overrides };
}

function post(app: TestApp['app'], body: unknown) {
  return request(app)
    .post('/api/contact')
    .send(body as object);
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

  test('a valid message is stored trimmed and answered 201 with its id', async () => {
    const { app, db } = await openApp();
    const res = await post(app, message({ name: '  Asha Verma  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const [stored] = await listContactMessages(db);
    expect(stored).toMatchObject({
      id: res.body.id,
      name: 'Asha Verma',
      email: 'asha@example.in',
      message: 'Please audit my clinic website.',
    });
    expect(stored!.ipHash).toMatch(/^[0-9a-f]{32}$/);
  });

  test('phone and website are stored as given (a bare domain gets https://); without them they are null', async () => {
    const { app, db } = await openApp();
    const withBoth = await post(app, message({ phone: ' +91 98100 12345 ', website: 'asha-clinic.example.in/about' }));
    expect(withBoth.status).toBe(201);
    const without = await post(app, message({ name: 'Vikram', phone: '', website: '   ' }));
    expect(without.status).toBe(201);
    expect(
      (await listContactMessages(db)).map(({ id, name, phone, website }) => ({ id, name, phone, website })),
    ).toEqual([
      { id: without.body.id, name: 'Vikram', phone: null, website: null },
      {
        id: withBoth.body.id,
        name: 'Asha Verma',
        phone: '+91 98100 12345',
        website: 'https://asha-clinic.example.in/about',
      },
    ]);
  });

  test.each([
    [{ phone: 'call after 6' }, 'Phone may contain only digits, spaces and + - ( )'],
    [{ phone: '12345' }, 'Phone must have at least 7 digits'],
    [{ phone: '9'.repeat(33) }, 'Phone must be at most 32 characters'],
    [{ phone: 9810012345 }, 'Phone must be text'],
    [{ website: 'ftp://files.example.in' }, 'Website must start with http:// or https://'],
    [{ website: 'javascript:alert(1)' }, 'Website must be a web address such as example.com or https://example.com'],
    [{ website: `https://example.in/${'a'.repeat(2040)}` }, 'Website must be at most 2,048 characters'],
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ message: '' }, 'Message is required'],
    [{ message: ['not', 'text'] }, 'Message is required'],
    [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ email: `${'e'.repeat(250)}@x.in` }, 'Email must be at most 254 characters'],
    [{ message: 'm'.repeat(5001) }, 'Message must be at most 5,000 characters'],
    [{ name: '\u0000' }, 'Name is required'],
    [{ message: '\u0000\u0007\u001b[31m\u001b[0m\u001b]0;title\u0007' }, 'Message is required'],
  ])('rejects %o with 400 "%s" and stores nothing', async (overrides, error) => {
    const { app, db } = await openApp();
    const res = await post(app, message(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await listContactMessages(db)).toHaveLength(0);
  });

  test('a body that is not a JSON object, malformed JSON and an oversized body are 4xx JSON', async () => {
    const { app } = await openApp();
    const form = await request(app).post('/api/contact').type('form').send('name=Asha');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: 'Send the request body as JSON with Content-Type: application/json.' });
    const array = await request(app)
      .post('/api/contact')
      .send([{ name: 'Asha' }]);
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ error: 'Request body must be a JSON object' });
    const malformed = await request(app).post('/api/contact').set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Malformed JSON in request body');
    const huge = await post(app, message({ message: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Request body is too large' });
  });

  test('NUL and terminal escapes are stripped before storing; line breaks stay', async () => {
    const { app, db } = await openApp();
    const res = await post(app, message({ name: 'Asha\u0000 Verma', message: 'Line one\u001b[2J\r\nLine two\u0000' }));
    expect(res.status).toBe(201);
    expect((await listContactMessages(db))[0]).toMatchObject({ name: 'Asha Verma', message: 'Line one\nLine two' });
  });

  test('markup in a message is stored as plain text', async () => {
    const { app, db } = await openApp();
    await post(app, message({ message: '<script>alert(1)</script>' })).expect(201);
    expect((await listContactMessages(db))[0].message).toBe('<script>alert(1)</script>');
  });

  test('a filled honeypot (homepage) looks like success to the bot but stores nothing', async () => {
    const { app, db } = await openApp();
    const res = await post(app, message({ homepage: 'https://spam.example', website: 'spam.example' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({});
    expect(await listContactMessages(db)).toHaveLength(0);
  });

  test(`more than ${CONTACT_RATE_LIMIT.limit} messages from one IP in the window answer 429`, async () => {
    const { app, db } = await openApp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) await post(app, message({ name: `Sender ${i}` })).expect(201);
    const limited = await post(app, message());
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many requests/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await listContactMessages(db)).toHaveLength(CONTACT_RATE_LIMIT.limit);
  });
});

test('messages survive an app restart on the same DATA_DIR', async () => {
  const first = await createTestApp({ file: true });
  const { body } = await post(first.app, message({ message: 'Still here after restart' })).expect(201);
  await first.close();
  const second = await createTestApp({ dataDir: first.config.dataDir });
  expect((await listContactMessages(second.db)).map((row) => [row.id, row.message])).toEqual([
    [body.id, 'Still here after restart'],
  ]);
  await second.close();
});
