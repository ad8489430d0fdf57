import { afterEach, describe, expect, test, vi } from 'vitest';
import { openDatabase, type Db } from '#db/index.ts';
import { enqueueEvent, listOutbox, type Channel } from '#db/outbox.ts';
import { createLogger } from '#server/lib/logger.ts';
import { DeliveryError, type QueuedEvent, type Sender } from './delivery-types.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { openTwoHandles } from '#test/helpers/two-processes.ts';
import {
  ATTEMPT_LEASE_MS,
  createDeliveryWorker,
  GIVE_UP_AFTER_MS,
  retryDelay,
  SHARED_POLL_MS,
} from './delivery-worker.ts';

afterEach(() => {
  vi.useRealTimers();
});

const log = createLogger('silent');
const T0 = Date.parse('2026-11-23T10:00:00.000Z');

/** Queues one event per channel, created at `at` (the fake clock's now by default). */
async function queue(db: Db, channels: Channel[] = ['webhook'], id = 'evt-1', at = Date.now()) {
  const createdAt = new Date(at).toISOString();
  const payload = JSON.stringify({ id, event: 'contact.created', createdAt, data: { id: 1, name: 'Asha' } });
  await enqueueEvent(
    db,
    { eventId: id, event: 'contact.created', payload, createdAt, leadType: 'contact', leadId: 1 },
    channels,
    at,
  );
}

/**
 * An in-memory SQLite database with one queued event per channel. The schedule is followed on
 * fake timers, which only SQLite's in-process queries keep pace with; the suites at the end run on
 * both databases with real timers.
 */
async function queued(channels: Channel[] = ['webhook'], id = 'evt-1') {
  const db = await openDatabase(':memory:');
  await queue(db, channels, id);
  return db;
}

/** A sender that fails `failures` times (forever by default), recording when and what it was asked to send. */
function recordingSender(failures = Infinity, channel: Channel = 'webhook') {
  const calls: Array<{ at: number; event: QueuedEvent }> = [];
  const sender: Sender = {
    channel,
    async send(event) {
      calls.push({ at: Date.now(), event });
      if (calls.length <= failures) throw new DeliveryError(`${channel}: answered HTTP 503`);
    },
  };
  return { sender, calls };
}

test('retry delays: the first within 30 s, then doubling, capped at an hour', () => {
  expect(retryDelay(1)).toBeLessThanOrEqual(30_000);
  const delays = Array.from({ length: 12 }, (_, index) => retryDelay(index + 1));
  for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
  expect(delays.at(-1)).toBe(60 * 60_000);
});

test('a failing receiver is retried on the backoff schedule for over a day, then given up', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await queued();
  const { sender, calls } = recordingSender();
  const worker = createDeliveryWorker({ db, senders: [sender], log });
  worker.start();
  await worker.idle();
  expect(calls.map((call) => call.at)).toEqual([T0]);

  await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS + 2 * 60 * 60_000);
  const times = calls.map((call) => call.at - T0);
  const gaps = times.slice(1).map((time, index) => time - times[index]!);
  expect(gaps[0]).toBeLessThanOrEqual(30_000);
  for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
  expect(times.at(-1)).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  const [row] = await listOutbox(db);
  expect(row).toMatchObject({ attempts: calls.length, deliveredAt: null, lastError: 'webhook: answered HTTP 503' });
  expect(row!.failedAt).not.toBeNull();

  // Given up: no further attempts however long the server runs.
  const made = calls.length;
  await vi.advanceTimersByTimeAsync(7 * 24 * 60 * 60_000);
  expect(calls).toHaveLength(made);
  await worker.stop();
});

test('a receiver that recovers gets the event exactly once, with the stored body and id', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await queued(['webhook'], 'evt-42');
  const { sender, calls } = recordingSender(2);
  const worker = createDeliveryWorker({ db, senders: [sender], log });
  worker.start();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(calls).toHaveLength(3);
  expect(new Set(calls.map((call) => call.event.id))).toEqual(new Set(['evt-42']));
  expect(calls[2]!.event.body).toBe((await listOutbox(db))[0]!.payload);
  expect((await listOutbox(db))[0]).toMatchObject({
    attempts: 3,
    lastError: null,
    failedAt: null,
    deliveredAt: new Date(calls[2]!.at).toISOString(),
  });
  await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
  expect(calls).toHaveLength(3);
  await worker.stop();
});

test('channels are independent: a failing email does not hold back the webhook', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await queued(['webhook', 'email']);
  const webhook = recordingSender(0, 'webhook');
  const email = recordingSender(Infinity, 'email');
  const worker = createDeliveryWorker({ db, senders: [webhook.sender, email.sender], log });
  worker.start();
  await worker.idle();
  const rows = Object.fromEntries((await listOutbox(db)).map((row) => [row.channel, row]));
  expect(rows.webhook!.deliveredAt).not.toBeNull();
  expect(rows.email).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'email: answered HTTP 503' });
  await worker.stop();
});

