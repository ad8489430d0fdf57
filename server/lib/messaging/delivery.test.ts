import { describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertMessages, listMessages, type MessageChannel, type MessageRow } from '#db/messages.ts';
import { createLogger } from '#server/lib/logger.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { openTwoHandles } from '#test/helpers/two-processes.ts';
import { ATTEMPT_LEASE_MS, deliverDue, FIRST_RETRY_MS, retryDelay } from './delivery.ts';
import { DELIVERY_EVERY_MS } from './job.ts';
import { DeliveryError } from './types.ts';

const log = createLogger('silent');
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const HOUR = 60 * 60_000;

/** A message on each channel, made at `at`, given up `giveUpAfterMs` later. */
async function queue(
  db: Db,
  id: string,
  {
    channels = ['webhook'],
    at = T0,
    giveUpAfterMs = 72 * HOUR,
  }: Partial<{
    channels: MessageChannel[];
    at: number;
    giveUpAfterMs: number;
  }> = {},
) {
  const createdAt = new Date(at).toISOString();
  const rows = channels.map((channel) => ({
    id,
    channel,
    kind: 'contact.created',
    recipient: 'operator' as const,
    payload: JSON.stringify({ id, event: 'contact.created', createdAt, data: {} }),
    createdAt,
    giveUpAt: at + giveUpAfterMs,
  }));
  await insertMessages(db, rows, at);
}

/** A sender that fails `failures` times (forever by default), recording when and what it was asked to send. */
function recording(failures = Infinity, clock: () => number = Date.now) {
  const calls: Array<{ at: number; row: MessageRow }> = [];
  const send = async (row: MessageRow) => {
    calls.push({ at: clock(), row });
    if (calls.filter((call) => call.row.id === row.id).length <= failures)
      throw new DeliveryError(`${row.channel}: answered HTTP 503`);
  };
  return { send, calls };
}

/** When the next undelivered message is due, if any. */
async function nextDue(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/**
 * Runs the delivery as its repeatable job does, on an injected clock: a run every DELIVERY_EVERY_MS
 * from `from` to `to` (the runs that would find nothing due are skipped).
 */
async function runEvery(
  db: Db,
  send: (row: MessageRow) => Promise<void>,
  from: number,
  to: number,
  clock: { now: number },
) {
  clock.now = from;
  while (clock.now <= to) {
    await deliverDue({ db, send, log, now: () => clock.now });
    const due = await nextDue(db);
    if (due === undefined) return;
    const runs = Math.max(1, Math.ceil((due - clock.now) / DELIVERY_EVERY_MS));
    clock.now += runs * DELIVERY_EVERY_MS;
  }
}

test('retry delays: 15 s after the first failure, then doubling, capped at an hour', () => {
  expect(retryDelay(1)).toBe(FIRST_RETRY_MS);
  expect(FIRST_RETRY_MS).toBe(15_000);
  const delays = Array.from({ length: 12 }, (_, index) => retryDelay(index + 1));
  for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
  expect(delays.at(-1)).toBe(60 * 60_000);
});

describe.each(DIALECTS)('%s', (dialect) => {
  async function freshDb(): Promise<Db> {
    return openTestDatabase(dialect);
  }

  test('a failing receiver is tried on the one backoff schedule until the give-up time its row carries', async () => {
    const db = await freshDb();
    try {
      const clock = { now: T0 };
      // A lead (72 hours) and a monitor's alert (a day), failing for ever.
      await queue(db, 'lead');
      await queue(db, 'alert', { giveUpAfterMs: 24 * HOUR });
      const { send, calls } = recording(Infinity, () => clock.now);
      await runEvery(db, send, T0, T0 + 80 * HOUR, clock);
      for (const [id, window] of [
        ['lead', 72 * HOUR],
        ['alert', 24 * HOUR],
      ] as const) {
        const times = calls.filter((call) => call.row.id === id).map((call) => call.at - T0);
        const gaps = times.slice(1).map((time, index) => time - times[index]!);
        // 15 s after the first failure (the next run), then doubling up to an hour: the same schedule for both.
        expect(gaps.slice(0, 4)).toEqual([15_000, 30_000, 60_000, 120_000]);
        for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
        expect(Math.max(...gaps)).toBeLessThanOrEqual(HOUR + DELIVERY_EVERY_MS);
        // The last attempt is the first one at or after the give-up time.
        expect(times.at(-1)).toBeGreaterThanOrEqual(window);
        expect(times.at(-2)).toBeLessThan(window);
        const [row] = (await listMessages(db)).filter((message) => message.id === id);
        expect(row).toMatchObject({
          attempts: times.length,
          deliveredAt: null,
          lastError: 'webhook: answered HTTP 503',
        });
        expect(row!.failedAt).toBe(new Date(T0 + times.at(-1)!).toISOString());
      }
    } finally {
      await closeTestDatabase(db);
    }
  });

  test('a receiver that recovers gets the message exactly once, the same id and payload on every attempt', async () => {
    const db = await freshDb();
    try {
      const clock = { now: T0 };
      await queue(db, 'evt-42');
      const { send, calls } = recording(2, () => clock.now);
      await runEvery(db, send, T0, T0 + 24 * HOUR, clock);
      expect(calls).toHaveLength(3);
      expect(new Set(calls.map((call) => call.row.id))).toEqual(new Set(['evt-42']));
      expect(new Set(calls.map((call) => call.row.payload)).size).toBe(1);
      expect((await listMessages(db))[0]).toMatchObject({
        attempts: 3,
        lastError: null,
        failedAt: null,
        deliveredAt: new Date(calls[2]!.at).toISOString(),
      });
    } finally {
      await closeTestDatabase(db);
    }
  });

  test('channels are independent: a failing email does not hold back the webhook of the same event', async () => {
    const db = await freshDb();
    try {
      await queue(db, 'evt-1', { channels: ['webhook', 'email'] });
      const send = async (row: MessageRow) => {
        if (row.channel === 'email') throw new DeliveryError('email: 554 refused');
      };
      expect(await deliverDue({ db, send, log, now: () => T0 })).toBe(2);
      const rows = Object.fromEntries((await listMessages(db)).map((row) => [row.channel, row]));
      expect(rows.webhook!.deliveredAt).not.toBeNull();
      expect(rows.email).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'email: 554 refused' });
    } finally {
      await closeTestDatabase(db);
    }
  });
});

