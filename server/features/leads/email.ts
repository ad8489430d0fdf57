import type { EventBody, OperatorMail } from '#server/lib/messaging/index.ts';

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

/**
 * Subject and plain-text body of the email for one lead event: every stored field, as text. The
 * messaging delivery sends it to NOTIFY_EMAIL_TO (server/jobs.ts hands it over), rendered from the
 * stored event on each attempt, so every attempt sends the same words.
 */
export function leadEmail(event: EventBody, siteUrl: string): ReturnType<OperatorMail> {
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
