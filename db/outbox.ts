import type { Expression, SqlBool } from 'kysely';
import type { Db } from '#db/index.ts';
import type { Tables } from '#db/schema.ts';

/** How a lead reaches the operator; one outbox row per configured channel. */
export type Channel = Tables['outbox']['channel'];
export type LeadType = Tables['outbox']['lead_type'];
export type OutboxEventName = Tables['outbox']['event'];

export interface OutboxRow {
  eventId: string;
  channel: Channel;
  event: string;
  /** The exact JSON body sent (and signed) on every attempt. */
  payload: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: string | null;
  failedAt: string | null;
  lastError: string | null;
}

export interface NewOutboxEvent {
  eventId: string;
  event: OutboxEventName;
  payload: string;
  createdAt: string;
  leadType: LeadType;
  leadId: number;
}

const COLUMNS = [
  'event_id as eventId',
  'channel',
  'event',
  'payload',
  'created_at as createdAt',
  'attempts',
  'next_attempt_at as nextAttemptAt',
  'delivered_at as deliveredAt',
  'failed_at as failedAt',
  'last_error as lastError',
] as const;

/** Queues the event once per channel; run inside the transaction that stores the lead. */
export async function enqueueEvent(
  db: Db,
  event: NewOutboxEvent,
  channels: readonly Channel[],
  now: number,
): Promise<void> {
  if (channels.length === 0) return;
  await db
    .insertInto('outbox')
    .values(
      channels.map((channel) => ({
        event_id: event.eventId,
        channel,
        event: event.event,
        payload: event.payload,
        created_at: event.createdAt,
        lead_type: event.leadType,
        lead_id: event.leadId,
        next_attempt_at: now,
      })),
    )
    .execute();
}

/**
 * Undelivered rows whose time has come (all of them with `ignoreSchedule`, as after a restart),
 * oldest first; webhook before email within an event, as they were queued.
 */
export async function dueEvents(db: Db, now: number, limit: number, ignoreSchedule = false): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .select(COLUMNS)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .$if(!ignoreSchedule, (qb) => qb.where('next_attempt_at', '<=', now))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .orderBy('event_id')
    .orderBy('channel', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Claims the next attempt at a row, recording it before it is made: `attempts` goes up and the row
 * is not due again before `leaseUntil`, so a process that dies mid-delivery leaves it due again
 * (at least once; receivers dedupe by event id). The claim only takes a row still as it was read
 * (`seenNextAttemptAt`) and still undelivered: of several processes (or passes) reading the same
 * due row, exactly one wins; the others get false and leave it alone.
 */
export async function claimAttempt(
  db: Db,
  eventId: string,
  channel: Channel,
  seenNextAttemptAt: number,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('event_id', '=', eventId)
    .where('channel', '=', channel)
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markDelivered(db: Db, eventId: string, channel: Channel, at: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ delivered_at: at, last_error: null })
    .where('event_id', '=', eventId)
    .where('channel', '=', channel)
    .execute();
}

/**
 * A failed attempt: the next one is due at `retryAt`, or never when `giveUpAt` is set (the retry
 * window is over). Only while the attempt's claim still holds (`leaseUntil`) and nothing was
 * delivered: a late answer never undoes another process's later attempt. False when it no longer did.
 */
export async function markAttemptFailed(
  db: Db,
  eventId: string,
  channel: Channel,
  failure: { error: string; leaseUntil: number; retryAt: number; giveUpAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ last_error: failure.error.slice(0, 500), failed_at: failure.giveUpAt, next_attempt_at: failure.retryAt })
    .where('event_id', '=', eventId)
    .where('channel', '=', channel)
    .where('next_attempt_at', '=', failure.leaseUntil)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the next undelivered row is due, if any. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export async function listOutbox(db: Db): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .select(COLUMNS)
    .orderBy('created_at')
    .orderBy('event_id')
    .orderBy('channel', 'desc')
    .execute();
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
    .selectFrom('outbox')
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
export async function deleteEventsOfLead(db: Db, leadType: LeadType, leadId: number): Promise<void> {
  await db.deleteFrom('outbox').where('lead_type', '=', leadType).where('lead_id', '=', leadId).execute();
}
