import type { Express } from 'express';
import request from 'supertest';

/** The password and origin of the test apps' admin (createTestApp: SITE_URL https://example.test). */
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const ADMIN_ORIGIN = 'https://example.test';

/**
 * Signs in to the admin shell as the operator's browser does and reads the session's form token
 * from `page` (an admin page): requests that carry the cookie, and changes that carry the Origin and
 * the token (the X-CSRF-Token header, as the editor's script sends it).
 */
export async function adminSession(
  app: Express,
  { password = ADMIN_PASSWORD, origin = ADMIN_ORIGIN, page = '/admin' } = {},
) {
  const login = await request(app).post('/admin/login').set('Origin', origin).type('form').send({ password });
  const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const first = await request(app).get(page).set('Cookie', cookie).set('Accept', 'text/html');
  const csrf = /name="csrf" value="([^"]+)"/.exec(first.text)![1]!;
  return {
    cookie,
    csrf,
    page: first,
    get: (path: string) => request(app).get(path).set('Cookie', cookie),
    post: (path: string) =>
      request(app).post(path).set('Cookie', cookie).set('Origin', origin).set('X-CSRF-Token', csrf),
  };
}
