import { getArticleSubmission, insertArticleSubmission, type NewArticleSubmission } from '#db/article-submissions.ts';
import { getContactMessage, insertContactMessage, type NewContactMessage } from '#db/contact-messages.ts';
import type { Db } from '#db/index.ts';
import { getMonitorLead, insertMonitorLead, type NewMonitorLead } from '#db/monitoring/leads.ts';
import { enqueueEvent, type Channel, type LeadType } from '#db/outbox.ts';
import type { LeadDeliverySettings } from '#server/config/leads.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createEmailSender } from './email.ts';
import { articleCreated, contactCreated, monitorCreated } from './events.ts';
import type { LeadEvent, Sender } from './delivery-types.ts';
import { createWebhookSender } from './webhook.ts';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker.ts';

export interface LeadDeliveryOptions {
  db: Db;
  log: Logger;
  settings: LeadDeliverySettings;
  siteUrl: string;
  /** Default sender of lead emails when NOTIFY_EMAIL_FROM is not set. */
  businessEmail: string;
  userAgent: string;
  now?: () => number;
  /** Replaces the senders built from settings (tests). */
  senders?: Sender[];
}

export interface LeadDelivery {
  channels: Channel[];
  worker: DeliveryWorker;
  /** Stores the message and queues its notifications in one transaction; returns the message id. */
  storeContact(input: NewContactMessage): Promise<number>;
  storeArticle(input: NewArticleSubmission): Promise<number>;
  /** A confirmed visitor monitor (issue 25) as a lead, its notifications queued with it. */
  storeMonitor(input: NewMonitorLead): Promise<number>;
}

/** The SMTP login when it is an address (many providers refuse any other From), else the business email. */
export function defaultSender(smtpUrl: string, businessEmail: string): string {
  const user = decodeURIComponent(new URL(smtpUrl).username);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user) ? user : businessEmail;
}

export function buildSenders(
  options: Pick<LeadDeliveryOptions, 'settings' | 'siteUrl' | 'businessEmail' | 'userAgent'>,
): Sender[] {
  const { settings } = options;
  const senders: Sender[] = [];
  if (settings.webhook)
    senders.push(
      createWebhookSender({ url: settings.webhook.url, secret: settings.webhook.secret, userAgent: options.userAgent }),
    );
  if (settings.email) {
    const from = settings.email.from ?? defaultSender(settings.email.smtpUrl, options.businessEmail);
    senders.push(
      createEmailSender({ smtpUrl: settings.email.smtpUrl, to: settings.email.to, from, siteUrl: options.siteUrl }),
    );
  }
  return senders;
}

/**
 * Leads reach the operator through an outbox: the lead and one queued event per channel are
 * written in the same transaction, and the worker delivers them after the response. A crash
 * between the two cannot lose a notification, and one cannot exist without its lead.
 */
export function createLeadDelivery(options: LeadDeliveryOptions): LeadDelivery {
  const { db, log, now = Date.now } = options;
  const senders = options.senders ?? buildSenders(options);
  const channels = senders.map((sender) => sender.channel);
  const worker = createDeliveryWorker({ db, senders, log, now });

  async function queue(trx: Db, event: LeadEvent, leadType: LeadType, leadId: number): Promise<void> {
    if (channels.length === 0) return;
    await enqueueEvent(
      trx,
      {
        eventId: event.id,
        event: event.event,
        payload: JSON.stringify(event),
        createdAt: event.createdAt,
        leadType,
        leadId,
      },
      channels,
      now(),
    );
  }

  /** Runs `store` in a transaction, then wakes the worker for what it queued. */
  async function storeAndQueue(store: (trx: Db) => Promise<number>): Promise<number> {
    const id = await db.transaction().execute(store);
    if (channels.length) worker.kick();
    return id;
  }

  return {
    channels,
    worker,
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
