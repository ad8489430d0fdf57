import { getArticleSubmission, insertArticleSubmission, type NewArticleSubmission } from '#db/article-submissions.ts';
import { getContactMessage, insertContactMessage, type NewContactMessage } from '#db/contact-messages.ts';
import type { Db } from '#db/index.ts';
import type { LeadType, MessageChannel } from '#db/messages.ts';
import { getMonitorLead, insertMonitorLead, type NewMonitorLead } from '#db/monitoring/leads.ts';
import type { LeadDeliverySettings } from '#server/config/leads.ts';
import { forOperator, queueMessages, type EventBody, type Messaging } from '#server/lib/messaging/index.ts';
import { articleCreated, contactCreated, monitorCreated } from './events.ts';

/** A lead's notifications are tried for 72 hours (then the admin inbox shows them failed). */
export const LEAD_GIVE_UP_AFTER_MS = 72 * 60 * 60_000;

export interface LeadDeliveryOptions {
  db: Db;
  settings: LeadDeliverySettings;
  messaging: Pick<Messaging, 'deliverSoon'>;
}

export interface LeadDelivery {
  /** Stores the message and queues its notifications in one transaction; returns the message id. */
  storeContact(input: NewContactMessage): Promise<number>;
  storeArticle(input: NewArticleSubmission): Promise<number>;
  /** A confirmed visitor monitor (issue 25) as a lead, its notifications queued with it. */
  storeMonitor(input: NewMonitorLead): Promise<number>;
}

/**
 * Leads reach the operator through the one outbox (server/lib/messaging): the lead and its event,
 * one message per channel, are written in the same transaction, and a delivery starts once it is
 * committed. A crash between the two cannot lose a notification, and one cannot exist without its
 * lead; the messaging delivery sends it, at least once, with the same event id on every retry.
 */
export function createLeadDelivery({ db, settings, messaging }: LeadDeliveryOptions): LeadDelivery {
  // The operator's channels: a webhook and/or email, as configured.
  const channels: MessageChannel[] = [
    ...(settings.webhook ? (['webhook'] as const) : []),
    ...(settings.email ? (['email'] as const) : []),
  ];

  async function queue(trx: Db, event: EventBody, leadType: LeadType, leadId: number): Promise<void> {
    await queueMessages(trx, forOperator(event, channels, { leadType, leadId }, LEAD_GIVE_UP_AFTER_MS));
  }

  /** Runs `store` in a transaction, then asks for a delivery of what it queued. */
  async function storeAndQueue(store: (trx: Db) => Promise<number>): Promise<number> {
    const id = await db.transaction().execute(store);
    if (channels.length) messaging.deliverSoon();
    return id;
  }

  return {
    storeContact: (input) =>
      storeAndQueue(async (trx) => {
        const id = await insertContactMessage(trx, input);
        await queue(trx, contactCreated((await getContactMessage(trx, id))!), 'contact', id);
        return id;
      }),
    storeArticle: (input) =>
      storeAndQueue(async (trx) => {
        const id = await insertArticleSubmission(trx, input);
        await queue(trx, articleCreated((await getArticleSubmission(trx, id))!), 'article', id);
        return id;
      }),
    storeMonitor: (input) =>
      storeAndQueue(async (trx) => {
        const id = await insertMonitorLead(trx, input);
        await queue(trx, monitorCreated((await getMonitorLead(trx, id))!), 'monitor', id);
        return id;
      }),
  };
}
