import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { startBulkCheckSite } from '#test/fixtures/bulk-check-site.ts';
import { startFakeGoogle, testServiceAccount } from '#test/fixtures/fake-google.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { disconnectDuringCheck } from '#test/helpers/client-disconnect.ts';
import { apiOnlyAssets, liveToolsApp } from '#test/helpers/live-tools-app.ts';

afterEach(() => {
  vi.useRealTimers();
});
import { INDEX_CHECK_RATE_LIMIT } from './router.ts';

test('POST /api/google-index-checker/check reports indexability per URL and indexed null without a provider', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app)
    .post('/api/google-index-checker/check')
    .send({ urls: [`${site.origin}/good`, `${site.origin}/noindex-meta`, '', `${site.origin}/private/page`] });
  await site.close();
  expect(res.status).toBe(200);
  expect(
    res.body.result.map((row: { url: string; indexable: boolean | null; indexed: null; status: number }) => [
      row.url,
      row.indexable,
      row.indexed,
      row.status,
    ]),
  ).toEqual([
    [`${site.origin}/good`, true, null, 200],
    [`${site.origin}/noindex-meta`, false, null, 200],
    [`${site.origin}/private/page`, false, null, 200],
  ]);
  expect(res.body.result[0].indexedNote).toBe('Not checked (no search provider configured)');
  expect(res.body.result[1].reasons).toEqual(['The robots meta tag says noindex.']);
});

test('with Search Console configured, a refused Google sign-in still answers 200 with "Not checked" rows', async () => {
  const account = testServiceAccount();
  // Google trusts another key, so the app's real assertion fails its signature check (invalid_grant).
  const google = await startFakeGoogle({
    publicKey: testServiceAccount().publicKey,
    clientEmail: account.credentials.client_email,
    inspect: () => ({ status: 500, body: {} }),
  });
  const { app, site } = await liveToolsApp((live) => ({
    FETCH_ALLOW_PRIVATE: `${live.hostPort},${google.server.hostPort}`,
    SEARCH_CONSOLE_CREDENTIALS: JSON.stringify(account.credentials),
    SEARCH_CONSOLE_PROPERTY: `${live.origin}/`,
    SEARCH_CONSOLE_API_ORIGIN: google.server.origin,
    SEARCH_CONSOLE_TOKEN_URL: google.tokenUrl,
  }));
  const res = await request(app)
    .post('/api/google-index-checker/check')
    .send({ urls: [`${site.origin}/good`] });
  await Promise.all([site.close(), google.close()]);
  expect(res.status).toBe(200);
  expect(
    res.body.result.map((row: { indexable: boolean; indexed: null; indexedNote: string }) => [
      row.indexable,
      row.indexed,
      row.indexedNote,
    ]),
  ).toEqual([[true, null, 'Not checked (Google sign-in failed (HTTP 400))']]);
  expect([google.refusals, google.inspections]).toEqual([['Invalid JWT Signature.'], []]);
});

test('bad bodies answer 400 with the spec message for an empty list', async () => {
  const { app, site } = await liveToolsApp();
  const cases: Array<[unknown, string]> = [
    [{ urls: [] }, 'Please enter at least one URL'],
    [{ urls: ['  '] }, 'Please enter at least one URL'],
    [{ url: 'https://example.com' }, 'Send {"urls": [...]} with one URL per entry.'],
    [
      { urls: Array.from({ length: 51 }, (_, i) => `https://example.com/${i}`) },
      'At most 50 URLs can be checked at once.',
    ],
  ];
  for (const [body, error] of cases) {
    const res = await request(app)
      .post('/api/google-index-checker/check')
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  }
  await site.close();
});

test(`the index checker is rate-limited per IP (${INDEX_CHECK_RATE_LIMIT.limit} a minute); malformed requests spend none of it`, async () => {
  const { app, site } = await liveToolsApp();
  for (let index = 0; index < INDEX_CHECK_RATE_LIMIT.limit + 2; index += 1)
    expect((await request(app).post('/api/google-index-checker/check').send({})).status).toBe(400);
  for (let index = 0; index < INDEX_CHECK_RATE_LIMIT.limit; index += 1) {
    expect(
      (
        await request(app)
          .post('/api/google-index-checker/check')
          .send({ urls: [`${site.origin}/good`] })
      ).status,
    ).toBe(200);
  }
  const limited = await request(app)
    .post('/api/google-index-checker/check')
    .send({ urls: [`${site.origin}/good`] });
  await site.close();
  expect(limited.status).toBe(429);
});

test('an unreachable page is indexable null with an error, not "No"', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app)
    .post('/api/google-index-checker/check')
    .send({ urls: ['http://10.0.0.1/'] });
  await site.close();
  expect(res.body.result[0]).toMatchObject({
    indexable: null,
    reasons: [],
    state: 'failed',
    error: expect.stringContaining('private or reserved network address'),
  });
});

test('BULK_CHECK_DEADLINE_MS bounds the whole request: URLs not done by then come back timed out', async () => {
  const site = await startBulkCheckSite();
  const { app } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, BULK_CHECK_DEADLINE_MS: '1' },
    assets: apiOnlyAssets,
  });
  const res = await request(app)
    .post('/api/google-index-checker/check')
    .send({ urls: [`${site.origin}/hang`] });
  await site.close();
  expect(res.body.result).toEqual([
    {
      url: `${site.origin}/hang`,
      finalUrl: null,
      status: null,
      indexable: null,
      reasons: [],
      error: 'Not checked: the list took longer than 0.001 seconds. Check fewer URLs at a time.',
      state: 'timed-out',
      indexed: null,
      indexedNote: 'Not checked (no search provider configured)',
      inspection: null,
    },
  ]);
});

test('when the client disconnects, the checks in flight stop', async () => {
  // Frozen timers: neither the per-URL timeout nor the list deadline can end the fetch, only the disconnect.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startBulkCheckSite();
  const { app } = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort }, assets: apiOnlyAssets });
  await disconnectDuringCheck(app, '/api/google-index-checker/check', { urls: [`${site.origin}/hang`] }, site);
  await site.close();
});
