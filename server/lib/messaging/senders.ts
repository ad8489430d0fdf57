import type { MessageRow } from '#db/messages.ts';
import type { LeadDeliverySettings } from '#server/config/leads.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createMailer, defaultSender, type Mailer } from './mail.ts';
import { DeliveryError, type EventBody, type MailPayload, type OperatorMail, type WebhookPayload } from './types.ts';
import { directTransport, guardedTransport, sendWebhook, type WebhookTransport } from './webhook.ts';

/*
 * Turns a stored message into its one mail or webhook. A message for the operator takes their
 * webhook (and its secret) and their addresses from the configuration as it is now, so a corrected
 * NOTIFY_WEBHOOK_URL or NOTIFY_EMAIL_TO reaches the messages still waiting; a listed message carries
 * its own.
 */

export interface SendersOptions {
  /** NOTIFY_WEBHOOK_URL/SECRET, SMTP_URL, NOTIFY_EMAIL_TO/FROM. */
  settings: LeadDeliverySettings;
  siteUrl: string;
  /** The sender of mails when NOTIFY_EMAIL_FROM is not set and the SMTP login is no address. */
  businessEmail: string;
  /** The guarded fetcher visitors' webhooks go through. */
  fetcher: SafeFetcher;
  /** The words of a mail to the operator about an event. */
  operatorMail: OperatorMail;
  /** Replace the two ways out (tests). */
  operatorTransport?: WebhookTransport;
  visitorTransport?: WebhookTransport;
}

export interface Senders {
  /** Sends the message once; throws (a DeliveryError saying why) when it was not taken. */
  send(row: MessageRow): Promise<void>;
  close(): void;
}

export function createSenders(options: SendersOptions): Senders {
  const { settings, siteUrl } = options;
  const userAgent = `SiteMessages/1.0 (+${siteUrl})`;
  const operator = options.operatorTransport ?? directTransport();
  const visitor = options.visitorTransport ?? guardedTransport(options.fetcher);
  const email = settings.email;
  const mailer: Mailer | undefined = email
    ? createMailer({
        smtpUrl: email.smtpUrl,
        from: email.from ?? defaultSender(email.smtpUrl, options.businessEmail),
        siteUrl,
      })
    : undefined;

  async function webhook(row: MessageRow): Promise<void> {
    const message = { id: row.id, kind: row.kind };
    if (row.recipient === 'listed') {
      const { url, body } = JSON.parse(row.payload) as WebhookPayload;
      return sendWebhook(visitor, userAgent, { ...message, url, body });
    }
    if (!settings.webhook) throw new DeliveryError('webhook: not configured any more (NOTIFY_WEBHOOK_URL)');
    const { url, secret } = settings.webhook;
    return sendWebhook(operator, userAgent, { ...message, url, secret, body: row.payload });
  }

  async function mail(row: MessageRow): Promise<void> {
    if (!mailer || !email) throw new DeliveryError('email: not configured any more (SMTP_URL, NOTIFY_EMAIL_TO)');
    const payload: MailPayload =
      row.recipient === 'listed'
        ? (JSON.parse(row.payload) as MailPayload)
        : { ...options.operatorMail(JSON.parse(row.payload) as EventBody, siteUrl), to: email.to };
    try {
      await mailer.send(payload, { id: row.id, kind: row.kind });
    } catch (error) {
      throw new DeliveryError(`email: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    send: (row) => (row.channel === 'webhook' ? webhook(row) : mail(row)),
    close: () => mailer?.close(),
  };
}