describe.each(DIALECTS)('%s: several processes on one outbox', (dialect) => {
  test('two deliveries running at once deliver every message exactly once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      const ids = Array.from({ length: 30 }, (_, i) => `evt-${String(i).padStart(2, '0')}`);
      for (const id of ids) await queue(first, id, { at: Date.now() });
      const sent: string[] = [];
      const send = async (row: MessageRow) => {
        sent.push(row.id);
        // A receiver that takes a moment, so the two runs overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
      await Promise.all([deliverDue({ db: first, send, log }), deliverDue({ db: second, send, log })]);
      expect([...sent].sort()).toEqual(ids);
      const rows = await listMessages(second);
      expect(rows).toHaveLength(30);
      for (const row of rows)
        expect(row).toMatchObject({ attempts: 1, deliveredAt: expect.any(String), lastError: null });
    } finally {
      await close();
    }
  });

  test('an attempt another process has claimed is left to it until its lease runs out, then made once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      let clock = T0;
      const now = () => clock;
      await queue(first, 'evt-1');
      let answer: () => void = () => undefined;
      let claimed!: () => void;
      const attempted = new Promise<void>((resolve) => (claimed = resolve));
      // The first process's attempt hangs (it will die, or answer much later).
      const hanging = deliverDue({
        db: first,
        send: () => {
          claimed();
          return new Promise<void>((resolve) => (answer = resolve));
        },
        log,
        now,
      });
      await attempted;
      const { send, calls } = recording(0, now);
      clock = T0 + ATTEMPT_LEASE_MS - 1;
      expect(await deliverDue({ db: second, send, log, now })).toBe(0);
      // The lease is over: the attempt is made again, once, however many runs look.
      clock = T0 + ATTEMPT_LEASE_MS;
      await Promise.all([deliverDue({ db: second, send, log, now }), deliverDue({ db: second, send, log, now })]);
      expect(calls.map((call) => call.row.id)).toEqual(['evt-1']);
      expect((await listMessages(second))[0]).toMatchObject({ attempts: 2, deliveredAt: expect.any(String) });
      // The first process's late answer changes nothing.
      answer();
      await hanging;
      expect((await listMessages(second))[0]).toMatchObject({ attempts: 2, lastError: null });
    } finally {
      await close();
    }
  });
});
