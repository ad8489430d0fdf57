import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { rateLimit } from './rate-limit.ts';

test('answers 429 JSON with Retry-After once an IP passes its limit', async () => {
  const app = express();
  app.get('/expensive', rateLimit({ windowMs: 60_000, limit: 2 }), (_req, res) => {
    res.json({ ok: true });
  });
  expect((await request(app).get('/expensive')).status).toBe(200);
  expect((await request(app).get('/expensive')).status).toBe(200);
  const limited = await request(app).get('/expensive');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});
