import { afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { enqueueEvent, listOutbox, type Channel } from '#db/outbox.ts';
import { createLogger } from '#server/lib/logger.ts';
import { DeliveryError, type QueuedEvent, type Sender } from './delivery-types.ts';
import { createDeliveryWorker, GIVE_UP_AFTER_MS, retryDelay } from './delivery-worker.ts';

afterEach(() => {
  vi.useRealTimers();
});

const log = createLogger('silent');
const T0 = Date.parse('2026-11-23T10:00:00.000Z');

/** A database with one queued event per channel, created at the fake clock's now. */
function queued(channels: Channel[] = ['webhook'], id = 'evt-1') {
  const db = openDatabase(':memory:');
  const createdAt = new Date(Date.now()).toISOString();
  const payload = JSON.stringify({ id, event: 'contact.created', createdAt, data: { id: 1, name: 'Asha' } });
  enqueueEvent(
    db,
    { eventId: id, event: 'contact.created', payload, createdAt, leadType: 'contact', leadId: 1 },
    channels,
    Date.now(),
  );
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
  const db = queued();
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
  const [row] = listOutbox(db);
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
  const db = queued(['webhook'], 'evt-42');
  const { sender, calls } = recordingSender(2);
  const worker = createDeliveryWorker({ db, senders: [sender], log });
  worker.start();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(calls).toHaveLength(3);
  expect(new Set(calls.map((call) => call.event.id))).toEqual(new Set(['evt-42']));
  expect(calls[2]!.event.body).toBe(listOutbox(db)[0]!.payload);
  expect(listOutbox(db)[0]).toMatchObject({
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
  const db = queued(['webhook', 'email']);
  const webhook = recordingSender(0, 'webhook');
  const email = recordingSender(Infinity, 'email');
  const worker = createDeliveryWorker({ db, senders: [webhook.sender, email.sender], log });
  worker.start();
  await worker.idle();
  const rows = Object.fromEntries(listOutbox(db).map((row) => [row.channel, row]));
  expect(rows.webhook!.deliveredAt).not.toBeNull();
  expect(rows.email).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'email: answered HTTP 503' });
  await worker.stop();
});

test('an attempt cut off by a crash is made again: a restarted worker delivers every pending event at once', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = queued();
  // The first process claimed the attempt and died before the receiver answered.
  const hanging: Sender = { channel: 'webhook', send: () => new Promise<void>(() => undefined) };
  createDeliveryWorker({ db, senders: [hanging], log }).start();
  await vi.advanceTimersByTimeAsync(0);
  expect(listOutbox(db)[0]).toMatchObject({ attempts: 1, deliveredAt: null });
  // The next process (same database) does not wait for the retry time.
  const { sender, calls } = recordingSender(0);
  const restarted = createDeliveryWorker({ db, senders: [sender], log });
  restarted.start();
  await restarted.idle();
  expect(calls.map((call) => call.event.id)).toEqual(['evt-1']);
  expect(listOutbox(db)[0]).toMatchObject({ attempts: 2, failedAt: null });
  expect(listOutbox(db)[0]!.deliveredAt).not.toBeNull();
  await restarted.stop();
});

test('a kick delivers a newly queued event straight away; an empty outbox leaves no timer behind', async () => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const db = openDatabase(':memory:');
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
  enqueueEvent(
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
