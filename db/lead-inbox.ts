import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '#db/index.ts';
import { deleteMessagesOfLead, type LeadType } from '#db/messages.ts';
import type { Tables } from '#db/schema.ts';
import type { InboxItem, InboxKind, InboxStatus } from '#views/model/lead-inbox.ts';

export type { InboxKind, InboxStatus };

type LeadTable = 'contact_messages' | 'article_submissions' | 'monitor_leads';

interface KindSpec {
  table: LeadTable;
  leadType: LeadType;
  /** Columns shown, searched and exported, in order. */
  columns: string[];
  searched: string[];
}

const KINDS: Record<InboxKind, KindSpec> = {
  // Newer columns come last so the CSV's older columns keep their positions in people's sheets.
  contact: {
    table: 'contact_messages',
    leadType: 'contact',
    columns: ['name', 'email', 'message', 'phone', 'website', 'site_audit', 'source_page', 'form_page'],
    searched: ['name', 'email', 'message', 'phone', 'website'],
  },
  articles: {
    table: 'article_submissions',
    leadType: 'article',
    columns: ['title', 'author', 'email', 'content', 'status', 'source_page', 'form_page'],
    searched: ['title', 'author', 'email', 'content'],
  },
  // Confirmed visitor monitors (server/features/monitoring): who, which site, what their audit found.
  monitors: {
    table: 'monitor_leads',
    leadType: 'monitor',
    columns: ['email', 'site', 'schedule', 'score', 'top_issues', 'report_url'],
    searched: ['email', 'site', 'top_issues'],
  },
};

/** Rows read per query by the CSV export. */
const EXPORT_PAGE_ROWS = 500;

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

/** The lead table of a kind, aliased `t`; its columns are the kind's, named at run time. */
function leads(db: Db, spec: KindSpec) {
  return db.selectFrom(db.dynamic.table(spec.table).as('t'));
}

type LeadScope = ExpressionBuilder<Tables & { t: Tables[LeadTable] }, 't'>;

/**
 * The filter over the lead table aliased `t`. Search is case-insensitive (ASCII) on both databases:
 * PostgreSQL's LIKE is case-sensitive and SQLite's is not, so both sides are lowered.
 */
function where(spec: KindSpec, query: Pick<InboxQuery, 'q' | 'status'>) {
  return (eb: LeadScope): Expression<SqlBool> => {
    const clauses: Array<Expression<SqlBool>> = [];
    if (query.status === 'unread') clauses.push(eb('t.handled_at', 'is', null));
    if (query.status === 'handled') clauses.push(eb('t.handled_at', 'is not', null));
    const q = query.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      clauses.push(
        eb.or(
          spec.searched.map(
            (column) => sql<SqlBool>`lower(${sql.ref(`t.${column}`)}) LIKE lower(${pattern}) ESCAPE '\\'`,
          ),
        ),
      );
    }
    return eb.and(clauses);
  };
}

/** Newest first, one page, with each lead's delivery state. */
export async function listInbox(db: Db, query: InboxQuery): Promise<{ rows: InboxRow[]; total: number }> {
  const spec = KINDS[query.kind];
  const filter = where(spec, query);
  const counted = await leads(db, spec)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(filter)
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const raw = await leads(db, spec)
    .select((eb) => {
      const ofLead = () =>
        eb.selectFrom('messages as o').where('o.lead_type', '=', spec.leadType).whereRef('o.lead_id', '=', 't.id');
      const count = (
        condition: (o: ExpressionBuilder<Tables & { o: Tables['messages'] }, 'o'>) => Expression<SqlBool>,
      ) =>
        ofLead()
          .select((o) => o.fn.countAll().as('n'))
          .where(condition);
      return [
        't.id',
        't.created_at as createdAt',
        't.handled_at as handledAt',
        ...spec.columns.map((column) => sql.ref<string | null>(`t.${column}`).as(column)),
        count((o) => o.and([o('o.delivered_at', 'is', null), o('o.failed_at', 'is', null)])).as('pending'),
        count((o) => o('o.delivered_at', 'is not', null)).as('delivered'),
        count((o) => o('o.failed_at', 'is not', null)).as('failed'),
        ofLead()
          .select('o.last_error')
          .where('o.delivered_at', 'is', null)
          .where('o.last_error', 'is not', null)
          .orderBy('o.channel', 'desc')
          .limit(1)
          .as('lastError'),
      ];
    })
    .where(filter)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const rows = raw.map((row) => {
    const values = row as unknown as Record<string, string | number | null>;
    return {
      id: Number(row.id),
      createdAt: String(row.createdAt),
      handledAt: row.handledAt === null ? null : String(row.handledAt),
      fields: Object.fromEntries(
        spec.columns.map((column) => [column, values[column] === null ? null : String(values[column])]),
      ),
      deliveries: {
        pending: Number(row.pending),
        delivered: Number(row.delivered),
        failed: Number(row.failed),
        lastError: row.lastError === null ? null : String(row.lastError),
      },
    };
  });
  return { rows, total };
}

export async function unreadCounts(db: Db): Promise<Record<InboxKind, number>> {
  const count = async (spec: KindSpec) => {
    const row = await leads(db, spec)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('t.handled_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    contact: await count(KINDS.contact),
    articles: await count(KINDS.articles),
    monitors: await count(KINDS.monitors),
  };
}

/** Marks a lead handled (at `at`) or unread again; false when there is no such lead. */
export async function setHandled(db: Db, kind: InboxKind, id: number, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable(KINDS[kind].table)
    .set({ handled_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a lead and every notification queued or sent for it (privacy requests); false when absent. */
export async function deleteLead(db: Db, kind: InboxKind, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await deleteMessagesOfLead(trx, KINDS[kind].leadType, id);
    const result = await trx.deleteFrom(KINDS[kind].table).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The CSV export's header: every lead of a kind, newest first. */
export function exportColumns(kind: InboxKind): string[] {
  return ['id', 'received', 'handled', ...KINDS[kind].columns];
}

/**
 * Every lead of a kind, newest first, as the export's text cells, a page of rows at a time (keyset,
 * like the reports), so the CSV export streams however many there are.
 */
export async function* iterateLeads(db: Db, kind: InboxKind, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<string[]> {
  const spec = KINDS[kind];
  let last: { id: number; createdAt: string } | undefined;
  for (;;) {
    const after = last;
    const page = await leads(db, spec)
      .select([
        't.id',
        't.created_at as createdAt',
        't.handled_at as handledAt',
        ...spec.columns.map((column) => sql.ref<string | null>(`t.${column}`).as(column)),
      ])
      .$if(after !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('t.created_at', '<', after!.createdAt),
            eb.and([eb('t.created_at', '=', after!.createdAt), eb('t.id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(pageRows)
      .execute();
    for (const row of page) {
      const values = row as unknown as Record<string, string | number | null>;
      yield [row.id, row.createdAt, row.handledAt, ...spec.columns.map((column) => values[column])].map((value) =>
        value === null ? '' : String(value),
      );
    }
    if (page.length < pageRows) return;
    const end = page.at(-1)!;
    last = { id: Number(end.id), createdAt: String(end.createdAt) };
  }
}
