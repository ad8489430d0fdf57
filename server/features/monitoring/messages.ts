import type { Db } from '#db/index.ts';
import type { MessageChannel, NewMessageRow } from '#db/messages.ts';
import { giveUpAt, queueMessages } from '#server/lib/messaging/index.ts';

/*
 * The monitors' mails and webhooks in the site's one outbox (server/lib/messaging): rendered here,
 * stored with what they are about, delivered by the messaging delivery.
 */

/** What a monitor's message is for. */
export type MessagePurpose = 'confirm' | 'alert' | 'digest' | 'report' | 'changes';

/** The event type each purpose goes out as (X-Event-Type; the alert's webhook body says the same). */
const KINDS: Record<MessagePurpose, string> = {
  confirm: 'monitor.confirm',
  alert: 'monitor.regression',
  digest: 'monitor.digest',
  report: 'monitor.report',
  changes: 'monitor.changes',
};

/** A monitor's message not delivered within a day is given up: an alert that late is no alert. */
export const MONITOR_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export interface NewMessage {
  id: string;
  monitorId: string;
  runId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  /** JSON: a mail (MailPayload) or a webhook ({url, body}), to the addresses it lists. */
  payload: string;
  createdAt: string;
}

export function messageRow(message: NewMessage): NewMessageRow {
  return {
    id: message.id,
    channel: message.channel,
    kind: KINDS[message.purpose],
    recipient: 'listed',
    payload: message.payload,
    monitorId: message.monitorId,
    runId: message.runId,
    createdAt: message.createdAt,
    giveUpAt: giveUpAt(message.createdAt, MONITOR_GIVE_UP_AFTER_MS),
  };
}

/** Stores a monitor's messages, due at `now` (pass the transaction that stores what they are about). */
export function enqueueMessages(db: Db, messages: readonly NewMessage[], now: number): Promise<void> {
  return queueMessages(db, messages.map(messageRow), now);
}
