import type { Db } from '#db/index.ts';

/** How a lead reaches the operator; one outbox row per configured channel. */
export type Channel = 'webhook' | 'email';
export type LeadType = 'contact' | 'article';

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
  event: string;
  payload: string;
  createdAt: string;
  leadType: LeadType;
  leadId: number;
}

const COLUMNS = `event_id AS eventId, channel, event, payload, created_at AS createdAt, attempts,
  next_attempt_at AS nextAttemptAt, delivered_at AS deliveredAt, failed_at AS failedAt, last_error AS lastError`;

/** Queues the event once per channel; run inside the transaction that stores the lead. */
export function enqueueEvent(db: Db, event: NewOutboxEvent, channels: readonly Channel[], now: number): void {
  const insert = db.prepare(
    `INSERT INTO outbox (event_id, channel, event, payload, created_at, lead_type, lead_id, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const channel of channels)
    insert.run(event.eventId, channel, event.event, event.payload, event.createdAt, event.leadType, event.leadId, now);
}

/** Undelivered rows whose time has come (all of them with `ignoreSchedule`, as after a restart). */
export function dueEvents(db: Db, now: number, limit: number, ignoreSchedule = false): OutboxRow[] {
  return db
    .prepare(
      `SELECT ${COLUMNS} FROM outbox
       WHERE delivered_at IS NULL AND failed_at IS NULL AND (? OR next_attempt_at <= ?)
       ORDER BY next_attempt_at, created_at LIMIT ?`,
    )
    .all(ignoreSchedule ? 1 : 0, now, limit) as OutboxRow[];
}

/**
 * Records an attempt before it is made: if the process dies mid-delivery, the row is simply due
 * again at `retryAt` (at least once; receivers dedupe by event id).
 */
export function claimAttempt(db: Db, eventId: string, channel: Channel, retryAt: number): void {
  db.prepare('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE event_id = ? AND channel = ?').run(
    retryAt,
    eventId,
    channel,
  );
}

export function markDelivered(db: Db, eventId: string, channel: Channel, at: string): void {
  db.prepare('UPDATE outbox SET delivered_at = ?, last_error = NULL WHERE event_id = ? AND channel = ?').run(
    at,
    eventId,
    channel,
  );
}

/** A failed attempt; `giveUpAt` set when the retry window is over. */
export function markAttemptFailed(
  db: Db,
  eventId: string,
  channel: Channel,
  error: string,
  giveUpAt: string | null,
): void {
  db.prepare('UPDATE outbox SET last_error = ?, failed_at = ? WHERE event_id = ? AND channel = ?').run(
    error.slice(0, 500),
    giveUpAt,
    eventId,
    channel,
  );
}

/** When the next undelivered row is due, if any. */
export function nextDueAt(db: Db): number | null {
  const row = db
    .prepare('SELECT MIN(next_attempt_at) AS next FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL')
    .get() as { next: number | null };
  return row.next;
}

export function listOutbox(db: Db): OutboxRow[] {
  return db.prepare(`SELECT ${COLUMNS} FROM outbox ORDER BY created_at, channel`).all() as OutboxRow[];
}

export interface DeliveryState {
  pending: number;
  delivered: number;
  failed: number;
  lastError: string | null;
}

/** Delivery state of one lead across its channels, for the admin inbox. */
export function deliveryStateOf(db: Db, leadType: LeadType, leadId: number): DeliveryState {
  const row = db
    .prepare(
      `SELECT
         SUM(delivered_at IS NULL AND failed_at IS NULL) AS pending,
         SUM(delivered_at IS NOT NULL) AS delivered,
         SUM(failed_at IS NOT NULL) AS failed,
         MAX(last_error) AS lastError
       FROM outbox WHERE lead_type = ? AND lead_id = ?`,
    )
    .get(leadType, leadId) as {
    pending: number | null;
    delivered: number | null;
    failed: number | null;
    lastError: string | null;
  };
  return {
    pending: row.pending ?? 0,
    delivered: row.delivered ?? 0,
    failed: row.failed ?? 0,
    lastError: row.lastError,
  };
}

/** A deleted lead takes its queued and sent notifications with it (privacy requests). */
export function deleteEventsOfLead(db: Db, leadType: LeadType, leadId: number): void {
  db.prepare('DELETE FROM outbox WHERE lead_type = ? AND lead_id = ?').run(leadType, leadId);
}
