import request from 'supertest';
import { expect, test } from 'vitest';
import { liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { SEO_AUDIT_RATE_LIMIT } from './router.ts';

test('POST /api/seo-audit/audit returns the report with the spec fields and 22 evaluated checks', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/good` });
  await site.close();
  expect(res.status).toBe(200);
  expect(res.body.report).toMatchObject({
    title: 'Delhi SEO fixture page for audit testing',
    h1Tags: ['Audit & fixture page'],
    h2Tags: ['First section', 'Second section'],
    score: 78,
    grade: 'C',
    pageSpeedSource: 'estimate',
  });
  expect(res.body.report.metaDescription).toMatch(/^A fixture page/);
  expect(res.body.report.pageSpeedScore).toBeGreaterThanOrEqual(0);
  expect(res.body.report.checks).toHaveLength(22);
  expect(res.body.report.checks[0]).toEqual({
    id: 'internal-links',
    category: 'Links',
    priority: 'Medium',
    title: 'Link to other pages on your site',
    status: 'pass',
    detail: '1 internal link found.',
  });
});

test('bad input answers 400 with a message a person can act on', async () => {
  const { app, site } = await liveToolsApp();
  const cases: Array<[unknown, string]> = [
    [{}, 'Please enter a URL to audit.'],
    [{ url: '   ' }, 'Please enter a URL to audit.'],
    [{ url: 42 }, 'Please enter a URL to audit.'],
    [{ url: `https://example.com/${'a'.repeat(2100)}` }, 'URLs are limited to 2048 characters.'],
    [{ url: 'ftp://example.com/' }, 'Only http and https URLs can be fetched (got ftp).'],
    [{ url: 'http://user:pw@example.com/' }, 'URLs containing a username or password are not allowed.'],
    [
      { url: 'http://169.254.169.254/latest/meta-data/' },
      '169.254.169.254 points to a private or reserved network address (169.254.169.254); only public websites can be checked.',
    ],
    [
      { url: `${site.origin}/image.png` },
      'That address returned image/png, not an HTML page; enter the URL of a web page.',
    ],
  ];
  for (const [body, error] of cases) {
    const res = await request(app)
      .post('/api/seo-audit/audit')
      .send(body as object);
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(res.body).toEqual({ error });
  }
  await site.close();
});

test('a private address not on the allow list is refused even though the fixture site is allowed', async () => {
  const { app, site } = await liveToolsApp();
  const other = await startLoopbackServer((_req, res) => res.end('<title>internal</title>'));
  const res = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${other.origin}/` });
  await Promise.all([site.close(), other.close()]);
  expect(res.status).toBe(400);
  expect(other.connections()).toBe(0);
});

test('remote failures answer 502: redirect loop, too many redirects, refused connection', async () => {
  const { app, site } = await liveToolsApp();
  const loop = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/loop/a` });
  const chain = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/chain/0` });
  await site.close();
  const refused = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/good` });
  expect([loop.status, chain.status, refused.status]).toEqual([502, 502, 502]);
  expect(loop.body).toEqual({ error: `Redirect loop: ${site.origin}/loop/a redirects back to itself.` });
  expect(chain.body).toEqual({ error: 'Too many redirects (more than 10).' });
  expect(refused.body).toEqual({ error: `${site.hostPort} refused the connection.` });
});

test('with PAGESPEED_API_KEY the score comes from the configured PageSpeed origin', async () => {
  const fake = await startLoopbackServer((_req, res) => {
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end('{"lighthouseResult":{"categories":{"performance":{"score":0.77}}}}');
  });
  const { app, site } = await liveToolsApp((fixture) => ({
    PAGESPEED_API_KEY: 'key',
    PAGESPEED_ORIGIN: fake.origin,
    FETCH_ALLOW_PRIVATE: `${fixture.hostPort},${fake.hostPort}`,
  }));
  const res = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/good` });
  await Promise.all([site.close(), fake.close()]);
  expect(res.body.report).toMatchObject({ pageSpeedScore: 77, pageSpeedSource: 'pagespeed-insights' });
});

test(`the audit endpoint is rate-limited per IP (${SEO_AUDIT_RATE_LIMIT.limit} a minute); malformed requests spend none of it`, async () => {
  const { app, site } = await liveToolsApp();
  for (let index = 0; index < SEO_AUDIT_RATE_LIMIT.limit + 2; index += 1) {
    expect((await request(app).post('/api/seo-audit/audit').send({})).status).toBe(400);
  }
  for (let index = 0; index < SEO_AUDIT_RATE_LIMIT.limit; index += 1) {
    expect(
      (
        await request(app)
          .post('/api/seo-audit/audit')
          .send({ url: `${site.origin}/status/404` })
      ).status,
    ).toBe(422);
  }
  const limited = await request(app)
    .post('/api/seo-audit/audit')
    .send({ url: `${site.origin}/good` });
  await site.close();
  expect(limited.status).toBe(429);
  expect(limited.body.error).toBe('Too many requests. Please wait a moment and try again.');
});
