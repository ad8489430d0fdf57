import request from 'supertest';
import { expect, test } from 'vitest';
import { liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { REDIRECT_RATE_LIMIT } from './redirect-checker.ts';
import { expectQuotaSpentOnlyByGoodRequests } from '#test/helpers/quota.ts';

test('GET /api/bulk-url-redirection/plans lists plans with id, name, price and features', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app).get('/api/bulk-url-redirection/plans');
  await site.close();
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThanOrEqual(2);
  for (const plan of res.body) expect(Object.keys(plan).sort()).toEqual(['features', 'id', 'name', 'price']);
  expect(res.body[0]).toMatchObject({ id: 'free', price: '₹0' });
});

test('POST /redirect answers rows in input order; blank lines are dropped; failures are rows, not errors', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app)
    .post('/api/bulk-url-redirection/redirect')
    .send({ urls: [`  ${site.origin}/redirect/1 `, '', `${site.origin}/loop/a`, '   ', 'http://10.1.2.3/'] });
  await site.close();
  expect(res.status).toBe(200);
  expect(res.body.result.map((row: { originalUrl: string }) => row.originalUrl)).toEqual([`${site.origin}/redirect/1`, `${site.origin}/loop/a`, 'http://10.1.2.3/']);
  expect(res.body.result[0]).toMatchObject({ redirectedUrl: `${site.origin}/good`, finalStatus: 200, hops: [{ status: 301 }, { status: 302 }, { status: 200 }] });
  expect(res.body.result[0].error).toBeUndefined();
  expect(res.body.result[1]).toMatchObject({ finalStatus: null, error: `Redirect loop: ${site.origin}/loop/a redirects back to itself.` });
  expect(res.body.result[2].error).toContain('private or reserved network address');
});

test('bad bodies answer 400: missing list, wrong types, no URLs, more than 100, over-long URLs', async () => {
  const { app, site } = await liveToolsApp();
  const cases: Array<[unknown, string]> = [
    [{}, 'Send {"urls": [...]} with one URL per entry.'],
    [{ urls: 'https://example.com' }, 'Send {"urls": [...]} with one URL per entry.'],
    [{ urls: [1, 2] }, 'Each URL must be text.'],
    [{ urls: ['', '  '] }, 'Please enter at least one URL'],
    [{ urls: Array.from({ length: 101 }, (_, i) => `https://example.com/${i}`) }, 'At most 100 URLs can be checked at once.'],
    [{ urls: [`https://example.com/${'a'.repeat(2050)}`] }, 'URLs are limited to 2048 characters.'],
  ];
  for (const [body, error] of cases) {
    const res = await request(app).post('/api/bulk-url-redirection/redirect').send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  }
  await site.close();
});

test(`the redirect endpoint is rate-limited per IP (${REDIRECT_RATE_LIMIT.limit} a minute), spent only by requests that parse`, async () => {
  const { app, site } = await liveToolsApp();
  const send = (good: boolean) => request(app).post('/api/bulk-url-redirection/redirect').send(good ? { urls: [`${site.origin}/good`] } : { urls: 'nope' });
  await expectQuotaSpentOnlyByGoodRequests(send, REDIRECT_RATE_LIMIT.limit);
  await site.close();
});
