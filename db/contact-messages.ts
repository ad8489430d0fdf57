import type { Db } from '#db/index.ts';

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  /** Optional on the form; null when not given (and on every message from before the field existed). */
  phone: string | null;
  /** Optional on the form: an http(s) address; null when not given. */
  website: string | null;
  message: string;
  ipHash: string | null;
  createdAt: string;
  /** The site audit report the message was sent from (its id); null otherwise. */
  siteAudit: string | null;
  /** The page the form was on and the page of this site before it (paths; null when unknown). */
  formPage: string | null;
  sourcePage: string | null;
}

export interface NewContactMessage {
  name: string;
  email: string;
  phone?: string | null;
  website?: string | null;
  message: string;
  ipHash?: string | null;
  /** The site audit the message was sent from (its report's id), when it came from one. */
  siteAudit?: string | null;
  formPage?: string | null;
  sourcePage?: string | null;
}

/** Rows read per query when walking every message: memory stays flat however many there are. */
export const PAGE_ROWS = 500;

export async function insertContactMessage(db: Db, input: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      website: input.website ?? null,
      message: input.message,
      ip_hash: input.ipHash ?? null,
      site_audit: input.siteAudit ?? null,
      form_page: input.formPage ?? null,
      source_page: input.sourcePage ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// The order of the keys is the order of the JSON report and of the webhook's `data`.
const COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'website',
  'message',
  'ip_hash as ipHash',
  'created_at as createdAt',
  // Last, so the older keys keep their places in reports and webhooks.
  'site_audit as siteAudit',
  'form_page as formPage',
  'source_page as sourcePage',
] as const;

function selectMessages(db: Db) {
  return db.selectFrom('contact_messages').select(COLUMNS);
}

export async function getContactMessage(db: Db, id: number): Promise<ContactMessage | undefined> {
  return selectMessages(db).where('id', '=', id).executeTakeFirst();
}

/** Newest first; id breaks ties between messages stored in the same millisecond. */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return selectMessages(db).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Every message, newest first, a page of rows at a time (keyset: each page starts below the last
 * row of the one before), so reports stream however many there are. Messages stored meanwhile are
 * newer than the first page and so never show up half-way.
 */
export async function* iterateContactMessages(db: Db, pageRows = PAGE_ROWS): AsyncGenerator<ContactMessage> {
  let last: ContactMessage | undefined;
  for (;;) {
    const after = last;
    const page = await selectMessages(db)
      .$if(after !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('created_at', '<', after!.createdAt),
            eb.and([eb('created_at', '=', after!.createdAt), eb('id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageRows)
      .execute();
    yield* page;
    if (page.length < pageRows) return;
    last = page.at(-1);
  }
}

export async function countContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
