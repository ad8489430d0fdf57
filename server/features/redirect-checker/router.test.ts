import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { startBulkCheckSite } from '#test/fixtures/bulk-check-site.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { disconnectDuringCheck } from '#test/helpers/client-disconnect.ts';
import { apiOnlyAssets, liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { REDIRECT_RATE_LIMIT } from './router.ts';

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
  expect(res.body.result.map((row: { originalUrl: string }) => row.originalUrl)).toEqual([
    `${site.origin}/redirect/1`,
    `${site.origin}/loop/a`,
    'http://10.1.2.3/',
  ]);
  expect(res.body.result[0]).toMatchObject({
    redirectedUrl: `${site.origin}/good`,
    finalStatus: 200,
    hops: [{ status: 301 }, { status: 302 }, { status: 200 }],
    warnings: ['temporary-redirect', 'chain'],
    state: 'checked',
  });
  expect(res.body.result[0].error).toBeUndefined();
  expect(res.body.result[1]).toMatchObject({
    finalStatus: null,
    error: `Redirect loop: ${site.origin}/loop/a redirects back to itself.`,
    warnings: ['temporary-redirect', 'chain', 'loop'],
    state: 'failed',
  });
  expect(res.body.result[2].error).toContain('private or reserved network address');
});

test('bad bodies answer 400: missing list, wrong types, no URLs, more than 100, over-long URLs', async () => {
  const { app, site } = await liveToolsApp();
  const cases: Array<[unknown, string]> = [
    [{}, 'Send {"urls": [...]} with one URL per entry.'],
    [{ urls: 'https://example.com' }, 'Send {"urls": [...]} with one URL per entry.'],
    [{ urls: [1, 2] }, 'Each URL must be text.'],
    [{ urls: ['', '  '] }, 'Please enter at least one URL'],
    [
      { urls: Array.from({ length: 101 }, (_, i) => `https://example.com/${i}`) },
      'At most 100 URLs can be checked at once.',
    ],
    [{ urls: [`https://example.com/${'a'.repeat(2050)}`] }, 'URLs are limited to 2048 characters.'],
    [{ urls: ['https://example.com'], userAgent: 'curl' }, 'userAgent must be one of: browser, googlebot-smartphone.'],
    [{ urls: ['https://example.com'], userAgent: 1 }, 'userAgent must be one of: browser, googlebot-smartphone.'],
  ];
  for (const [body, error] of cases) {
    const res = await request(app)
      .post('/api/bulk-url-redirection/redirect')
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  }
  await site.close();
});

afterEach(() => {
  vi.useRealTimers();
});

test(`the redirect endpoint is rate-limited per IP (${REDIRECT_RATE_LIMIT.limit} a minute); malformed requests spend none of it`, async () => {
  const { app, site } = await liveToolsApp();
  for (let index = 0; index < REDIRECT_RATE_LIMIT.limit + 2; index += 1)
    expect((await request(app).post('/api/bulk-url-redirection/redirect').send({})).status).toBe(400);
  for (let index = 0; index < REDIRECT_RATE_LIMIT.limit; index += 1) {
    expect(
      (
        await request(app)
          .post('/api/bulk-url-redirection/redirect')
          .send({ urls: [`${site.origin}/good`] })
      ).status,
    ).toBe(200);
  }
  const limited = await request(app)
    .post('/api/bulk-url-redirection/redirect')
    .send({ urls: [`${site.origin}/good`] });
  await site.close();
  expect(limited.status).toBe(429);
});

test('the user agent choice reaches the site: Googlebot smartphone may be redirected where a browser is not', async () => {
  const site = await startBulkCheckSite();
  const { app } = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort }, assets: apiOnlyAssets });
  const browser = await request(app)
    .post('/api/bulk-url-redirection/redirect')
    .send({ urls: [`${site.origin}/by-agent`] });
  const googlebot = await request(app)
    .post('/api/bulk-url-redirection/redirect')
    .send({ urls: [`${site.origin}/by-agent`], userAgent: 'googlebot-smartphone' });
  await site.close();
  expect(browser.body.result[0]).toMatchObject({ finalStatus: 200, hops: [{ status: 200 }] });
  expect(googlebot.body.result[0]).toMatchObject({
    redirectedUrl: `${site.origin}/m/`,
    hops: [{ status: 301 }, { status: 200 }],
  });
});

test('BULK_CHECK_DEADLINE_MS bounds the whole request: URLs not done by then come back timed out', async () => {
  const site = await startBulkCheckSite();
  const { app } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, BULK_CHECK_DEADLINE_MS: '1' },
    assets: apiOnlyAssets,
  });
  const res = await request(app)
    .post('/api/bulk-url-redirection/redirect')
    .send({ urls: [`${site.origin}/hang`, `${site.origin}/hang?2`] });
  await site.close();
  expect(res.status).toBe(200);
  expect(res.body.result).toEqual([
    {
      originalUrl: `${site.origin}/hang`,
      redirectedUrl: null,
      hops: [],
      finalStatus: null,
      warnings: [],
      state: 'timed-out',
      error: 'Not checked: the list took longer than 0.001 seconds. Check fewer URLs at a time.',
    },
    {
      originalUrl: `${site.origin}/hang?2`,
      redirectedUrl: null,
      hops: [],
      finalStatus: null,
      warnings: [],
      state: 'timed-out',
      error: 'Not checked: the list took longer than 0.001 seconds. Check fewer URLs at a time.',
    },
  ]);
});

test('when the client disconnects, the checks in flight stop', async () => {
  // Frozen timers: neither the per-URL timeout nor the list deadline can end the fetch, only the disconnect.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startBulkCheckSite();
  const { app } = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort }, assets: apiOnlyAssets });
  await disconnectDuringCheck(app, '/api/bulk-url-redirection/redirect', { urls: [`${site.origin}/hang`] }, site);
  await site.close();
});
