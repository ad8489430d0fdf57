import request from 'supertest';
import { expect, test } from 'vitest';
import { liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { INDEX_CHECK_RATE_LIMIT } from './index-checker.ts';
import { expectQuotaSpentOnlyByGoodRequests } from '#test/helpers/quota.ts';

test('POST /api/google-index-checker/check reports indexability per URL and indexed null without a provider', async () => {
  const { app, site } = await liveToolsApp();
  const res = await request(app).post('/api/google-index-checker/check').send({ urls: [`${site.origin}/good`, `${site.origin}/noindex-meta`, '', `${site.origin}/private/page`] });
  await site.close();
  expect(res.status).toBe(200);
  expect(res.body.result.map((row: { url: string; indexable: boolean; indexed: null; status: number }) => [row.url, row.indexable, row.indexed, row.status])).toEqual([
    [`${site.origin}/good`, true, null, 200],
    [`${site.origin}/noindex-meta`, false, null, 200],
    [`${site.origin}/private/page`, false, null, 200],
  ]);
  expect(res.body.result[0].indexedNote).toBe('Not checked (no search provider configured)');
  expect(res.body.result[1].reasons).toEqual(['The robots meta tag says noindex.']);
});

test('bad bodies answer 400 with the spec message for an empty list', async () => {
  const { app, site } = await liveToolsApp();
  const cases: Array<[unknown, string]> = [
    [{ urls: [] }, 'Please enter at least one URL'],
    [{ urls: ['  '] }, 'Please enter at least one URL'],
    [{ url: 'https://example.com' }, 'Send {"urls": [...]} with one URL per entry.'],
    [{ urls: Array.from({ length: 51 }, (_, i) => `https://example.com/${i}`) }, 'At most 50 URLs can be checked at once.'],
  ];
  for (const [body, error] of cases) {
    const res = await request(app).post('/api/google-index-checker/check').send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  }
  await site.close();
});

test(`the index checker is rate-limited per IP (${INDEX_CHECK_RATE_LIMIT.limit} a minute), spent only by requests that parse`, async () => {
  const { app, site } = await liveToolsApp();
  const send = (good: boolean) => request(app).post('/api/google-index-checker/check').send(good ? { urls: [`${site.origin}/good`] } : {});
  await expectQuotaSpentOnlyByGoodRequests(send, INDEX_CHECK_RATE_LIMIT.limit);
  await site.close();
});
