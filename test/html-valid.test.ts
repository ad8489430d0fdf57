import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import { staticErrorPage } from '#server/pages/static-error-page.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { nuCheck } from '#test/helpers/nu-checker.ts';
import { postsOf, routeAddresses } from '#test/helpers/posts.ts';
import type { Business } from '#views/business.ts';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://example.test';
type App = TestApp['app'];

/** A document with the error the W3C report found on every page: proof that the checker runs and sees it. */
const CONTROL = '(control) aria-expanded on a summary';
const CONTROL_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Control</title></head>' +
  '<body><details><summary aria-expanded="false">Menu</summary><p>Links</p></details></body></html>';

async function page(app: App, path: string, status: number, cookie = ''): Promise<string> {
  const res = await request(app).get(path).set('Accept', 'text/html').set('Cookie', cookie);
  expect(res.status, path).toBe(status);
  return res.text;
}

/** Every page of the route table (a parameter gets a sample value, as in the route smoke test) and the 404 page. */
async function sitePages(app: App, business: Business): Promise<Record<string, string>> {
  const documents: Record<string, string> = {};
  const addressOf = await routeAddresses(app, pages, business);
  for (const { path } of pages) {
    const address = addressOf(path);
    documents[address] = await page(app, address, 200);
  }
  documents['/no-such-page (404)'] = await page(app, '/no-such-page', 404);
  return documents;
}

/** The inbox's pages: sign-in, a failed sign-in, both inbox tabs with a lead each, and its 404. */
async function adminPages(app: App): Promise<Record<string, string>> {
  const documents: Record<string, string> = { '/admin/login': await page(app, '/admin/login', 200) };
  const login = (password: string) =>
    request(app).post('/admin/login').set('Accept', 'text/html').set('Origin', ORIGIN).type('form').send({ password });
  const wrong = await login('wrong password');
  expect(wrong.status).toBe(401);
  documents['/admin/login (wrong password)'] = wrong.text;

  const contact = { name: 'Meera', email: 'm@example.in', message: 'Hi', phone: '+91 98100 12345', website: 'a.in' };
  await request(app).post('/api/contact').send(contact).expect(201);
  const article = { title: 'Core update recovery', author: 'Rohan', email: 'rohan@example.in', content: 'Changes.' };
  await request(app).post('/api/writeforus/submit').send(article).expect(201);

  const signedIn = await login(PASSWORD);
  expect(signedIn.status).toBe(303);
  const cookie = (signedIn.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  documents['/admin?type=contact'] = await page(app, '/admin?type=contact', 200, cookie);
  documents['/admin?type=articles'] = await page(app, '/admin?type=articles', 200, cookie);
  documents['/admin/no-such-page (404)'] = await page(app, '/admin/no-such-page', 404, cookie);
  // The posts' admin (issue 27): the list, a new post, and the editor of a shipped one.
  documents['/admin/posts'] = await page(app, '/admin/posts', 200, cookie);
  documents['/admin/posts/new'] = await page(app, '/admin/posts/new', 200, cookie);
  const first = (await postsOf(app).all())[0]!;
  documents['/admin/posts/:id'] = await page(app, `/admin/posts/${first.id}`, 200, cookie);
  // The operator's client sites: the third section of the same admin frame.
  documents['/admin/client-sites'] = await page(app, '/admin/client-sites', 200, cookie);
  return documents;
}

test('every page, the 404 pages, the admin inbox and the static error page are valid HTML (Nu checker)', async () => {
  const { app, config } = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } });
  const documents = {
    ...(await sitePages(app, config.siteProfile.business)),
    ...(await adminPages(app)),
    'static error page': staticErrorPage('TypeError: <boom> & "quotes"'),
    [CONTROL]: CONTROL_HTML,
  };
  expect(Object.keys(documents)).toHaveLength(pages.length + 12);

  const { [CONTROL]: control, ...site } = await nuCheck(documents);
  const extract = '[><details><summary aria-expanded="false">Menu</]';
  expect(control).toEqual([
    `Element “summary” is missing one or more of the following attributes: “aria-checked”, “aria-level”, “role”. ${extract}`,
    `The “aria-expanded” attribute must not be used on any “summary” element that is a summary for its parent “details” element. ${extract}`,
  ]);
  expect(Object.entries(site).filter(([, errors]) => errors.length > 0)).toEqual([]);
});
