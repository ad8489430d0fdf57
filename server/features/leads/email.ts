import nodemailer from 'nodemailer';
import { DeliveryError, type QueuedEvent, type Sender } from './delivery-types.ts';

export interface EmailOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465. */
  smtpUrl: string;
  to: string[];
  from: string;
  /** Public origin: the domain of the Message-ID, and the link at the end of each email. */
  siteUrl: string;
  timeoutMs?: number;
}

export const SMTP_TIMEOUT_MS = 15_000;

const LABELS: Record<string, string> = {
  id: 'Id',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  website: 'Website',
  siteAudit: 'Site audit report',
  message: 'Message',
  title: 'Title',
  author: 'Author',
  content: 'Article',
  status: 'Status',
  ipHash: 'Sender address hash',
  site: 'Site',
  schedule: 'Schedule',
  score: 'Score',
  topIssues: 'Top issues',
  reportUrl: 'Audit report',
  monitorId: 'Monitor',
  createdAt: 'Received',
  updatedAt: 'Updated',
  formPage: 'Form page',
  sourcePage: 'Came from',
};

/** Subject and plain-text body of the email for one lead event: every stored field, as text. */
export function leadEmail(event: QueuedEvent, siteUrl: string): { subject: string; text: string; replyTo?: string } {
  const data = event.data;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const subject =
    event.event === 'contact.created'
      ? `New contact message from ${text(data.name)}`.slice(0, 200)
      : event.event === 'monitor.created'
        ? `New monitored site: ${text(data.site)} (${text(data.email)})`.slice(0, 200)
        : `New article submission: ${text(data.title)}`.slice(0, 200);
  const multiLine = new Set(['message', 'content', 'topIssues']);
  // Fields the visitor may leave out: a line only when given (an empty "Phone:" reads like a lost value).
  const optional = new Set(['phone', 'website', 'siteAudit', 'score', 'reportUrl', 'formPage', 'sourcePage']);
  const origin = siteUrl.replace(/\/$/, '');
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (multiLine.has(key) || (optional.has(key) && !text(value))) continue;
    // The site audit is sent as its id, the pages as paths of this site: the operator gets addresses.
    const shown =
      key === 'siteAudit'
        ? `${origin}/site-audit/${text(value)}`
        : key === 'formPage' || key === 'sourcePage'
          ? `${origin}${text(value)}`
          : text(value);
    lines.push(`${LABELS[key] ?? key}: ${shown}`);
  }
  for (const key of multiLine) {
    if (key in data) lines.push('', `${LABELS[key]}:`, text(data[key]));
  }
  lines.push('', '--', `Event ${event.id} (${event.event}) from ${siteUrl}. Replies go to the sender.`);
  const replyTo = typeof data.email === 'string' && data.email ? data.email : undefined;
  return { subject, text: `${lines.join('\n')}\n`, replyTo };
}

/**
 * One plain-text email per lead through the operator's SMTP server. The Message-ID is derived
 * from the event id, so a mail system (or a person) can tell a retried duplicate from a new lead.
 */
export function createEmailSender({ smtpUrl, to, from, siteUrl, timeoutMs = SMTP_TIMEOUT_MS }: EmailOptions): Sender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // One connection per lead: leads are rare, and a pooled socket would outlive a stopped server.
    pool: false,
  });
  const domain = new URL(siteUrl).hostname;
  return {
    channel: 'email',
    async send(event) {
      const { subject, text, replyTo } = leadEmail(event, siteUrl);
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          replyTo,
          messageId: `<${event.id}@${domain}>`,
          headers: { 'X-Event-Id': event.id, 'X-Event-Type': event.event },
        });
      } catch (error) {
        throw new DeliveryError(`email: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    close() {
      transport.close();
    },
  };
}
