import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';

test('unknown /api paths answer 404 JSON', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/api/does-not-exist');
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toEqual({ error: 'No API endpoint at GET /api/does-not-exist' });
});

test('malformed JSON answers 400 with an error message', async () => {
  const { app } = await createTestApp();
  const res = await request(app).post('/api/anything').set('Content-Type', 'application/json').send('{"broken": ');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'Malformed JSON in request body' });
});

test('JSON bodies over 1 MB answer 413', async () => {
  const { app } = await createTestApp();
  const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
  const res = await request(app).post('/api/anything').set('Content-Type', 'application/json').send(big);
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: 'Request body is too large' });
});

test('security headers: strict CSP with a nonce, nosniff, no X-Powered-By, no framing', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/');
  const csp = res.headers['content-security-policy'];
  const scriptSrc = csp.split(';').find((part: string) => part.startsWith('script-src'));
  expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-powered-by']).toBeUndefined();
  const again = await request(app).get('/');
  expect(again.headers['content-security-policy']).not.toBe(csp);
});

test('pages are compressed with br or gzip and carry an ETag that answers 304', async () => {
  const { app } = await createTestApp();
  const br = await request(app).get('/').set('Accept-Encoding', 'br, gzip');
  expect(br.headers['content-encoding']).toBe('br');
  const gzip = await request(app).get('/').set('Accept-Encoding', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.text).toContain('<title>');
  const etag = gzip.headers.etag;
  expect(etag).toMatch(/^".+"$/);
  const notModified = await request(app).get('/').set('If-None-Match', etag);
  expect(notModified.status).toBe(304);
});

test('hashed assets are immutable for a year; other public files revalidate', async () => {
  const { app } = await createTestApp();
  const html = (await request(app).get('/')).text;
  const css = /href="(\/assets\/styles-[^"]+\.css)"/.exec(html)?.[1];
  expect(css).toBeDefined();
  const asset = await request(app).get(css!).set('Accept-Encoding', 'br');
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-encoding']).toBe('br');
  const icon = await request(app).get('/favicon.ico');
  expect(icon.status).toBe(200);
  expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  expect((await request(app).get('/manifest.webmanifest')).status).toBe(200);
  expect((await request(app).get('/apple-touch-icon.png')).status).toBe(200);
  expect((await request(app).get('/assets/missing-123.js')).status).toBe(404);
});

test.each(DIALECTS)('/healthz says alive and /readyz checks the database (%s)', async (dialect) => {
  const { app, close } = await createTestApp({ dialect });
  expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
  expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready' });
  await close();
  const res = await request(app).get('/readyz');
  expect(res.status).toBe(503);
  expect(res.body.status).toBe('unavailable');
});

test('aliases and trailing slashes answer 301 to the canonical path, keeping the query', async () => {
  const { app } = await createTestApp();
  const alias = await request(app).get('/CommaSeparatorTool?x=1');
  expect(alias.status).toBe(301);
  expect(alias.headers.location).toBe('/comma-separator-tool?x=1');
  const slash = await request(app).get('/comma-separator-tool/');
  expect(slash.status).toBe(301);
  expect(slash.headers.location).toBe('/comma-separator-tool');
});

test('routes match case-sensitively: a wrong-case path is a 301 to the page, not duplicate content', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/Comma-Separator-Tool?x=1');
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe('/comma-separator-tool?x=1');
});

test('HEAD on a page answers headers without a body', async () => {
  const { app } = await createTestApp();
  const res = await request(app).head('/');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.text ?? '').toBe('');
});

test('every request gets an X-Request-Id; a sane incoming one is kept', async () => {
  const { app } = await createTestApp();
  expect((await request(app).get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f]{8}-\w+$/);
  expect((await request(app).get('/healthz').set('X-Request-Id', 'abc-123')).headers['x-request-id']).toBe('abc-123');
  expect((await request(app).get('/healthz').set('X-Request-Id', '<bad id>')).headers['x-request-id']).not.toBe(
    '<bad id>',
  );
});

test('the fast path (cached pages, assets) sends the same headers as Express would', async () => {
  const { app } = await createTestApp();
  const first = await request(app).get('/').set('Accept-Encoding', 'gzip'); // rendered through Express
  const second = await request(app).get('/').set('Accept-Encoding', 'gzip'); // answered from the page cache
  const pick = (headers: Record<string, string>) => {
    const {
      date: _date,
      'x-request-id': _id,
      'content-security-policy': csp,
      connection: _c,
      'keep-alive': _k,
      ...rest
    } = headers;
    return { ...rest, csp: csp.replace(/'nonce-[^']+'/, 'NONCE') };
  };
  expect(pick(second.headers)).toEqual(pick(first.headers));
  expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  expect(second.text).toBe(first.text);
});

test('tracking parameters do not defeat the page cache: same bytes, same ETag, 304 on revalidation', async () => {
  const { app } = await createTestApp();
  const plain = await request(app).get('/');
  for (const query of [
    'utm_source=x',
    'utm_source=x&utm_medium=cpc&utm_campaign=diwali',
    'gclid=abc',
    'fbclid=def&msclkid=ghi',
    'unknown=1&_=123',
  ]) {
    const res = await request(app).get(`/?${query}`);
    expect(res.status, query).toBe(200);
    expect(res.headers.etag, query).toBe(plain.headers.etag);
    expect(res.text, query).toBe(plain.text);
    expect((await request(app).get(`/?${query}`).set('If-None-Match', plain.headers.etag)).status, query).toBe(304);
  }
});

test('over https every answer carries Strict-Transport-Security for at least 180 days: Express, fast path, API, files, redirects', async () => {
  const { app } = await createTestApp({ env: { SITE_URL: 'https://www.example.test' } });
  const asset = /<link rel="stylesheet" href="([^"]+)"/.exec((await request(app).get('/')).text)?.[1];
  const asks: Array<[string, () => request.Test]> = [
    ['/disclaimer (rendered through Express)', () => request(app).get('/disclaimer')],
    ["/disclaimer (the fast path's page cache)", () => request(app).get('/disclaimer')],
    [`${asset} (the fast path's build files)`, () => request(app).get(asset!)],
    ['/api/nowhere', () => request(app).get('/api/nowhere')],
    ['POST /api/contact', () => request(app).post('/api/contact').send({})],
    ['/healthz', () => request(app).get('/healthz')],
    ['/robots.txt', () => request(app).get('/robots.txt')],
    ['/Contact', () => request(app).get('/Contact')],
    ['/no-such-page', () => request(app).get('/no-such-page')],
  ];
  for (const [label, ask] of asks) {
    const res = await ask();
    const value = res.headers['strict-transport-security'];
    expect(value, `${label} (${res.status})`).toMatch(/^max-age=\d+$/);
    expect(Number(value.slice('max-age='.length))).toBeGreaterThanOrEqual(15_552_000);
  }
});

test('over plain http no Strict-Transport-Security is sent', async () => {
  const { app } = await createTestApp({ env: { SITE_URL: 'http://localhost:3000' } });
  await request(app).get('/disclaimer');
  for (const res of [await request(app).get('/disclaimer'), await request(app).get('/api/nowhere')]) {
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
});
