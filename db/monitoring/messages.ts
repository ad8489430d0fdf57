import type { Db } from '../index.ts';
import type { Tables } from '../schema.ts';

export type MessageChannel = Tables['monitor_messages']['channel'];
export type MessagePurpose = Tables['monitor_messages']['purpose'];

export interface MessageRow {
  id: string;
  monitorId: string;
  runId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  payload: string;
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: string | null;
  failedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface NewMessage {
  id: string;
  monitorId: string;
  runId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  payload: string;
  createdAt: string;
}

const MESSAGE_COLUMNS = [
  'id',
  'monitor_id as monitorId',
  'run_id as runId',
  'channel',
  'purpose',
  'payload',
  'attempts',
  'next_attempt_at as nextAttemptAt',
  'delivered_at as deliveredAt',
  'failed_at as failedAt',
  'last_error as lastError',
  'created_at as createdAt',
] as const;

function toMessage(row: MessageRow): MessageRow {
  return { ...row, attempts: Number(row.attempts), nextAttemptAt: Number(row.nextAttemptAt) };
}

export async function enqueueMessages(db: Db, messages: NewMessage[], now: number): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('monitor_messages')
    .values(
      messages.map((message) => ({
        id: message.id,
        monitor_id: message.monitorId,
        run_id: message.runId,
        channel: message.channel,
        purpose: message.purpose,
        payload: message.payload,
        next_attempt_at: now,
        delivered_at: null,
        failed_at: null,
        last_error: null,
        created_at: message.createdAt,
      })),
    )
    .execute();
}

export async function dueMessages(db: Db, now: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('monitor_messages')
    .select(MESSAGE_COLUMNS)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

export async function nextMessageDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('monitor_messages')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** Claims the next attempt (as db/outbox.ts claimAttempt): exactly one of several processes wins. */
export async function claimMessage(db: Db, id: string, seenNextAttemptAt: number, leaseUntil: number) {
  const result = await db
    .updateTable('monitor_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', id)
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMessageDelivered(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('monitor_messages').set({ delivered_at: at, last_error: null }).where('id', '=', id).execute();
}

export async function markMessageFailed(
  db: Db,
  id: string,
  failure: { error: string; leaseUntil: number; retryAt: number; giveUpAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('monitor_messages')
    .set({ last_error: failure.error.slice(0, 500), failed_at: failure.giveUpAt, next_attempt_at: failure.retryAt })
    .where('id', '=', id)
    .where('next_attempt_at', '=', failure.leaseUntil)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listMessages(db: Db, monitorId?: string): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('monitor_messages')
    .select(MESSAGE_COLUMNS)
    .$if(monitorId !== undefined, (qb) => qb.where('monitor_id', '=', monitorId!))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}

/** Whether a message with this id was ever queued (the monthly client report's once-per-month id). */
export async function hasMessage(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('monitor_messages').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// ---- Leads and the signing key.
