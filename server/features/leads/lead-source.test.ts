import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { listArticleSubmissions } from '#db/article-submissions.ts';
import { listContactMessages } from '#db/contact-messages.ts';
import type { Db, Dialect } from '#db/index.ts';
import { SOURCE_PAGE_MAX } from '#views/model/source-page.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { DIALECTS } from '#test/helpers/databases.ts';

// Decision 0047: every lead keeps the page its form is on and the page of this site before it, and
// the inbox shows when it arrived in the operator's time zone.

const PASSWORD = 'correct horse battery';
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function inboxApp(dialect: Dialect, env: Record<string, string> = {}) {
  const app = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD, ...env }, dialect });
  apps.push(app);
  return app;
}

async function inbox(app: TestApp['app'], path = '/admin') {
  const login = await request(app)
    .post('/admin/login')
    .set('Origin', 'https://example.test')
    .type('form')
    .send({ password: PASSWORD });
  const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return (await request(app).get(path).set('Cookie', cookie)).text;
}

/** Every lead stored at one known instant (the databases set the time themselves). */
async function receivedAt(db: Db, at: string) {
  await db.updateTable('contact_messages').set({ created_at: at }).execute();
  await db.updateTable('article_submissions').set({ created_at: at, updated_at: at }).execute();
}

const contact = { name: 'Rohit Mehra', email: 'rohit@example.in', message: 'Tell me about Growth.' };
const article = { title: 'Local SEO', author: 'Kavya', email: 'kavya@example.in', content: 'Body' };

describe.each(DIALECTS)('%s', (dialect) => {
  test('both forms store the form page and the page before it; the inbox links both and shows the time in IST', async () => {
    const { app, db } = await inboxApp(dialect);
    await request(app)
      .post('/api/contact')
      .send({ ...contact, formPage: '/contact-me?plan=growth', sourcePage: '/seo-packages' })
      .expect(201);
    await request(app)
      .post('/api/writeforus/submit')
      .send({ ...article, formPage: '/write-for-us', sourcePage: '/guest-post-sites?page=2' })
      .expect(201);
    expect((await listContactMessages(db)).map((m) => [m.formPage, m.sourcePage])).toEqual([
      ['/contact-me?plan=growth', '/seo-packages'],
    ]);
    expect((await listArticleSubmissions(db)).map((a) => [a.formPage, a.sourcePage])).toEqual([
      ['/write-for-us', '/guest-post-sites?page=2'],
    ]);
    await receivedAt(db, '2026-11-27T15:01:00.000Z');
    const html = await inbox(app);
    expect(html).toContain(
      '<p class="lead-meta lead-source">From: <a href="/seo-packages" target="_blank" rel="noopener noreferrer">/seo-packages</a>' +
        ' · form on <a href="/contact-me?plan=growth" target="_blank" rel="noopener noreferrer">/contact-me?plan=growth</a></p>',
    );
    // The test profile has no timeZone: Asia/Kolkata, the default.
    expect(html).toContain(
      '<time dateTime="2026-11-27T15:01:00.000Z" title="2026-11-27 15:01 UTC">27 Nov 2026, 8:31 pm IST</time>',
    );
    const articles = await inbox(app, '/admin?type=articles');
    expect(articles).toContain(
      'From: <a href="/guest-post-sites?page=2" target="_blank" rel="noopener noreferrer">/guest-post-sites?page=2</a>',
    );
  });

  test('a referrer from another site is dropped, an overlong one capped, markup kept as text; the lead is still taken', async () => {
    const { app, db } = await inboxApp(dialect);
    const long = `/seo-guides?q=${'x'.repeat(2000)}`;
    const sent = [
      { formPage: '/contact-me', sourcePage: 'https://evil.example/phish' },
      { formPage: '/contact-me', sourcePage: '//evil.example/phish' },
      { formPage: 'javascript:alert(1)', sourcePage: long },
      { formPage: '/contact-me', sourcePage: '/x"><script>alert(1)</script>' },
      { formPage: 42, sourcePage: ['/seo-packages'] },
    ];
    for (const source of sent)
      await request(app)
        .post('/api/contact')
        .send({ ...contact, ...source })
        .expect(201);
    const stored = (await listContactMessages(db)).reverse().map((m) => [m.formPage, m.sourcePage]);
    expect(stored).toEqual([
      ['/contact-me', null],
      ['/contact-me', null],
      [null, long.slice(0, SOURCE_PAGE_MAX)],
      ['/contact-me', '/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E'],
      [null, null],
    ]);
    expect(stored[2]![1]).toHaveLength(SOURCE_PAGE_MAX);
    const html = await inbox(app);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('<script');
    expect(html).toContain('From: <a href="/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });
});

test("the inbox shows lead times in the profile's time zone", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'profile-tz-'));
  const file = join(dir, 'profile.json');
  const profile = JSON.parse(readFileSync(operatorProfilePath, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...profile, timeZone: 'America/New_York' }));
  const { app, db } = await inboxApp('sqlite', { SITE_PROFILE: file });
  await request(app).post('/api/contact').send(contact).expect(201);
  await receivedAt(db, '2026-11-27T15:01:00.000Z');
  const html = await inbox(app);
  expect(html).toContain('title="2026-11-27 15:01 UTC">27 Nov 2026, 10:01 am GMT-5</time>');
  // Arriving directly on the form: no "From" line to guess at.
  expect(html).not.toContain('From:');
});
