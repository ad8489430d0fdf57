import express from 'express';
import { createElement } from 'react';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Db } from '#db/index.ts';
import { loadConfig } from '#server/config/index.ts';
import { ConflictError } from '#server/lib/domain-errors.ts';
import { createLogger } from '#server/lib/logger.ts';
import { ADMIN_ORIGIN, ADMIN_PASSWORD, adminSession } from '#test/helpers/admin.ts';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createAdminShell, type AdminSection } from './shell.ts';

const PASSWORD = ADMIN_PASSWORD;
const ORIGIN = ADMIN_ORIGIN;
const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
});

/** A section as a feature writes one: a page with a one-field form, checked by a schema, that changes something. */
function notesSection(saved: string[]): AdminSection {
  const form = z.object({ note: z.string().trim().min(3, 'note: at least 3 characters.').max(40) });
  return {
    path: '/notes',
    label: 'Notes',
    bodyLimits: { json: 1024 },
    routes(router, admin) {
      const page = (res: express.Response, status: number, error?: string) =>
        admin.page(res, status, {
          title: 'Notes',
          content: createElement(
            'main',
            null,
            error ? createElement('p', { role: 'alert' }, error) : null,
            saved.join(),
          ),
          script: 'void 0;',
        });
      router.get('/', (_req, res) => page(res, 200));
      router.post('/', admin.guard, async (req, res) => {
        const input = await admin.parse(req, res, form, req.body, (message, status) => page(res, status, message));
        if (!input) return;
        if (saved.includes(input.note)) return admin.refuse(req, res, new ConflictError('That note is there already.'));
        saved.push(input.note);
        if (admin.wantsJson(req)) return void res.status(201).json({ saved: input.note });
        res.redirect(303, '/admin/notes');
      });
    },
  };
}

const homeSection: AdminSection = {
  path: '/',
  label: 'Home',
  routes(router, admin) {
    router.get('/', (_req, res) =>
      admin.page(res, 200, { title: 'Home', content: createElement('main', null, 'Home') }),
    );
  },
};

describe.each(DIALECTS)('%s', (dialect) => {
  async function shell() {
    const db = await openTestDatabase(dialect);
    opened.push(db);
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: ORIGIN, SITE_PROFILE: operatorProfilePath });
    const saved: string[] = [];
    const sections = [notesSection(saved), homeSection];
    const router = createAdminShell({
      config,
      db,
      log: createLogger('silent'),
      password: PASSWORD,
      css: '/x.css',
      sections,
    });
    const app = express()
      .use((_req, res, next) => ((res.locals.nonce = 'n0nce'), next()))
      .use('/admin', router);
    const { cookie, csrf, page } = await adminSession(app, { page: '/admin/notes' });
    return { app, cookie, csrf, page, saved, business: config.siteProfile.business.name };
  }

  test('one frame for every section: its navigation (home first, this one current), sign-out, no-store and noindex', async () => {
    const { page, business } = await shell();
    expect(page.status).toBe(200);
    expect([page.headers['cache-control'], page.headers['x-robots-tag']]).toEqual(['no-store', 'noindex']);
    expect(page.text).toContain(`<title>Notes · ${business}</title>`);
    expect(page.text).toContain(
      '<nav aria-label="Admin"><a href="/admin">Home</a> · <a href="/admin/notes" aria-current="page">Notes</a></nav>',
    );
    expect(page.text).toMatch(
      /<form action="\/admin\/logout" method="post"><input type="hidden" name="csrf" value="[\w-]{43}"\/>/,
    );
    // A section's script runs under the request's CSP nonce.
    expect(page.text).toContain('<script nonce="n0nce">void 0;</script>');
  });

  test("a section's pages need the session: 303 to the sign-in for browsers, 401 JSON for scripts", async () => {
    const { app } = await shell();
    const browser = await request(app).get('/admin/notes').set('Accept', 'text/html');
    expect([browser.status, browser.headers.location]).toEqual([303, '/admin/login']);
    const script = await request(app).post('/admin/notes').send({ note: 'hello' });
    expect([script.status, script.body]).toEqual([401, { error: 'Sign in at /admin/login first.' }]);
  });

  test("every change needs the site's Origin and the session's token: 403 JSON for scripts, a page for browsers", async () => {
    const { app, cookie, csrf, saved } = await shell();
    const send = (origin: string | null, token: string | null, accept = 'application/json') => {
      let req = request(app).post('/admin/notes').set('Cookie', cookie).set('Accept', accept);
      if (origin) req = req.set('Origin', origin);
      return req.type('form').send(token ? { csrf: token, note: 'hello' } : { note: 'hello' });
    };
    expect((await send(null, csrf)).body).toEqual({ error: 'Forbidden: this form must be sent from the site itself.' });
    expect((await send('https://evil.example', csrf)).status).toBe(403);
    expect((await send(ORIGIN, null)).body).toEqual({
      error: 'Forbidden: missing or wrong form token. Reload the page and try again.',
    });
    const browser = await send(ORIGIN, 'x'.repeat(43), 'text/html');
    expect([browser.status, browser.type]).toEqual([403, 'text/html']);
    expect(browser.text).toContain('<h1>Forbidden</h1>');
    expect(saved).toEqual([]);
  });

  test('forms are checked by their schema as the API checks: the form again with the message, or 400 JSON', async () => {
    const { app, cookie, csrf, saved } = await shell();
    const send = (note: unknown, accept: string) =>
      request(app)
        .post('/admin/notes')
        .set('Cookie', cookie)
        .set('Origin', ORIGIN)
        .set('X-CSRF-Token', csrf)
        .set('Accept', accept)
        .send({ note });
    const script = await send('no', 'application/json');
    expect([script.status, script.body]).toEqual([400, { error: 'note: at least 3 characters.' }]);
    expect((await send(42, 'application/json')).body).toEqual({ error: 'Note must be a string' });
    const browser = await send('no', 'text/html');
    expect(browser.status).toBe(400);
    expect(browser.text).toContain('<p role="alert">note: at least 3 characters.</p>');
    expect((await send('a good note', 'application/json')).status).toBe(201);
    // A domain error takes its status from the one table the API uses.
    expect([(await send('a good note', 'application/json')).status, saved]).toEqual([409, ['a good note']]);
    const redirected = await send('another note', 'text/html');
    expect([redirected.status, redirected.headers.location]).toEqual([303, '/admin/notes']);
  });

  test("a section's body limit is refused before a byte is read; an unknown path in it is its 404", async () => {
    const { app, cookie } = await shell();
    const big = await request(app)
      .post('/admin/notes')
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .send({ note: 'x'.repeat(2048) });
    expect(big.status).toBe(413);
    const missing = await request(app).get('/admin/notes/nothing').set('Cookie', cookie);
    expect([missing.status, missing.body]).toEqual([404, { error: 'Not found' }]);
    const page = await request(app).get('/admin/nothing').set('Cookie', cookie).set('Accept', 'text/html');
    expect([page.status, page.text.includes('<h1>Not found</h1>')]).toEqual([404, true]);
  });
});
