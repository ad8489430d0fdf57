import nodemailer from 'nodemailer';
import type { MailPayload } from './types.ts';

/*
 * The one mail sender: nodemailer over the operator's SMTP_URL. Every message's Message-ID is
 * `<its id@the site's domain>`, so a retried mail is the same mail to a mail system (and a person).
 */

/** Connection, greeting and silence limits of one SMTP conversation. */
export const SMTP_TIMEOUT_MS = 15_000;

export interface Mailer {
  /** Sends one mail; `message` is its id and kind (Message-ID, X-Event-Id, X-Event-Type). */
  send(mail: MailPayload, message: { id: string; kind: string }): Promise<void>;
  close(): void;
}

/** The SMTP login when it is an address (many providers refuse any other From), else the business email. */
export function defaultSender(smtpUrl: string, businessEmail: string): string {
  const user = decodeURIComponent(new URL(smtpUrl).username);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user) ? user : businessEmail;
}

/** The one transport factory: one connection per mail (mail is rare, and a pooled socket would outlive a stopped server). */
function createTransport(smtpUrl: string, timeoutMs: number) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    pool: false,
  });
}

export function createMailer(options: { smtpUrl: string; from: string; siteUrl: string; timeoutMs?: number }): Mailer {
  const transport = createTransport(options.smtpUrl, options.timeoutMs ?? SMTP_TIMEOUT_MS);
  const domain = new URL(options.siteUrl).hostname;
  return {
    async send(mail, message) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        messageId: `<${message.id}@${domain}>`,
        headers: { ...mail.headers, 'X-Event-Id': message.id, 'X-Event-Type': message.kind },
        attachments: mail.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, 'base64'),
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
