import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import {
  claimMessage,
  deleteMessagesOfLead,
  deliveryStateOf,
  dueMessages,
  hasMessage,
  insertMessages,
  listMessages,
  makePendingDue,
  markMessageDelivered,
  markMessageFailed,
  type MessageChannel,
} from '#db/messages.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { openTwoHandles } from '#test/helpers/two-processes.ts';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const DAY = 24 * 60 * 60_000;

/** An event for the operator on each channel, about contact `leadId`. */
function queue(db: Db, id: string, channels: MessageChannel[] = ['webhook', 'email'], leadId = 1, at = T0) {
  const createdAt = new Date(at).toISOString();
  return insertMessages(
    db,
    channels.map((channel) => ({
      id,
      channel,
      kind: 'contact.created',
      recipient: 'operator' as const,
      payload: JSON.stringify({ id }),
      createdAt,
      giveUpAt: at + 3 * DAY,
      leadType: 'contact' as const,
      leadId,
    })),
    at,
  );
}

const webhookOf = (id: string) => ({ id, channel: 'webhook' as const });

/** The first attempt at an event's email, failed: retried 15 s later, or given up at `giveUpAt`. */
async function failEmailOnce(db: Db, id: string, error: string, giveUpAt: string | null) {
  const email = { id, channel: 'email' as const };
  expect(await claimMessage(db, { ...email, nextAttemptAt: T0 }, T0 + 60_000)).toBe(true);
  expect(await markMessageFailed(db, email, { error, leaseUntil: T0 + 60_000, retryAt: T0 + 15_000, giveUpAt })).toBe(
    true,
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

  test('a message is stored once per channel, due at once, with what it is about and its give-up time', async () => {
    await queue(db, 'evt-1');
    await queue(db, 'evt-none', []);
    expect(await listMessages(db)).toEqual([
      expect.objectContaining({
        id: 'evt-1',
        channel: 'webhook',
        kind: 'contact.created',
        recipient: 'operator',
        leadType: 'contact',
        leadId: 1,
        monitorId: null,
        attempts: 0,
        nextAttemptAt: T0,
        giveUpAt: T0 + 3 * DAY,
      }),
      expect.objectContaining({ id: 'evt-1', channel: 'email', attempts: 0, nextAttemptAt: T0 }),
    ]);
    expect(await dueMessages(db, T0 - 1, 10)).toEqual([]);
    expect((await dueMessages(db, T0, 1)).map((row) => row.channel)).toEqual(['webhook']);
    expect(await hasMessage(db, 'evt-1')).toBe(true);
    expect(await hasMessage(db, 'evt-none')).toBe(false);
  });

  test('a claim counts the attempt and holds the row until its lease ends; a second claim of what was read loses', async () => {
    await queue(db, 'evt-1', ['webhook']);
    const [row] = await dueMessages(db, T0, 10);
    expect(await claimMessage(db, row!, T0 + 60_000)).toBe(true);
    expect(await claimMessage(db, row!, T0 + 60_000)).toBe(false);
    expect(await dueMessages(db, T0 + 59_999, 10)).toEqual([]);
    expect(await listMessages(db)).toEqual([expect.objectContaining({ attempts: 1, nextAttemptAt: T0 + 60_000 })]);
  });

  test('a failed attempt sets the retry time while its claim holds; a late answer after another claim changes nothing', async () => {
    await queue(db, 'evt-1', ['webhook']);
    expect(await claimMessage(db, { ...webhookOf('evt-1'), nextAttemptAt: T0 }, T0 + 60_000)).toBe(true);
    const failure = { error: 'x'.repeat(600), leaseUntil: T0 + 60_000, retryAt: T0 + 15_000, giveUpAt: null };
    expect(await markMessageFailed(db, webhookOf('evt-1'), failure)).toBe(true);
    const [failed] = await listMessages(db);
    expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 15_000, failedAt: null });
    expect(failed!.lastError).toHaveLength(500);
    // The lease ran out and another process claimed the row: the first process's late answer is ignored.
    expect(await claimMessage(db, { ...webhookOf('evt-1'), nextAttemptAt: T0 + 15_000 }, T0 + 200_000)).toBe(true);
    expect(await markMessageFailed(db, webhookOf('evt-1'), failure)).toBe(false);
    expect(await listMessages(db)).toEqual([expect.objectContaining({ attempts: 2, nextAttemptAt: T0 + 200_000 })]);
    await markMessageDelivered(db, webhookOf('evt-1'), '2026-11-23T10:03:00.000Z');
    expect(await claimMessage(db, { ...webhookOf('evt-1'), nextAttemptAt: T0 + 200_000 }, T0 + 300_000)).toBe(false);
    expect(await dueMessages(db, T0 + 7 * DAY, 10)).toEqual([]);
  });

  test('at the start of the one process of a file, every waiting message is due at once, claimed or not', async () => {
    await queue(db, 'evt-1', ['webhook', 'email']);
    await queue(db, 'evt-2', ['webhook'], 2);
    // evt-1's webhook was claimed by a process that died; its email waits for a retry; evt-2 was delivered.
    await claimMessage(db, { ...webhookOf('evt-1'), nextAttemptAt: T0 }, T0 + 300_000);
    await failEmailOnce(db, 'evt-1', 'down', null);
    await markMessageDelivered(db, webhookOf('evt-2'), '2026-11-23T10:00:01.000Z');
    expect(await makePendingDue(db, T0 + 1_000)).toBe(2);
    expect((await dueMessages(db, T0 + 1_000, 10)).map((row) => [row.id, row.channel, row.attempts])).toEqual([
      ['evt-1', 'webhook', 1],
      ['evt-1', 'email', 1],
    ]);
  });

  test('delivery state per lead counts pending, delivered and failed rows; deleting a lead drops its rows', async () => {
    expect(await deliveryStateOf(db, 'contact', 1)).toEqual({ pending: 0, delivered: 0, failed: 0, lastError: null });
    await queue(db, 'evt-1', ['webhook', 'email'], 1);
    await queue(db, 'evt-2', ['webhook', 'email'], 2);
    await markMessageDelivered(db, webhookOf('evt-1'), '2026-11-23T10:00:01.000Z');
    await failEmailOnce(db, 'evt-1', 'email: answered 550', '2026-11-26T10:00:00.000Z');
    expect(await deliveryStateOf(db, 'contact', 1)).toEqual({
      pending: 0,
      delivered: 1,
      failed: 1,
      lastError: 'email: answered 550',
    });
    expect(await deliveryStateOf(db, 'contact', 2)).toEqual({ pending: 2, delivered: 0, failed: 0, lastError: null });
    await deleteMessagesOfLead(db, 'contact', 1);
    expect((await listMessages(db)).map((row) => row.id)).toEqual(['evt-2', 'evt-2']);
  });
});

describe.each(DIALECTS)('%s, two processes on one database', (dialect) => {
  test('both read the same due row and claim it at once: exactly one wins, the attempt is counted once', async () => {
    const { first, second, close } = await openTwoHandles(dialect);
    try {
      for (let round = 0; round < 20; round += 1) {
        const id = `evt-${round}`;
        await queue(first, id, ['webhook']);
        const [seenByFirst] = (await dueMessages(first, T0, 100)).filter((row) => row.id === id);
        const [seenBySecond] = (await dueMessages(second, T0, 100)).filter((row) => row.id === id);
        const claims = await Promise.all([
          claimMessage(first, seenByFirst!, T0 + 300_000),
          claimMessage(second, seenBySecond!, T0 + 300_000),
        ]);
        expect(claims.filter(Boolean)).toHaveLength(1);
        const [row] = (await listMessages(second)).filter((entry) => entry.id === id);
        expect(row).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 300_000 });
      }
    } finally {
      await close();
    }
  });
});
