import type { Channel } from '#db/outbox.ts';

export type LeadEventName = 'contact.created' | 'article.created' | 'monitor.created';

/** What goes over the wire: `{id, event, createdAt, data}`, with every stored field of the lead. */
export interface LeadEvent {
  id: string;
  event: LeadEventName;
  createdAt: string;
  data: Record<string, unknown>;
}

/** A queued event as a sender gets it: the parsed event and the exact JSON body stored with it. */
export interface QueuedEvent extends LeadEvent {
  body: string;
}

/** Delivers one event over one channel; throws DeliveryError when it was not accepted. */
export interface Sender {
  channel: Channel;
  send(event: QueuedEvent): Promise<void>;
  close?(): void;
}

/** The receiver did not take the event; the worker retries later. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}
