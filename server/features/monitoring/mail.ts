import nodemailer from 'nodemailer';
import type { Verification } from './verify.ts';

/** An email as the outbox stores it: rendered once, sent the same on every attempt. */
export interface MailPayload {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Files sent with it (the monthly report's PDF), base64. */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

/** A webhook as the outbox stores it: the exact JSON body POSTed on every attempt. */
export interface WebhookPayload {
  url: string;
  body: string;
}

export const SMTP_TIMEOUT_MS = 15_000;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * The double opt-in mail: the signed confirmation link (24 h), the two ways to prove the site is
 * theirs, and the monitor's own page (its manage link: it reaches only this inbox, like the
 * confirmation link, and lets whoever reads it delete a monitor they never asked for).
 */
export function confirmationMail(input: {
  brandName: string;
  email: string;
  monitorUrl: string;
  origin: string;
  confirmUrl: string;
  manageUrl: string;
  verification: Verification;
  verified: boolean;
}): MailPayload {
  const host = new URL(input.monitorUrl).host;
  const { meta, file } = input.verification;
  const proof = input.verified
    ? ['The site is already verified as yours.']
    : [
        'Then prove the site is yours, either way:',
        `- put this tag in the <head> of ${input.monitorUrl}:`,
        `  ${meta}`,
        `- or put a file at ${input.origin}${file.path} containing:`,
        `  ${file.content}`,
        '',
        'Nothing is checked until both are done.',
      ];
  const lines = [
    `You asked ${input.brandName} to check ${input.monitorUrl} on a schedule and email ${input.email} when something breaks.`,
    '',
    'Confirm your address (the link works for 24 hours):',
    input.confirmUrl,
    '',
    ...proof,
    '',
    "Your monitor's page (verify, change the schedule, pause or delete it; keep this link private):",
    input.manageUrl,
    '',
    'If you did not ask for this, ignore this email: nothing more will be sent.',
  ];
  const htmlProof = input.verified
    ? '<p>The site is already verified as yours.</p>'
    : `<p>Then prove the site is yours, either way:</p><ul><li>put this tag in the &lt;head&gt; of ${escapeHtml(input.monitorUrl)}:<br><code>${escapeHtml(meta)}</code></li><li>or put a file at <code>${escapeHtml(input.origin + file.path)}</code> containing:<br><code>${escapeHtml(file.content)}</code></li></ul><p>Nothing is checked until both are done.</p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>You asked ${escapeHtml(input.brandName)} to check ${escapeHtml(input.monitorUrl)} on a schedule and email ${escapeHtml(input.email)} when something breaks.</p><p><a href="${escapeHtml(input.confirmUrl)}">Confirm your address</a> (the link works for 24 hours).</p>${htmlProof}<p><a href="${escapeHtml(input.manageUrl)}">Your monitor's page</a>: verify, change the schedule, pause or delete it (keep this link private).</p><p>If you did not ask for this, ignore this email: nothing more will be sent.</p></body></html>`;
  return {
    to: [input.email],
    subject: `Confirm monitoring of ${host}`,
    text: `${lines.join('\n')}\n`,
    html,
  };
}

export interface Mailer {
  send(payload: MailPayload, messageId: string): Promise<void>;
  close(): void;
}

/** Mail through the operator's SMTP server (SMTP_URL), one connection per message as the lead emails do. */
export function createMailer(options: { smtpUrl: string; from: string; siteUrl: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    pool: false,
  });
  const domain = new URL(options.siteUrl).hostname;
  return {
    async send(payload, messageId) {
      await transport.sendMail({
        from: options.from,
        to: payload.to,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        // A retried message keeps its Message-ID: a mail system can drop the duplicate.
        messageId: `<${messageId}@${domain}>`,
        headers: payload.headers,
        attachments: payload.attachments?.map((file) => ({
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
