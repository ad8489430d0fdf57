import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import { listen, rawGet, rawRequest } from '#test/helpers/raw-http.ts';

async function api(env: Record<string, string> = {}) {
  return (await createTestApp({ assets: apiOnlyAssets, env })).app;
}

test('OPTIONS answers JSON with the allowed methods and no CORS permission', async () => {
  const app = await api();
  const contact = await request(app)
    .options('/api/contact')
    .set('Origin', 'https://other.example')
    .set('Access-Control-Request-Method', 'POST');
  expect(contact.status).toBe(200);
  expect(contact.headers['content-type']).toMatch(/^application\/json/);
  expect(contact.body).toEqual({ allow: ['OPTIONS', 'POST'] });
  expect(contact.headers.allow).toBe('OPTIONS, POST');
  expect(Object.keys(contact.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);

  const audits = await request(app).options('/api/site-audits/0123456789abcdef');
  expect(audits.body).toEqual({ allow: ['DELETE', 'GET', 'HEAD', 'OPTIONS'] });

  const unknown = await request(app).options('/api/nowhere');
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ error: 'No API endpoint at OPTIONS /api/nowhere' });
});

test('a known path with the wrong method answers 405 JSON with Allow', async () => {
  const app = await api();
  const res = await request(app).delete('/api/contact');
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe('OPTIONS, POST');
  expect(res.body).toEqual({ error: 'DELETE is not allowed at /api/contact; use POST' });
  const put = await request(app).put('/api/sitemaps').send({});
  expect(put.status).toBe(405);
  expect(put.body).toEqual({ error: 'PUT is not allowed at /api/sitemaps; use GET or POST' });
  const get = await request(app).get('/api/seo-audit/audit');
  expect(get.status).toBe(405);
});

test('a body that is not JSON answers 415 JSON; a body claiming gzip that is not answers a clean 400', async () => {
  const app = await api();
  const text = await request(app).post('/api/contact').set('Content-Type', 'text/plain').send('name=Asha');
  expect(text.status).toBe(415);
  expect(text.body).toEqual({ error: 'Send the request body as JSON with Content-Type: application/json.' });
  const form = await request(app).post('/api/contact').type('form').send({ name: 'Asha' });
  expect(form.status).toBe(415);

  for (const encoding of ['gzip', 'deflate', 'br']) {
    const lie = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .send('{"name":"Asha"}');
    expect(lie.status, encoding).toBe(400);
    expect(lie.body, encoding).toEqual({
      error: 'The request body could not be decompressed: it does not match its Content-Encoding',
    });
    expect(JSON.stringify(lie.body)).not.toMatch(/header check|Decompression failed/);
  }
  // A body that really is gzip is read (superagent would re-serialise a Buffer as JSON, so raw bytes).
  const port = await listen(app);
  const gzipped = gzipSync(JSON.stringify({ name: 'Asha Verma', email: 'asha@example.in', message: 'Hello' }));
  const real = await rawRequest(
    port,
    `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${gzipped.length}\r\nConnection: close\r\n\r\n${gzipped.toString('latin1')}`,
  );
  expect(real.status).toBe(201);
  expect(JSON.parse(real.body)).toEqual({ id: expect.any(Number) });
});

test('every /api error is JSON: 404, 413, malformed JSON', async () => {
  const app = await api();
  const cases = [
    await request(app).get('/api/nowhere'),
    await request(app).post('/api/contact').set('Content-Type', 'application/json').send('{"broken": '),
    await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 1) })),
  ];
  expect(cases.map((res) => res.status)).toEqual([404, 400, 413]);
  for (const res of cases) {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toEqual(expect.any(String));
  }
});

test(`the flood limit counts every /api request of one IP and answers 429 JSON`, async () => {
  const app = await api({ API_RATE_LIMIT: '5' });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await request(app).get('/api/try-free-tools/list')).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
  const over = await request(app).get('/api/directories/ad-post-sites.json');
  expect(over.status).toBe(429);
  expect(over.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  expect(over.headers['retry-after']).toMatch(/^\d+$/);
  // Pages are not part of it.
  expect((await request(app).get('/disclaimer')).status).toBe(200);
});

test('a URL over 16 KB gets 431 with a JSON body under /api and an HTML body elsewhere', async () => {
  const port = await listen(await api());
  const long = 'a'.repeat(17 * 1024);
  const apiAnswer = await rawGet(port, `/api/seo-audit/audit?url=${long}`);
  expect(apiAnswer.status).toBe(431);
  expect(apiAnswer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(apiAnswer.body)).toEqual({
    error: 'The request URL and headers are too large (the limit is 16 KB).',
  });
  const page = await rawGet(port, `/seo-audit?x=${long}`);
  expect(page.status).toBe(431);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.body).toContain('The request URL and headers are too large');
  const headers = await rawGet(port, '/api/contact', [`X-Padding: ${long}`]);
  expect(headers.status).toBe(431);
  expect(JSON.parse(headers.body).error).toMatch(/too large/);
});

test('a request the parser cannot read gets 400 with a body, and the HSTS header when configured', async () => {
  const port = await listen(await api(), { headers: ['Strict-Transport-Security: max-age=31536000'] });
  const res = await rawRequest(
    port,
    'GET /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n',
  );
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toEqual({ error: 'The request could not be understood.' });
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
});
