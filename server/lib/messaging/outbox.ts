import type { Db } from '#db/index.ts';
import { insertMessages, type LeadType, type MessageChannel, type NewMessageRow } from '#db/messages.ts';
import type { JobStarter } from '#server/lib/jobs/index.ts';
import type { EventBody } from './types.ts';

/*
 * How a feature puts a message in the one outbox: it builds the message (these helpers), stores it
 * in the transaction that stores what it is about (`queueMessages`), and after the commit asks for
 * a delivery (`deliverSoon`). It never sends.
 */

export const MESSAGE_DELIVERY_JOB = 'message-delivery';

/** What a message is about: a lead (the inbox shows its delivery) or a monitor and its run. */
export interface About {
  leadType?: LeadType;
  leadId?: number;
  monitorId?: string;
  runId?: string | null;
}

/** When a message is given up: its give-up window (the feature's) after it was made. */
export function giveUpAt(createdAt: string, giveUpAfterMs: number): number {
  return Date.parse(createdAt) + giveUpAfterMs;
}

/**
 * An event for the operator, one message per channel they configured: the same id on both, the
 * event itself as the payload (their webhook's URL and secret, their addresses and the mail's words
 * come from the configuration when it is sent).
 */
export function forOperator(
  event: EventBody,
  channels: readonly MessageChannel[],
  about: About,
  giveUpAfterMs: number,
): NewMessageRow[] {
  return channels.map((channel) => ({
    id: event.id,
    channel,
    kind: event.event,
    recipient: 'operator',
    payload: JSON.stringify(event),
    createdAt: event.createdAt,
    giveUpAt: giveUpAt(event.createdAt, giveUpAfterMs),
    ...about,
  }));
}

/** Stores messages, due at `now`; pass the transaction that stores what they are about. */
export function queueMessages(db: Db, messages: readonly NewMessageRow[], now = Date.now()): Promise<void> {
  return insertMessages(db, messages, now);
}

/**
 * After the commit: a delivery starts now in whichever process works (joined if one is queued, one
 * more after one under way), so a new lead or alert goes out at once. From a job thread too.
 */
export function deliverSoon(jobs: JobStarter): Promise<void> {
  return jobs.runNow(MESSAGE_DELIVERY_JOB);
}
