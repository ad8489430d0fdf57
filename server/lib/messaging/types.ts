/*
 * What the site sends (docs/decisions/0049): the shapes features build and the delivery sends.
 * Features only build these and store them (outbox.ts); server/lib/messaging alone sends.
 */

/** An event as the operator's webhook receives it (the README's `{id, event, createdAt, data}`). */
export interface EventBody {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** A mail as stored: rendered once, sent the same (and with the same Message-ID) on every attempt. */
export interface MailPayload {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Files sent with it (the monthly report's PDF), base64. */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

/** A visitor's webhook as stored: where it goes and the exact JSON body POSTed on every attempt. */
export interface WebhookPayload {
  url: string;
  body: string;
}

/** How an event for the operator reads as a mail: the words of the feature it comes from (leads). */
export type OperatorMail = (event: EventBody, siteUrl: string) => Omit<MailPayload, 'to'>;

/** The receiver did not take a message: tried again later, until its give-up time. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}
