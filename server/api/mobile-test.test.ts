import request from 'supertest';
import { expect, test } from 'vitest';
import { liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { MOBILE_TEST_RATE_LIMIT } from './mobile-test.ts';
import { expectQuotaSpentOnlyByGoodRequests } from '#test/helpers/quota.ts';

test('POST /api/mobile-friendly-tester/test returns mobileFriendly and the checks', async () => {
  const { app, site } = await liveToolsApp();
  const good = await request(app).post('/api/mobile-friendly-tester/test').send({ url: `${site.origin}/mobile/good` });
  const bad = await request(app).post('/api/mobile-friendly-tester/test').send({ url: `${site.origin}/mobile/fixed-width` });
  await site.close();
  expect(good.status).toBe(200);
  expect(good.body.report.mobileFriendly).toBe(true);
  expect(good.body.report.checks.map((check: { id: string }) => check.id)).toEqual(['viewport', 'fixed-width', 'zoom', 'plugins', 'font-size', 'responsive-images', 'tap-targets']);
  expect(bad.body.report.mobileFriendly).toBe(false);
});

test('400 for bad input, non-HTML and private hosts; 502 when the site cannot be reached', async () => {
  const { app, site } = await liveToolsApp();
  const empty = await request(app).post('/api/mobile-friendly-tester/test').send({ url: '' });
  const image = await request(app).post('/api/mobile-friendly-tester/test').send({ url: `${site.origin}/image.png` });
  const local = await request(app).post('/api/mobile-friendly-tester/test').send({ url: 'http://localhost:1/' });
  await site.close();
  const gone = await request(app).post('/api/mobile-friendly-tester/test').send({ url: `${site.origin}/mobile/good` });
  expect([empty.status, image.status, local.status, gone.status]).toEqual([400, 400, 400, 502]);
  expect(gone.body).toEqual({ error: `${site.hostPort} refused the connection.` });
  expect(empty.body).toEqual({ error: 'Please enter a URL to test.' });
  expect(local.body.error).toContain('private or reserved network address');
});

test(`the mobile tester is rate-limited per IP (${MOBILE_TEST_RATE_LIMIT.limit} a minute), spent only by requests that parse`, async () => {
  const { app, site } = await liveToolsApp();
  const send = (good: boolean) => request(app).post('/api/mobile-friendly-tester/test').send(good ? { url: `${site.origin}/mobile/good` } : { url: 'ftp://nope' });
  await expectQuotaSpentOnlyByGoodRequests(send, MOBILE_TEST_RATE_LIMIT.limit);
  await site.close();
});
