import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { createLogger, type Logger } from '#server/lib/logger.ts';
import { closeTestDatabase, openTestDatabase } from '#test/helpers/databases.ts';
import { rateLimit, shareRateLimits } from './rate-limit.ts';
import { createSharedRateLimits } from './rate-limit-store.ts';

/** One web process: its own app and limiter, counting in `db` when given one (else in memory). */
function webProcess(db?: Db, log: Logger = createLogger('silent')) {
  const app = express();
  if (db) {
    const shared = createSharedRateLimits({ db, log });
    shareRateLimits(app, shared);
    onTestFinished(() => shared.close());
  }
  app.get('/expensive', rateLimit({ name: 'expensive', windowMs: 60_000, limit: 2 }), (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

async function postgres(): Promise<Db> {
  const db = await openTestDatabase('postgres');
  onTestFinished(() => closeTestDatabase(db));
  return db;
}

test('answers 429 JSON with Retry-After once an IP passes its limit', async () => {
  const app = webProcess();
  expect((await request(app).get('/expensive')).status).toBe(200);
  expect((await request(app).get('/expensive')).status).toBe(200);
  const limited = await request(app).get('/expensive');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});

test('the same in the database: 429 JSON with Retry-After once an IP passes its limit', async () => {
  const app = webProcess(await postgres());
  expect((await request(app).get('/expensive')).status).toBe(200);
  expect((await request(app).get('/expensive')).status).toBe(200);
  const limited = await request(app).get('/expensive');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});

test('two processes sharing one database limit an IP at the shared total; in memory each counts its own', async () => {
  const db = await postgres();
  const [one, two] = [webProcess(db), webProcess(db)];
  const shared = [];
  for (const app of [one, two, one, two]) shared.push((await request(app).get('/expensive')).status);
  expect(shared).toEqual([200, 200, 429, 429]);

  const [three, four] = [webProcess(), webProcess()];
  const apart = [];
  for (const app of [three, four, three, four, three]) apart.push((await request(app).get('/expensive')).status);
  expect(apart).toEqual([200, 200, 200, 200, 429]);
});

test('when the database cannot count, requests go through uncounted and a warning is logged', async () => {
  const db = await openTestDatabase('postgres');
  await closeTestDatabase(db);
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = webProcess(db, pino({ level: 'warn' }, sink));
  const statuses = [];
  for (let i = 0; i < 3; i += 1) statuses.push((await request(app).get('/expensive')).status);
  expect(statuses).toEqual([200, 200, 200]);
  expect(lines.length).toBe(3);
  for (const line of lines) {
    expect(line.level).toBe(40);
    expect(line.msg).toMatch(/error from store, allowing request without rate-limiting/);
  }
});
