import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import { listen, rawRequest } from '#test/helpers/raw-http.ts';

const HUNDRED_MB = 100 * 1024 * 1024;

/**
 * Headers declaring a 100 MB body, then its first few bytes and nothing more: the answer can only
 * arrive if the server answers without waiting for the rest (before the fix it waited forever).
 */
function declareHuge(port: number, path: string, contentType: string, start: string, headers: string[] = []) {
  return rawRequest(
    port,
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${contentType}`,
      `Content-Length: ${HUNDRED_MB}`,
      ...headers,
      '',
      start,
    ].join('\r\n'),
  );
}

async function app(env: Record<string, string> = {}) {
  return listen((await createTestApp({ assets: apiOnlyAssets, env })).app);
}

test('a JSON body declared at 100 MB answers 413 JSON at once, with Connection: close, before the body is sent', async () => {
  const res = await declareHuge(await app(), '/api/contact', 'application/json', '{"name": "');
  expect([res.status, res.headers['content-type'], res.headers.connection]).toEqual([
    413,
    'application/json; charset=utf-8',
    'close',
  ]);
  expect(JSON.parse(res.body)).toEqual({ error: 'Request body is too large' });
});

test('a body of any other type declared past 1 MB is refused the same way under /api', async () => {
  const res = await declareHuge(await app(), '/api/contact', 'text/plain', 'hello');
  expect([res.status, res.headers.connection]).toEqual([413, 'close']);
  expect(JSON.parse(res.body)).toEqual({ error: 'Request body is too large' });
});

test('an image upload declared at 100 MB answers 413 with the upload limit at once', async () => {
  const res = await declareHuge(
    await app(),
    '/api/image-compressor/compress',
    'multipart/form-data; boundary=XYZ',
    '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n\r\n',
  );
  expect([res.status, res.headers.connection]).toEqual([413, 'close']);
  expect(JSON.parse(res.body)).toEqual({ error: 'The image is larger than the 15 MB upload limit.' });
});

test('an admin sign-in declared at 100 MB answers 413 at once', async () => {
  const res = await declareHuge(
    await app({ ADMIN_PASSWORD: 'correct horse battery' }),
    '/admin/login',
    'application/x-www-form-urlencoded',
    'password=',
    ['Accept: text/html'],
  );
  expect([res.status, res.headers['content-type'], res.headers.connection]).toEqual([
    413,
    'text/html; charset=utf-8',
    'close',
  ]);
});

test('a JSON body of exactly 1 MB is read (and judged on its fields); one byte more is 413', async () => {
  const { app } = await createTestApp({ assets: apiOnlyAssets });
  const body = (bytes: number) => {
    const text = JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: '' });
    return text.replace('"message":""', `"message":"${'x'.repeat(bytes - text.length)}"`);
  };
  expect(Buffer.byteLength(body(1024 * 1024))).toBe(1024 * 1024);
  const atLimit = await request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .send(body(1024 * 1024));
  expect([atLimit.status, atLimit.body]).toEqual([400, { error: 'Message must be at most 5,000 characters' }]);
  const over = await request(app)
    .post('/api/contact')
    .set('Content-Type', 'application/json')
    .send(body(1024 * 1024 + 1));
  expect([over.status, over.headers.connection, over.body]).toEqual([
    413,
    'close',
    { error: 'Request body is too large' },
  ]);
});