test('an attempt cut off by a crash is made again: a restarted worker delivers every pending event at once', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await queued();
  // The first process claimed the attempt and died before the receiver answered.
  const hanging: Sender = { channel: 'webhook', send: () => new Promise<void>(() => undefined) };
  createDeliveryWorker({ db, senders: [hanging], log }).start();
  await vi.advanceTimersByTimeAsync(0);
  expect((await listOutbox(db))[0]).toMatchObject({ attempts: 1, deliveredAt: null });
  // The next process (same database) does not wait for the retry time.
  const { sender, calls } = recordingSender(0);
  const restarted = createDeliveryWorker({ db, senders: [sender], log });
  restarted.start();
  await restarted.idle();
  expect(calls.map((call) => call.event.id)).toEqual(['evt-1']);
  expect((await listOutbox(db))[0]).toMatchObject({ attempts: 2, failedAt: null });
  expect((await listOutbox(db))[0]!.deliveredAt).not.toBeNull();
  await restarted.stop();
});

test('a kick delivers a newly queued event straight away; an empty outbox leaves no timer behind', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await openDatabase(':memory:');
  const { sender, calls } = recordingSender(0);
  const worker = createDeliveryWorker({ db, senders: [sender], log });
  worker.start();
  await worker.idle();
  expect(vi.getTimerCount()).toBe(0);
  const payload = JSON.stringify({
    id: 'evt-new',
    event: 'article.created',
    createdAt: new Date().toISOString(),
    data: {},
  });
  await enqueueEvent(
    db,
    {
      eventId: 'evt-new',
      event: 'article.created',
      payload,
      createdAt: new Date().toISOString(),
      leadType: 'article',
      leadId: 7,
    },
    ['webhook'],
    Date.now(),
  );
  worker.kick();
  await worker.idle();
  expect(calls.map((call) => call.event.id)).toEqual(['evt-new']);
  expect(vi.getTimerCount()).toBe(0);
  await worker.stop();
});

describe.each(DIALECTS)('%s: several processes on one outbox', (dialect) => {
  test('two workers polling one outbox at once deliver every event exactly once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      const ids = Array.from({ length: 30 }, (_, i) => `evt-${String(i).padStart(2, '0')}`);
      for (const id of ids) await queue(first, ['webhook'], id);
      const sent: string[] = [];
      const sender = (): Sender => ({
        channel: 'webhook',
        async send(event) {
          sent.push(event.id);
          // A receiver that takes a moment, so the two workers' passes overlap.
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      const workers = [
        createDeliveryWorker({ db: first, senders: [sender()], log, sharedOutbox: true }),
        createDeliveryWorker({ db: second, senders: [sender()], log, sharedOutbox: true }),
      ];
      for (const worker of workers) worker.start();
      await Promise.all(workers.map((worker) => worker.idle()));
      expect([...sent].sort()).toEqual(ids);
      const rows = await listOutbox(second);
      expect(rows).toHaveLength(30);
      for (const row of rows)
        expect(row).toMatchObject({ attempts: 1, deliveredAt: expect.any(String), lastError: null });
      await Promise.all(workers.map((worker) => worker.stop()));
    } finally {
      await close();
    }
  });

  test('an attempt another process has claimed is left to it until its lease runs out, then made once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      let clock = T0;
      const now = () => clock;
      await queue(first, ['webhook'], 'evt-1', T0);
      let answer: () => void = () => undefined;
      const hanging: Sender = { channel: 'webhook', send: () => new Promise<void>((resolve) => (answer = resolve)) };
      const busy = createDeliveryWorker({ db: first, senders: [hanging], log, now, sharedOutbox: true });
      busy.start();
      await vi.waitUntil(async () => (await listOutbox(first))[0]!.attempts === 1);

      const { sender, calls } = recordingSender(0);
      const other = createDeliveryWorker({ db: second, senders: [sender], log, now, sharedOutbox: true });
      other.start();
      await other.idle();
      clock = T0 + ATTEMPT_LEASE_MS - 1;
      other.kick();
      await other.idle();
      expect(calls).toHaveLength(0);

      // The first process never answered: once the lease is over the attempt is made again, once.
      clock = T0 + ATTEMPT_LEASE_MS;
      other.kick();
      other.kick();
      await other.idle();
      expect(calls.map((call) => call.event.id)).toEqual(['evt-1']);
      expect((await listOutbox(second))[0]).toMatchObject({ attempts: 2, deliveredAt: expect.any(String) });
      await other.stop();
      const stopped = busy.stop();
      answer();
      await stopped;
    } finally {
      await close();
    }
  });
});

test('on a shared outbox a worker finds a lead another process stored, within SHARED_POLL_MS, without a kick', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await openDatabase(':memory:');
  const { sender, calls } = recordingSender(0);
  const worker = createDeliveryWorker({ db, senders: [sender], log, sharedOutbox: true });
  worker.start();
  await worker.idle();
  expect(calls).toHaveLength(0);
  // Another process (a web process, ROLE=web) stores a lead; it never tells this one.
  await queue(db, ['webhook'], 'evt-elsewhere');
  await vi.advanceTimersByTimeAsync(SHARED_POLL_MS);
  await worker.idle();
  expect(calls.map((call) => call.event.id)).toEqual(['evt-elsewhere']);
  expect((await listOutbox(db))[0]!.deliveredAt).not.toBeNull();
  await worker.stop();
  await db.destroy();
});

test('on a process-owned outbox nothing is polled: an idle worker sets no timer', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = await openDatabase(':memory:');
  const worker = createDeliveryWorker({ db, senders: [recordingSender(0).sender], log, sharedOutbox: false });
  worker.start();
  await worker.idle();
  expect(vi.getTimerCount()).toBe(0);
  await worker.stop();
  await db.destroy();
});
