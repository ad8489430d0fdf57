import express from 'express';
import { sql } from 'kysely';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { listContactMessages } from '#db/contact-messages.ts';
import { listMessages } from '#db/messages.ts';
import type { Db, Dialect } from '#db/index.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { createAdminShell } from '#server/http/admin/shell.ts';

afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://example.test';
type App = TestApp['app'];

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with the inbox on; closed when the test ends. */
async function adminApp(
  env: Record<string, string> = {},
  options: { file?: boolean; dataDir?: string; dialect?: Dialect } = {},
) {
  const app = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD, ...env }, ...options });
  apps.push(app);
  return app;
}

async function countRows(db: Db, table: 'admin_sessions' | 'contact_messages', handledOnly = false) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .$if(handledOnly && table === 'contact_messages', (qb) => qb.where(sql.ref('handled_at'), 'is not', null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const cookieValue = (res: request.Response, name: string) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`));

function postLogin(app: App, password: string, origin: string | null = ORIGIN) {
  const req = request(app).post('/admin/login').set('Accept', 'text/html').type('form');
  return (origin ? req.set('Origin', origin) : req).send({ password });
}

/** Signs in; returns the session cookie and the session's CSRF token (from the inbox's forms). */
async function signIn(app: App) {
  const res = await postLogin(app, PASSWORD);
  expect(res.status).toBe(303);
  const cookie = cookieValue(res, 'admin_session')!.split(';')[0]!;
  const inbox = await request(app).get('/admin').set('Cookie', cookie).set('Accept', 'text/html');
  const csrf = /name="csrf" value="([^"]+)"/.exec(inbox.text)![1]!;
  return { cookie, csrf };
}

async function seedContacts(app: App, count: number) {
  for (let i = 1; i <= count; i += 1) {
    await request(app)
      .post('/api/contact')
      .send({ name: `Lead ${i}`, email: `lead${i}@example.in`, message: `Message number ${i}` })
      .expect(201);
  }
}

function expectAdminHeaders(res: request.Response) {
  expect([res.headers['cache-control'], res.headers['x-robots-tag']]).toEqual(['no-store', 'noindex']);
}

describe.each(DIALECTS)('%s', (dialect) => {
  async function openApp() {
    const app = await createTestApp({ dialect });
    apps.push(app);
    return app;
  }

  test('without ADMIN_PASSWORD every /admin path is a 404', async () => {
    const { app } = await openApp();
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/export.csv?type=contact',
      '/admin/anything/else',
    ]) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
    expect((await request(app).post('/admin/login').type('form').send({ password: 'whatever' })).status).toBe(404);
    expect((await request(app).post('/admin/logout')).status).toBe(404);
  });

  test('the login form, then 303 to /admin with a HttpOnly, SameSite=Strict, Secure session cookie on Path=/', async () => {
    const { app } = await adminApp({}, { dialect });
    const form = await request(app).get('/admin/login');
    expect(form.status).toBe(200);
    expectAdminHeaders(form);
    expect(form.text).toMatch(/<input id="admin-password" type="password" [^>]*name="password"\/>/);
    expect(form.text).not.toContain('<script');
    const res = await postLogin(app, PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin');
    expectAdminHeaders(res);
    const cookie = cookieValue(res, 'admin_session')!;
    expect(cookie).toMatch(
      /^admin_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  test('over plain http the cookie is not marked Secure', async () => {
    const { app } = await adminApp({ SITE_URL: 'http://127.0.0.1:8080' }, { dialect });
    const res = await postLogin(app, PASSWORD, 'http://127.0.0.1:8080');
    expect(cookieValue(res, 'admin_session')).not.toContain('Secure');
  });

  test('a wrong password is 401; five failures from one address, then 429 even for the right one', async () => {
    const { app } = await adminApp({}, { dialect });
    for (let i = 0; i < 5; i += 1) {
      const res = await postLogin(app, `wrong password ${i}`);
      expect(res.status).toBe(401);
      expect(res.text).toContain('Wrong password.');
      expect(cookieValue(res, 'admin_session')).toBeUndefined();
    }
    const blocked = await postLogin(app, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-ins from this address. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expectAdminHeaders(blocked);
    expect(cookieValue(blocked, 'admin_session')).toBeUndefined();
  });

  /** The inbox alone behind one proxy (X-Forwarded-For names the client), on a clock the test moves, recording waits and warnings. */
  async function pacedAdmin() {
    const { config, db } = await adminApp({ TRUST_PROXY: '1' }, { dialect });
    const clock = { now: Date.parse('2025-03-01T10:00:00Z') };
    const waits: number[] = [];
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    const router = createAdminShell({
      config,
      db,
      log,
      password: PASSWORD,
      css: '/assets/site.css',
      sections: [],
      now: () => clock.now,
      wait: async (ms) => void waits.push(ms),
    });
    const app = express().set('trust proxy', config.trustProxy).use('/admin', router);
    const from = (address: string, password: string) => postLogin(app, password).set('X-Forwarded-For', address);
    return { clock, waits, warnings, from };
  }

  test('50 failed sign-ins spread over 50 addresses slow every sign-in, log one warning, and the slow-down ends with the window', async () => {
    const { clock, waits, warnings, from } = await pacedAdmin();
    for (let i = 1; i <= 50; i += 1) expect((await from(`203.0.113.${i}`, `guess ${i}`)).status).toBe(401);
    expect(waits).toEqual([]);
    const slowed = 'admin: 50 failed sign-ins from all addresses in the last 15 minutes; sign-ins are slowed';
    expect(warnings.filter((msg) => msg !== 'admin: wrong password')).toEqual([slowed]);

    // Each sign-in now waits for its turn, 2 s after the one before, the right password too.
    expect((await from('198.51.100.1', 'guess 51')).status).toBe(401);
    const operator = await from('192.0.2.10', PASSWORD);
    expect(operator.status).toBe(303);
    for (let i = 2; i <= 14; i += 1) expect((await from(`198.51.100.${i}`, `guess ${50 + i}`)).status).toBe(401);
    expect(waits).toEqual([
      2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 20000, 22000, 24000, 26000, 28000, 30000,
    ]);

    // No sign-in waits longer than 30 s: past that it is refused, and the refusal does not count against its address.
    const full = await from('192.0.2.10', PASSWORD);
    expect(full.status).toBe(429);
    expect(full.headers['retry-after']).toBe('2');
    expect(full.text).toContain('Sign-ins are slowed after many failed attempts. Try again in 2 seconds.');
    expect(waits).toHaveLength(15);
    expect(warnings.filter((msg) => msg !== 'admin: wrong password')).toEqual([slowed]);

    // 15 minutes later the failures have left the window: sign-ins are answered at once again.
    clock.now += 15 * 60_000;
    expect((await from('192.0.2.10', PASSWORD)).status).toBe(303);
    expect(waits).toHaveLength(15);
  });

  test("a browser's sign-in from another site is 403 and starts no session; a non-browser client signs in with the password alone", async () => {
    const { app, db } = await adminApp({}, { dialect });
    const attempts = [
      await postLogin(app, PASSWORD, 'https://evil.example'),
      await postLogin(app, PASSWORD, 'null'),
      await request(app)
        .post('/admin/login')
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ password: PASSWORD }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expectAdminHeaders(res);
      expect(cookieValue(res, 'admin_session')).toBeUndefined();
    }
    expect(await countRows(db, 'admin_sessions')).toBe(0);
    const cli = await request(app).post('/admin/login').type('form').send({ password: PASSWORD });
    expect([cli.status, cli.headers.location]).toEqual([303, '/admin']);
    const json = await request(app).post('/admin/login').send({ password: PASSWORD });
    expect(json.status).toBe(303);
    const wrong = await request(app).post('/admin/login').type('form').send({ password: 'nope' });
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'Wrong password.' }]);
  });

  test('without a session: 303 to the login page for browsers, 401 JSON for other clients', async () => {
    const { app } = await adminApp({}, { dialect });
    const browser = await request(app).get('/admin').set('Accept', 'text/html,application/xhtml+xml');
    expect([browser.status, browser.headers.location]).toEqual([303, '/admin/login']);
    expectAdminHeaders(browser);
    const api = await request(app).get('/admin/export.csv?type=contact').set('Accept', 'application/json');
    expect([api.status, api.body]).toEqual([401, { error: 'Sign in at /admin/login first.' }]);
    expectAdminHeaders(api);
    const forged = await request(app)
      .get('/admin')
      .set('Cookie', `admin_session=${'A'.repeat(43)}`)
      .set('Accept', 'text/html');
    expect(forged.status).toBe(303);
  });

  test('the inbox: newest first, unread counts, delivery state, search and filters; text is escaped', async () => {
    const { app } = await adminApp({}, { dialect });
    await seedContacts(app, 3);
    await request(app)
      .post('/api/contact')
      .send({ name: '<script>alert(1)</script>', email: 'x@example.in', message: 'Looking for <b>SEO</b> help' })
      .expect(201);
    await request(app)
      .post('/api/writeforus/submit')
      .send({ title: 'Core update recovery', author: 'Rohan', email: 'rohan@example.in', content: 'Text' })
      .expect(201);
    const session = await signIn(app);
    const inbox = await request(app).get('/admin').set('Cookie', session.cookie).set('Accept', 'text/html');
    expect(inbox.status).toBe(200);
    expectAdminHeaders(inbox);
    expect(inbox.text).toContain('Contact messages (4 unread)');
    expect(inbox.text).toContain('Article submissions (1 unread)');
    expect(inbox.text).not.toContain('<script>alert(1)</script>');
    expect(inbox.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(inbox.text).not.toContain('<script');
    const names = [...inbox.text.matchAll(/<h2>([^<]*) <a href="mailto:/g)].map((match) => match[1]);
    expect(names).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt;', 'Lead 3', 'Lead 2', 'Lead 1']);
    expect(inbox.text).toContain('Inbox only');

    const search = await request(app).get('/admin?type=contact&q=number%202').set('Cookie', session.cookie);
    expect([...search.text.matchAll(/<h2>([^<]*) <a/g)].map((match) => match[1])).toEqual(['Lead 2']);
    const literal = await request(app).get('/admin?type=contact&q=%25').set('Cookie', session.cookie);
    expect(literal.text).toContain('Contact messages: 0 matching');
    const articles = await request(app).get('/admin?type=articles').set('Cookie', session.cookie);
    expect(articles.text).toContain('<h2>Core update recovery</h2>');
    expect(articles.text).toContain('mailto:rohan@example.in');
  });

  test('phone and website show on the lead that has them (tel: link, website opened without referrer), are searched and exported last', async () => {
    const { app } = await adminApp({}, { dialect });
    await seedContacts(app, 1);
    await request(app)
      .post('/api/contact')
      .send({
        name: 'Meera',
        email: 'meera@example.in',
        phone: '+91 98100 12345',
        website: 'meera-bakery.example.in',
        message: 'Call me',
      })
      .expect(201);
    const session = await signIn(app);
    const inbox = await request(app).get('/admin').set('Cookie', session.cookie);
    expect(inbox.text).toContain(
      '<a href="tel:+919810012345">Phone +91 98100 12345</a> · <a href="https://meera-bakery.example.in" target="_blank" rel="noopener noreferrer nofollow">Website https://meera-bakery.example.in</a>',
    );
    expect(inbox.text.match(/>Phone /g)).toHaveLength(1);
    const search = await request(app).get('/admin?type=contact&q=98100').set('Cookie', session.cookie);
    expect([...search.text.matchAll(/<h2>([^<]*) <a/g)].map((match) => match[1])).toEqual(['Meera']);
    const csv = (await request(app).get('/admin/export.csv?type=contact').set('Cookie', session.cookie)).text.split(
      '\r\n',
    );
    expect(csv[1]).toMatch(
      /^2,[^,]+,,Meera,meera@example.in,Call me,'\+91 98100 12345,https:\/\/meera-bakery.example.in,,,$/,
    );
    expect(csv[2]).toMatch(/^1,[^,]+,,Lead 1,lead1@example.in,Message number 1,,,,,$/);
  });

  test('a lead sent from a site audit report arrives with the audit linked; a malformed audit id is a 400', async () => {
    const { app } = await adminApp({}, { dialect });
    const audit = 'AbCdEfGhIjKlMnOpQrSt_-';
    await request(app)
      .post('/api/contact')
      .send({
        name: 'Ravi',
        email: 'ravi@example.in',
        website: 'https://ravi-shop.example.in/',
        message: 'Please help me fix the problems the site audit found on ravi-shop.example.in (health score 62/100).',
        siteAudit: audit,
      })
      .expect(201);
    const bad = await request(app)
      .post('/api/contact')
      .send({ name: 'X', email: 'x@example.in', message: 'm', siteAudit: '../../admin' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Site audit must be the id of a site audit report' });
    const session = await signIn(app);
    const inbox = await request(app).get('/admin').set('Cookie', session.cookie);
    expect(inbox.text).toContain(
      `<a class="lead-audit" href="/site-audit/${audit}" target="_blank" rel="noopener noreferrer">Site audit report</a>`,
    );
    const csv = (await request(app).get('/admin/export.csv?type=contact').set('Cookie', session.cookie)).text;
    expect(csv.split('\r\n')[1]).toMatch(new RegExp(`,https://ravi-shop.example.in/,${audit},,$`));
  });

  test("mark handled and delete need the site's Origin and the CSRF token; otherwise 403 and nothing changes", async () => {
    const { app, db } = await adminApp({ NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable' }, { dialect });
    await seedContacts(app, 2);
    const [newest, oldest] = await listContactMessages(db);
    const session = await signIn(app);
    const post = (path: string, body: Record<string, string>, origin: string | null = ORIGIN) => {
      const req = request(app).post(path).set('Cookie', session.cookie).type('form');
      return (origin ? req.set('Origin', origin) : req).send(body);
    };
    const refused = [
      await post(`/admin/contact/${newest!.id}/handled`, { handled: '1' }),
      await post(`/admin/contact/${newest!.id}/handled`, { handled: '1', csrf: 'x'.repeat(43) }),
      await post(`/admin/contact/${newest!.id}/handled`, { handled: '1', csrf: session.csrf }, 'https://evil.example'),
      await post(`/admin/contact/${newest!.id}/handled`, { handled: '1', csrf: session.csrf }, null),
      await post(`/admin/contact/${newest!.id}/delete`, { csrf: session.csrf }, 'https://example.test.evil.example'),
      await post('/admin/logout', { csrf: 'wrong' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expectAdminHeaders(res);
    }
    expect((await listContactMessages(db)).map((row) => row.id)).toEqual([newest!.id, oldest!.id]);
    expect(await countRows(db, 'contact_messages', true)).toBe(0);
    expect(await countRows(db, 'admin_sessions')).toBe(1);

    const handled = await post(`/admin/contact/${newest!.id}/handled`, {
      handled: '1',
      csrf: session.csrf,
      back: '/admin?type=contact&status=unread',
    });
    expect([handled.status, handled.headers.location]).toEqual([303, '/admin?type=contact&status=unread&done=handled']);
    expect((await request(app).get('/admin').set('Cookie', session.cookie)).text).toContain(
      'Contact messages (1 unread)',
    );
    // A back link to another site is ignored.
    const offsite = await post(`/admin/contact/${newest!.id}/handled`, {
      handled: '0',
      csrf: session.csrf,
      back: 'https://evil.example/',
    });
    expect(offsite.headers.location).toBe('/admin?done=unread');

    expect(await listMessages(db)).toHaveLength(2);
    const deleted = await post(`/admin/contact/${oldest!.id}/delete`, { csrf: session.csrf });
    expect(deleted.status).toBe(303);
    expect((await listContactMessages(db)).map((row) => row.id)).toEqual([newest!.id]);
    expect(await listMessages(db)).toHaveLength(1);
    expect((await post(`/admin/contact/${oldest!.id}/delete`, { csrf: session.csrf })).status).toBe(404);
    expect((await post('/admin/nothing/1/delete', { csrf: session.csrf })).status).toBe(404);
  });

  test('CSV export: every row, newest first, as an attachment, with formulas defused', async () => {
    const { app } = await adminApp({}, { dialect });
    await seedContacts(app, 3);
    await request(app)
      .post('/api/contact')
      .send({ name: '=HYPERLINK("http://evil")', email: 'x@example.in', message: 'Line one\nline "two"' })
      .expect(201);
    const session = await signIn(app);
    const res = await request(app).get('/admin/export.csv?type=contact').set('Cookie', session.cookie);
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contact-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,received,handled,name,email,message,phone,website,site_audit,source_page,form_page');
    expect(lines[1]).toMatch(
      /^4,[^,]+,,"'=HYPERLINK\(""http:\/\/evil""\)",x@example.in,"Line one\nline ""two""",,,,,$/,
    );
    expect(lines.slice(2, 5).map((line) => line.split(',')[3])).toEqual(['Lead 3', 'Lead 2', 'Lead 1']);
    expect(lines.at(-1)).toBe('');
    expect((await request(app).get('/admin/export.csv?type=nope').set('Cookie', session.cookie)).status).toBe(400);
  });

  test('the export streams more rows than one inbox page holds', async () => {
    const { app, db } = await adminApp({}, { dialect });
    await db
      .insertInto('contact_messages')
      .values(Array.from({ length: 1234 }, (_, i) => ({ name: `Bulk ${i}`, email: `b${i}@example.in`, message: 'm' })))
      .execute();
    const session = await signIn(app);
    const res = await request(app).get('/admin/export.csv?type=contact').set('Cookie', session.cookie);
    expect(res.text.trimEnd().split('\r\n')).toHaveLength(1235);
    const inbox = await request(app).get('/admin?page=3').set('Cookie', session.cookie);
    expect(inbox.text).toContain('Page 3 of 25');
  });

  test('logout ends the session on the server: the old cookie no longer opens the inbox', async () => {
    const { app, db } = await adminApp({}, { dialect });
    const session = await signIn(app);
    const res = await request(app)
      .post('/admin/logout')
      .set('Cookie', session.cookie)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ csrf: session.csrf });
    expect([res.status, res.headers.location]).toEqual([303, '/admin/login']);
    expect(cookieValue(res, 'admin_session')).toMatch(/^admin_session=; Path=\/; Max-Age=0;/);
    expect(await countRows(db, 'admin_sessions')).toBe(0);
    const again = await request(app).get('/admin').set('Cookie', session.cookie).set('Accept', 'text/html');
    expect([again.status, again.headers.location]).toEqual([303, '/admin/login']);
  });

  test('/admin is in no sitemap and robots.txt disallows it', async () => {
    const { app } = await adminApp({}, { dialect });
    expect((await request(app).get('/robots.txt')).text).toMatch(/^Disallow: \/admin$/m);
    expect((await request(app).get('/sitemap.xml')).text).not.toContain('/admin');
  });
});

test('sessions survive a restart and expire after 12 hours', async () => {
  const first = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD }, file: true });
  const session = await signIn(first.app);
  await first.close();
  const second = await adminApp({}, { dataDir: first.config.dataDir });
  expect((await request(second.app).get('/admin').set('Cookie', session.cookie)).status).toBe(200);
  vi.useFakeTimers({ now: Date.now() + 12 * 60 * 60_000 + 1000, toFake: ['Date'] });
  const expired = await request(second.app).get('/admin').set('Cookie', session.cookie).set('Accept', 'text/html');
  expect([expired.status, expired.headers.location]).toEqual([303, '/admin/login']);
});
