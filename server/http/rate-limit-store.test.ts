import { sql } from 'kysely';
import type { Options } from 'express-rate-limit';
import { describe, expect, onTestFinished, test } from 'vitest';
import { openDatabase, type Db, type Dialect } from '#db/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase, testPostgresUrl } from '#test/helpers/databases.ts';
import { createSharedRateLimits, DatabaseRateLimitStore } from './rate-limit-store.ts';

const MINUTE = 60_000;
const START = Date.UTC(2025, 0, 1);

/** A clock the test moves by hand. */
function manualClock(start = START) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

async function database(dialect: Dialect): Promise<Db> {
  const db = await openTestDatabase(dialect);
  onTestFinished(() => closeTestDatabase(db));
  return db;
}

/** A store as express-rate-limit sets it up: init with the limiter's window, then counts. */
function storeOn(db: Db, now: () => number, { prefix = 'test:', windowMs = MINUTE } = {}) {
  const store = new DatabaseRateLimitStore({ db, prefix, now });
  store.init({ windowMs } as Options);
  return store;
}

async function rowCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

describe.each(DIALECTS)('%s', (dialect) => {
  test('counts hits per key within the window, with the window end as resetTime', async () => {
    const clock = manualClock();
    const store = storeOn(await database(dialect), clock.now);
    expect(await store.increment('1.2.3.4')).toEqual({ totalHits: 1, resetTime: new Date(START + MINUTE) });
    clock.advance(10_000);
    expect(await store.increment('1.2.3.4')).toEqual({ totalHits: 2, resetTime: new Date(START + MINUTE) });
    expect(await store.increment('5.6.7.8')).toEqual({ totalHits: 1, resetTime: new Date(START + 10_000 + MINUTE) });
    expect(await store.get('1.2.3.4')).toEqual({ totalHits: 2, resetTime: new Date(START + MINUTE) });
    expect(await store.get('9.9.9.9')).toBeUndefined();
  });

  test('a new window starts at 1 once the old one has ended', async () => {
    const clock = manualClock();
    const store = storeOn(await database(dialect), clock.now);
    await store.increment('1.2.3.4');
    await store.increment('1.2.3.4');
    clock.advance(MINUTE - 1);
    expect((await store.increment('1.2.3.4')).totalHits).toBe(3);
    clock.advance(1);
    expect(await store.get('1.2.3.4')).toBeUndefined();
    expect(await store.increment('1.2.3.4')).toEqual({ totalHits: 1, resetTime: new Date(START + 2 * MINUTE) });
  });

  test('decrement takes back one hit (never below 0); resetKey forgets the key', async () => {
    const clock = manualClock();
    const store = storeOn(await database(dialect), clock.now);
    await store.increment('1.2.3.4');
    await store.increment('1.2.3.4');
    await store.decrement('1.2.3.4');
    expect((await store.get('1.2.3.4'))?.totalHits).toBe(1);
    await store.decrement('1.2.3.4');
    await store.decrement('1.2.3.4');
    expect((await store.get('1.2.3.4'))?.totalHits).toBe(0);
    expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
    await store.resetKey('1.2.3.4');
    expect(await store.get('1.2.3.4')).toBeUndefined();
    expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
  });

  test('limiters with different prefixes on one table keep their own counts', async () => {
    const db = await database(dialect);
    const clock = manualClock();
    const contact = storeOn(db, clock.now, { prefix: 'contact:' });
    const api = storeOn(db, clock.now, { prefix: 'api:' });
    await contact.increment('1.2.3.4');
    await contact.increment('1.2.3.4');
    expect((await api.increment('1.2.3.4')).totalHits).toBe(1);
    await api.resetKey('1.2.3.4');
    expect((await contact.get('1.2.3.4'))?.totalHits).toBe(2);
  });

  test('every Nth count deletes the rows whose window has ended, of every limiter', async () => {
    const db = await database(dialect);
    const clock = manualClock();
    const shared = createSharedRateLimits({ db, log: createLogger('silent'), now: clock.now, sweepEvery: 3 });
    const one = shared.store('one');
    const two = shared.store('two');
    for (const store of [one, two]) store.init({ windowMs: MINUTE } as Options);
    await one.increment('1.1.1.1');
    await two.increment('2.2.2.2');
    clock.advance(MINUTE);
    expect(await rowCount(db)).toBe(2);
    await one.increment('3.3.3.3'); // the third count: both ended windows go
    await shared.close();
    expect(await rowCount(db)).toBe(1);
    expect((await one.get('3.3.3.3'))?.totalHits).toBe(1);
  });

  test('one app cannot have two limiters of one name (they would add up each other’s requests)', async () => {
    const shared = createSharedRateLimits({ db: await database(dialect), log: createLogger('silent') });
    shared.store('contact');
    expect(() => shared.store('contact')).toThrow('Two rate limiters are named "contact"');
  });
});

test('two processes on one PostgreSQL database count against one total, also when they count at once', async () => {
  const first = await database('postgres');
  const schema = (await sql<{ name: string }>`SELECT current_schema() AS name`.execute(first)).rows[0]!.name;
  // A second pool on the same schema: what another web process would open.
  const second = await openDatabase(testPostgresUrl(), { schema, poolSize: 4 });
  onTestFinished(() => second.destroy());
  const clock = manualClock();
  const a = storeOn(first, clock.now, { prefix: 'api:' });
  const b = storeOn(second, clock.now, { prefix: 'api:' });
  expect((await a.increment('1.2.3.4')).totalHits).toBe(1);
  expect((await b.increment('1.2.3.4')).totalHits).toBe(2);
  expect((await a.increment('1.2.3.4')).totalHits).toBe(3);
  await b.decrement('1.2.3.4');
  expect((await a.get('1.2.3.4'))?.totalHits).toBe(2);

  // Forty requests at once, half through each process: each is counted once, none lost.
  const counts = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b).increment('5.6.7.8')));
  expect(counts.map((count) => count.totalHits).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 40 }, (_, index) => index + 1),
  );
  expect((await b.get('5.6.7.8'))?.totalHits).toBe(40);
});
