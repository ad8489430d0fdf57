/** The admin inbox's two lists: contact messages and article submissions. */
export type InboxKind = 'contact' | 'articles';
export type InboxStatus = 'all' | 'unread' | 'handled';

/** One lead as db/lead-inbox.ts reads it and views/admin shows it. */
export interface InboxItem {
  id: number;
  createdAt: string;
  /** When someone marked it handled; null = unread. */
  handledAt: string | null;
  /** The kind's own fields (name, email, message, phone, website / title, author, email, content, status). */
  fields: Record<string, string | null>;
  /** Its notifications across channels (webhook, email). */
  deliveries: { pending: number; delivered: number; failed: number; lastError: string | null };
}
