import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { KEYWORD_TOO_LONG, NO_KEYWORDS, TOO_MANY_KEYWORDS } from '#views/tools/anchor-text-generator/rules.ts';

async function generate(body: unknown) {
  const { app } = await createTestApp();
  return request(app)
    .post('/api/bulk-anchor-text-generators/generate')
    .send(body as object);
}

test('GET plans answers the plans as [{id, name, price, features[]}]', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/api/bulk-anchor-text-generators/plans');
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThanOrEqual(1);
  for (const plan of res.body) {
    expect(Object.keys(plan).sort()).toEqual(['features', 'id', 'name', 'price']);
    expect(plan.features.every((feature: unknown) => typeof feature === 'string')).toBe(true);
  }
});

test('POST generate answers result strings and typed anchors', async () => {
  const res = await generate({
    keywords: ['seo services', ' local seo '],
    website: 'https://www.example.com/',
    brand: 'Acme',
  });
  expect(res.status).toBe(200);
  expect(res.body.result[0]).toBe('seo services');
  expect(res.body.result).toContain('local seo');
  expect(res.body.result).toContain('https://example.com');
  expect(res.body.result).toContain('Acme');
  expect(res.body.anchors.map((a: { text: string }) => a.text)).toEqual(res.body.result);
  expect(new Set(res.body.anchors.map((a: { type: string }) => a.type)).size).toBe(7);
});

test('POST generate refuses each kind of bad input with 400 and a message', async () => {
  const cases: Array<[unknown, string]> = [
    [{ keywords: [] }, NO_KEYWORDS],
    [{ keywords: [' ', ''] }, NO_KEYWORDS],
    [{}, 'Send keywords as a list of strings.'],
    [{ keywords: 'seo' }, 'Send keywords as a list of strings.'],
    [{ keywords: [42] }, 'Each keyword must be text.'],
    [{ keywords: Array.from({ length: 101 }, (_, i) => `k${i}`) }, TOO_MANY_KEYWORDS],
    [{ keywords: ['k'.repeat(101)] }, KEYWORD_TOO_LONG],
    [{ keywords: ['ok'], website: 'not a website' }, 'Please enter your website as a domain such as example.com.'],
    [{ keywords: ['ok'], brand: 'b'.repeat(61) }, 'The brand name must be 60 characters or fewer.'],
    [[1, 2], 'Send a JSON body like {"keywords": ["seo services"]}.'],
  ];
  for (const [body, error] of cases) {
    const res = await generate(body);
    expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect(res.body).toEqual({ error });
  }
});

test('exactly 100 keywords of 100 characters are accepted', async () => {
  const keywords = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(100, 'k'));
  const res = await generate({ keywords });
  expect(res.status).toBe(200);
  expect(res.body.result.length).toBeGreaterThanOrEqual(100);
});

test('the old spellings of the page answer 301', async () => {
  const { app } = await createTestApp();
  for (const alias of ['/BulkAnchorTextGenerators', '/bulk-anchor-text-generator']) {
    const res = await request(app).get(alias);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/bulk-anchor-text-generators');
  }
});

test('generating is limited to 60 requests a minute per client', async () => {
  const { app } = await createTestApp();
  for (let i = 0; i < 60; i += 1) {
    expect(
      (
        await request(app)
          .post('/api/bulk-anchor-text-generators/generate')
          .send({ keywords: ['seo'] })
      ).status,
    ).toBe(200);
  }
  const limited = await request(app)
    .post('/api/bulk-anchor-text-generators/generate')
    .send({ keywords: ['seo'] });
  expect(limited.status).toBe(429);
  expect(limited.body.error).toMatch(/Too many requests/);
});
