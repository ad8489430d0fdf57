/** The admin inbox's lists: contact messages, article submissions and monitored sites (issue 25). */
export type InboxKind = 'contact' | 'articles' | 'monitors';
export type InboxStatus = 'all' | 'unread' | 'handled';

/** One lead as db/lead-inbox.ts reads it and views/admin shows it. */
export interface InboxItem {
  id: number;
  createdAt: string;
  /** When someone marked it handled; null = unread. */
  handledAt: string | null;
  /**
   * The kind's own fields (name, email, message, phone, website / title, author, email, content, status /
   * email, site, schedule, score, top_issues, report_url).
   */
  fields: Record<string, string | null>;
  /** Its notifications across channels (webhook, email). */
  deliveries: { pending: number; delivered: number; failed: number; lastError: string | null };
}
