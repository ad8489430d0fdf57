import type { Expression, SqlBool } from 'kysely';
import type { Db } from '#db/index.ts';
import type { Tables } from '#db/schema.ts';

/**
 * The one outbox (docs/decisions/0049): every mail and webhook the site sends, one row per message
 * and channel, delivered with retries by server/lib/messaging. Each attempt is claimed before it is
 * made, so of several processes exactly one makes it, and one that dies mid-attempt leaves the row
 * due again once its lease ends: at least once, with the same id on every attempt.
 */

type Row = Tables['messages'];
export type MessageChannel = Row['channel'];
export type MessageRecipient = Row['recipient'];
export type LeadType = NonNullable<Row['lead_type']>;

export interface MessageRow {
  id: string;
  channel: MessageChannel;
  kind: string;
  recipient: MessageRecipient;
  /** The exact JSON stored: sent (and signed) the same on every attempt. */
  payload: string;
  leadType: LeadType | null;
  leadId: number | null;
  monitorId: string | null;
  runId: string | null;
  attempts: number;
  nextAttemptAt: number;
  giveUpAt: number;
  deliveredAt: string | null;
  failedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export type NewMessageRow = Pick<MessageRow, 'id' | 'channel' | 'kind' | 'recipient' | 'payload' | 'createdAt'> &
  Partial<Pick<MessageRow, 'leadType' | 'leadId' | 'monitorId' | 'runId'>> & {
    /** After this (ms since the epoch) a failed attempt is the last. */
    giveUpAt: number;
  };

const COLUMNS = [
  'id',
  'channel',
  'kind',
  'recipient',
  'payload',
  'lead_type as leadType',
  'lead_id as leadId',
  'monitor_id as monitorId',
  'run_id as runId',
  'attempts',
  'next_attempt_at as nextAttemptAt',
  'give_up_at as giveUpAt',
  'delivered_at as deliveredAt',
  'failed_at as failedAt',
  'last_error as lastError',
  'created_at as createdAt',
] as const;

const undelivered = (db: Db) =>
  db.selectFrom('messages').where('delivered_at', 'is', null).where('failed_at', 'is', null);

/** Stores messages, due at `now`; inside the transaction that stores what they are about. */
export async function insertMessages(db: Db, messages: readonly NewMessageRow[], now: number): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('messages')
    .values(
      messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        kind: message.kind,
        recipient: message.recipient,
        payload: message.payload,
        lead_type: message.leadType ?? null,
        lead_id: message.leadId ?? null,
        monitor_id: message.monitorId ?? null,
        run_id: message.runId ?? null,
        next_attempt_at: now,
        give_up_at: message.giveUpAt,
        created_at: message.createdAt,
      })),
    )
    .execute();
}

/** Undelivered rows whose time has come, oldest first; webhook before email within an event. */
export async function dueMessages(db: Db, now: number, limit: number): Promise<MessageRow[]> {
  return undelivered(db)
    .select(COLUMNS)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .orderBy('id')
    .orderBy('channel', 'desc')
    .limit(limit)
    .execute();
}

/** Whether any message is due at `now` (the delivery's look before it starts a thread). */
export async function hasDueMessages(db: Db, now: number): Promise<boolean> {
  const row = await undelivered(db).select('id').where('next_attempt_at', '<=', now).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the next attempt at a row, recording it before it is made: `attempts` goes up and the row
 * is not due again before `leaseUntil`. Only a row still as it was read (`seenNextAttemptAt`) and
 * undelivered: of several processes reading the same due row, exactly one wins.
 */
export async function claimMessage(
  db: Db,
  row: Pick<MessageRow, 'id' | 'channel' | 'nextAttemptAt'>,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', row.id)
    .where('channel', '=', row.channel)
    .where('next_attempt_at', '=', row.nextAttemptAt)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMessageDelivered(db: Db, row: Pick<MessageRow, 'id' | 'channel'>, at: string) {
  await db
    .updateTable('messages')
    .set({ delivered_at: at, last_error: null })
    .where('id', '=', row.id)
    .where('channel', '=', row.channel)
    .execute();
}

/**
 * A failed attempt: the next one is due at `retryAt`, or never when `giveUpAt` is set. Only while
 * the attempt's claim still holds (`leaseUntil`) and nothing was delivered: a late answer never
 * undoes another process's later attempt. False when it no longer did.
 */
export async function markMessageFailed(
  db: Db,
  row: Pick<MessageRow, 'id' | 'channel'>,
  failure: { error: string; leaseUntil: number; retryAt: number; giveUpAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ last_error: failure.error.slice(0, 500), failed_at: failure.giveUpAt, next_attempt_at: failure.retryAt })
    .where('id', '=', row.id)
    .where('channel', '=', row.channel)
    .where('next_attempt_at', '=', failure.leaseUntil)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every undelivered row is due now: for the one process that owns a SQLite file, at its start, when
 * nothing can be in flight (a claim left by a process that was killed would otherwise wait out its lease).
 */
export async function makePendingDue(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ next_attempt_at: now })
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The messages about a monitor, or every message, oldest first (webhook before email within an event). */
export async function listMessages(db: Db, about: { monitorId?: string } = {}): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .select(COLUMNS)
    .$if(about.monitorId !== undefined, (qb) => qb.where('monitor_id', '=', about.monitorId!))
    .orderBy('created_at')
    .orderBy('id')
    .orderBy('channel', 'desc')
    .execute();
}

/** Whether a message with this id was ever stored (the monthly client report's once-per-month id). */
export async function hasMessage(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface DeliveryState {
  pending: number;
  delivered: number;
  failed: number;
  lastError: string | null;
}

/** Delivery state of one lead across its channels, for the admin inbox. */
export async function deliveryStateOf(db: Db, leadType: LeadType, leadId: number): Promise<DeliveryState> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => {
      // SUM(CASE WHEN … THEN 1 ELSE 0 END): counts the rows where it holds, the same way on both databases.
      const count = (condition: Expression<SqlBool>) =>
        eb.fn.sum<number | null>(eb.case().when(condition).then(1).else(0).end());
      return [
        count(eb.and([eb('delivered_at', 'is', null), eb('failed_at', 'is', null)])).as('pending'),
        count(eb('delivered_at', 'is not', null)).as('delivered'),
        count(eb('failed_at', 'is not', null)).as('failed'),
        eb.fn.max('last_error').as('lastError'),
      ];
    })
    .where('lead_type', '=', leadType)
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending ?? 0),
    delivered: Number(row.delivered ?? 0),
    failed: Number(row.failed ?? 0),
    lastError: row.lastError ?? null,
  };
}

/** A deleted lead takes its queued and sent notifications with it (privacy requests). */
export async function deleteMessagesOfLead(db: Db, leadType: LeadType, leadId: number): Promise<void> {
  await db.deleteFrom('messages').where('lead_type', '=', leadType).where('lead_id', '=', leadId).execute();
}
