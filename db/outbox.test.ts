import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import {
  claimAttempt,
  deleteEventsOfLead,
  deliveryStateOf,
  dueEvents,
  enqueueEvent,
  listOutbox,
  markAttemptFailed,
  markDelivered,
  nextDueAt,
  type Channel,
} from '#db/outbox.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { openTwoHandles } from '#test/helpers/two-processes.ts';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');

function queue(db: Db, eventId: string, channels: Channel[] = ['webhook', 'email'], leadId = 1, at = T0) {
  const createdAt = new Date(at).toISOString();
  return enqueueEvent(
    db,
    {
      eventId,
      event: 'contact.created',
      payload: JSON.stringify({ id: eventId }),
      createdAt,
      leadType: 'contact',
      leadId,
    },
    channels,
    at,
  );
}

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await closeTestDatabase(db);
  });

  test('an event is queued once per channel, due at once; nothing is queued without channels', async () => {
    await queue(db, 'evt-1');
    await queue(db, 'evt-none', []);
    expect(await listOutbox(db)).toEqual([
      expect.objectContaining({ eventId: 'evt-1', channel: 'webhook', attempts: 0, nextAttemptAt: T0 }),
      expect.objectContaining({ eventId: 'evt-1', channel: 'email', attempts: 0, nextAttemptAt: T0 }),
    ]);
    expect(await nextDueAt(db)).toBe(T0);
    expect((await dueEvents(db, T0 - 1, 10)).length).toBe(0);
    expect((await dueEvents(db, T0 - 1, 10, true)).length).toBe(2);
    expect((await dueEvents(db, T0, 1)).map((row) => row.channel)).toEqual(['webhook']);
  });

  test('a claim counts the attempt and holds the row until its lease ends; a second claim of what was read loses', async () => {
    await queue(db, 'evt-1', ['webhook']);
    const [row] = await dueEvents(db, T0, 10);
    expect(await claimAttempt(db, 'evt-1', 'webhook', row!.nextAttemptAt, T0 + 60_000)).toBe(true);
    expect(await claimAttempt(db, 'evt-1', 'webhook', row!.nextAttemptAt, T0 + 60_000)).toBe(false);
    expect(await dueEvents(db, T0 + 59_999, 10)).toEqual([]);
    expect(await listOutbox(db)).toEqual([expect.objectContaining({ attempts: 1, nextAttemptAt: T0 + 60_000 })]);
  });

  test('a failed attempt sets the retry time while its claim holds; a late answer after another claim changes nothing', async () => {
    await queue(db, 'evt-1', ['webhook']);
    expect(await claimAttempt(db, 'evt-1', 'webhook', T0, T0 + 60_000)).toBe(true);
    const failure = { error: 'x'.repeat(600), leaseUntil: T0 + 60_000, retryAt: T0 + 15_000, giveUpAt: null };
    expect(await markAttemptFailed(db, 'evt-1', 'webhook', failure)).toBe(true);
    const [failed] = await listOutbox(db);
    expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 15_000, failedAt: null });
    expect(failed!.lastError).toHaveLength(500);
    // The lease ran out and another process claimed the row: the first process's late answer is ignored.
    expect(await claimAttempt(db, 'evt-1', 'webhook', T0 + 15_000, T0 + 200_000)).toBe(true);
    expect(await markAttemptFailed(db, 'evt-1', 'webhook', failure)).toBe(false);
    expect(await listOutbox(db)).toEqual([expect.objectContaining({ attempts: 2, nextAttemptAt: T0 + 200_000 })]);
    await markDelivered(db, 'evt-1', 'webhook', '2026-11-23T10:03:00.000Z');
    expect(await claimAttempt(db, 'evt-1', 'webhook', T0 + 200_000, T0 + 300_000)).toBe(false);
    expect(await nextDueAt(db)).toBeNull();
  });

  test('delivery state per lead counts pending, delivered and failed rows; deleting a lead drops its rows', async () => {
    expect(await deliveryStateOf(db, 'contact', 1)).toEqual({ pending: 0, delivered: 0, failed: 0, lastError: null });
    await queue(db, 'evt-1', ['webhook', 'email'], 1);
    await queue(db, 'evt-2', ['webhook', 'email'], 2);
    await markDelivered(db, 'evt-1', 'webhook', '2026-11-23T10:00:01.000Z');
    await claimAttempt(db, 'evt-1', 'email', T0, T0 + 60_000);
    await markAttemptFailed(db, 'evt-1', 'email', {
      error: 'email: answered 550',
      leaseUntil: T0 + 60_000,
      retryAt: T0 + 15_000,
      giveUpAt: '2026-11-26T10:00:00.000Z',
    });
    expect(await deliveryStateOf(db, 'contact', 1)).toEqual({
      pending: 0,
      delivered: 1,
      failed: 1,
      lastError: 'email: answered 550',
    });
    expect(await deliveryStateOf(db, 'contact', 2)).toEqual({ pending: 2, delivered: 0, failed: 0, lastError: null });
    await deleteEventsOfLead(db, 'contact', 1);
    expect((await listOutbox(db)).map((row) => row.eventId)).toEqual(['evt-2', 'evt-2']);
  });
});

describe.each(DIALECTS)('%s, two processes on one database', (dialect) => {
  test('both read the same due row and claim it at once: exactly one wins, the attempt is counted once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      for (let round = 0; round < 20; round += 1) {
        const eventId = `evt-${round}`;
        await queue(first, eventId, ['webhook']);
        const [seenByFirst] = (await dueEvents(first, T0, 100)).filter((row) => row.eventId === eventId);
        const [seenBySecond] = (await dueEvents(second, T0, 100)).filter((row) => row.eventId === eventId);
        const claims = await Promise.all([
          claimAttempt(first, eventId, 'webhook', seenByFirst!.nextAttemptAt, T0 + 300_000),
          claimAttempt(second, eventId, 'webhook', seenBySecond!.nextAttemptAt, T0 + 300_000),
        ]);
        expect(claims.filter(Boolean)).toHaveLength(1);
        const [row] = (await listOutbox(second)).filter((entry) => entry.eventId === eventId);
        expect(row).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 300_000 });
      }
    } finally {
      await close();
    }
  });
});
