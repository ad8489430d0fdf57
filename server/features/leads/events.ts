import { randomUUID } from 'node:crypto';
import type { ArticleSubmission } from '#db/article-submissions.ts';
import type { ContactMessage } from '#db/contact-messages.ts';
import type { MonitorLead } from '#db/monitoring/leads.ts';
import type { EventBody } from '#server/lib/messaging/index.ts';

export type LeadEventName = 'contact.created' | 'article.created' | 'monitor.created';

/** What goes over the wire: `{id, event, createdAt, data}`, with every stored field of the lead. */
export interface LeadEvent extends EventBody {
  event: LeadEventName;
}

/** The event for a stored contact message: every stored field under `data`. */
export function contactCreated(message: ContactMessage, id = randomUUID()): LeadEvent {
  return { id, event: 'contact.created', createdAt: message.createdAt, data: { ...message } };
}

/** The event for a stored article submission: every stored field under `data`. */
export function articleCreated(submission: ArticleSubmission, id = randomUUID()): LeadEvent {
  return { id, event: 'article.created', createdAt: submission.createdAt, data: { ...submission } };
}

/** The event for a confirmed visitor monitor (issue 25): every stored field under `data`. */
export function monitorCreated(lead: MonitorLead, id = randomUUID()): LeadEvent {
  return { id, event: 'monitor.created', createdAt: lead.createdAt, data: { ...lead } };
}
