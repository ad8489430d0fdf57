import type { Db } from '#db/index.ts';
import { deleteEventsOfLead, type LeadType } from '#db/outbox.ts';
import type { InboxItem, InboxKind, InboxStatus } from '#views/model/lead-inbox.ts';

export type { InboxKind, InboxStatus };

interface KindSpec {
  table: string;
  leadType: LeadType;
  /** Columns shown, searched and exported, in order. */
  columns: string[];
  searched: string[];
}

const KINDS: Record<InboxKind, KindSpec> = {
  // phone and website come last so the CSV's older columns keep their positions in people's sheets.
  contact: {
    table: 'contact_messages',
    leadType: 'contact',
    columns: ['name', 'email', 'message', 'phone', 'website'],
    searched: ['name', 'email', 'message', 'phone', 'website'],
  },
  articles: {
    table: 'article_submissions',
    leadType: 'article',
    columns: ['title', 'author', 'email', 'content', 'status'],
    searched: ['title', 'author', 'email', 'content'],
  },
};

export type InboxRow = InboxItem;

export interface InboxQuery {
  kind: InboxKind;
  q?: string;
  status: InboxStatus;
  page: number;
  perPage: number;
}

/** `%text%` for LIKE, with the wildcards in the visitor's text taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE clause over the lead table aliased `t`. */
function where(spec: KindSpec, query: Pick<InboxQuery, 'q' | 'status'>): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (query.status === 'unread') clauses.push('t.handled_at IS NULL');
  if (query.status === 'handled') clauses.push('t.handled_at IS NOT NULL');
  const q = query.q?.trim();
  if (q) {
    clauses.push(`(${spec.searched.map((column) => `t.${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    params.push(...spec.searched.map(() => likePattern(q)));
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Newest first, one page, with each lead's delivery state. */
export function listInbox(db: Db, query: InboxQuery): { rows: InboxRow[]; total: number } {
  const spec = KINDS[query.kind];
  const filter = where(spec, query);
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM ${spec.table} t ${filter.sql}`).get(...filter.params) as { n: number }
  ).n;
  const outbox = (condition: string) =>
    `(SELECT COUNT(*) FROM outbox o WHERE o.lead_type = '${spec.leadType}' AND o.lead_id = t.id AND ${condition})`;
  const raw = db
    .prepare(
      `SELECT t.id, t.created_at AS createdAt, t.handled_at AS handledAt, ${spec.columns.map((column) => `t.${column}`).join(', ')},
         ${outbox('o.delivered_at IS NULL AND o.failed_at IS NULL')} AS pending,
         ${outbox('o.delivered_at IS NOT NULL')} AS delivered,
         ${outbox('o.failed_at IS NOT NULL')} AS failed,
         (SELECT o.last_error FROM outbox o WHERE o.lead_type = '${spec.leadType}' AND o.lead_id = t.id AND o.delivered_at IS NULL AND o.last_error IS NOT NULL LIMIT 1) AS lastError
       FROM ${spec.table} t ${filter.sql}
       ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...filter.params, query.perPage, (query.page - 1) * query.perPage) as Array<
    Record<string, string | number | null>
  >;
  const rows = raw.map((row) => ({
    id: Number(row.id),
    createdAt: String(row.createdAt),
    handledAt: row.handledAt === null ? null : String(row.handledAt),
    fields: Object.fromEntries(
      spec.columns.map((column) => [column, row[column] === null ? null : String(row[column])]),
    ),
    deliveries: {
      pending: Number(row.pending),
      delivered: Number(row.delivered),
      failed: Number(row.failed),
      lastError: row.lastError === null ? null : String(row.lastError),
    },
  }));
  return { rows, total };
}

export function unreadCounts(db: Db): Record<InboxKind, number> {
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE handled_at IS NULL`).get() as { n: number }).n;
  return { contact: count(KINDS.contact.table), articles: count(KINDS.articles.table) };
}

/** Marks a lead handled (at `at`) or unread again; false when there is no such lead. */
export function setHandled(db: Db, kind: InboxKind, id: number, at: string | null): boolean {
  return db.prepare(`UPDATE ${KINDS[kind].table} SET handled_at = ? WHERE id = ?`).run(at, id).changes > 0;
}

/** Deletes a lead and every notification queued or sent for it (privacy requests); false when absent. */
export function deleteLead(db: Db, kind: InboxKind, id: number): boolean {
  return db.transaction(() => {
    deleteEventsOfLead(db, KINDS[kind].leadType, id);
    return db.prepare(`DELETE FROM ${KINDS[kind].table} WHERE id = ?`).run(id).changes > 0;
  })();
}

/** Every lead of a kind, newest first, one row at a time (the CSV export streams them). */
export function exportColumns(kind: InboxKind): string[] {
  return ['id', 'received', 'handled', ...KINDS[kind].columns];
}

export function* iterateLeads(db: Db, kind: InboxKind): Generator<string[]> {
  const spec = KINDS[kind];
  const statement = db
    .prepare(
      `SELECT id, created_at, handled_at, ${spec.columns.join(', ')} FROM ${spec.table} ORDER BY created_at DESC, id DESC`,
    )
    .raw(true);
  for (const row of statement.iterate() as Iterable<unknown[]>)
    yield row.map((value) => (value === null ? '' : String(value)));
}
