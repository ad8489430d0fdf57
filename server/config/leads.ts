import { canonicalEmail, isEmail } from '#views/model/email.ts';
import { field, Invalid, optionalText } from './fields.ts';
import { defineSection } from './section.ts';

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The operator's webhook, kept exactly as given (a trailing slash may matter to the receiver). */
const webhookUrl = field((value) =>
  value === undefined || isHttpUrl(value)
    ? value
    : new Invalid('must be an absolute http(s) URL such as https://crm.example.com/hooks/leads'),
);

/** smtp:// or smtps://, usually with credentials: never echoed back. */
const smtpUrl = field((value) => {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return new Invalid(
      'must be a URL such as smtps://user:password@smtp.example.com:465 or smtp://user:password@smtp.example.com:587',
      true,
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return new Invalid('must start with smtp:// or smtps://', true);
  if (!url.hostname)
    return new Invalid('must name the SMTP server, e.g. smtps://user:password@smtp.example.com:465', true);
  return value;
});

/** Addresses by the site's one rule (views/model/email.ts: plain mailboxes), kept in their canonical form. */
const emailList = field((value) => {
  if (value === undefined) return [] as string[];
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isEmail(entry));
  return bad === undefined
    ? entries.map((entry) => canonicalEmail(entry)!)
    : new Invalid(`must be a comma list of email addresses (${JSON.stringify(bad)} is not one)`);
});

/** An address, or `Name <address>` (the From line the operator chooses), its address a plain mailbox. */
const sender = field((value) => {
  if (value === undefined) return undefined;
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return isEmail(address)
    ? value
    : new Invalid('must be an email address, or a name and address such as Leads <leads@example.com>');
});

export interface LeadDeliverySettings {
  webhook: { url: string; secret?: string } | null;
  email: { smtpUrl: string; to: string[]; from?: string } | null;
}

/**
 * Where leads (contact messages, article submissions) are delivered besides the database: the
 * operator's webhook and/or email through their SMTP server. Neither set: stored and shown in the
 * admin inbox only (boot says so).
 */
export const leadDelivery = defineSection({
  env: {
    NOTIFY_WEBHOOK_URL: webhookUrl,
    NOTIFY_WEBHOOK_SECRET: optionalText(),
    SMTP_URL: smtpUrl,
    NOTIFY_EMAIL_TO: emailList,
    NOTIFY_EMAIL_FROM: sender,
  },
  read: (env, report): LeadDeliverySettings => {
    if (env.NOTIFY_WEBHOOK_SECRET && !env.NOTIFY_WEBHOOK_URL)
      report('NOTIFY_WEBHOOK_SECRET', 'is set but NOTIFY_WEBHOOK_URL is not: set the URL to sign deliveries to');
    if (env.SMTP_URL && env.NOTIFY_EMAIL_TO.length === 0)
      report('NOTIFY_EMAIL_TO', 'must be set too: SMTP_URL sends lead emails to these addresses');
    if (!env.SMTP_URL && env.NOTIFY_EMAIL_TO.length > 0)
      report('SMTP_URL', 'must be set too: NOTIFY_EMAIL_TO needs an SMTP server to send through');
    if (env.NOTIFY_EMAIL_FROM && !env.SMTP_URL) report('NOTIFY_EMAIL_FROM', 'is set but SMTP_URL is not');
    return {
      webhook: env.NOTIFY_WEBHOOK_URL ? { url: env.NOTIFY_WEBHOOK_URL, secret: env.NOTIFY_WEBHOOK_SECRET } : null,
      email:
        env.SMTP_URL && env.NOTIFY_EMAIL_TO.length > 0
          ? { smtpUrl: env.SMTP_URL, to: env.NOTIFY_EMAIL_TO, from: env.NOTIFY_EMAIL_FROM }
          : null,
    };
  },
});
