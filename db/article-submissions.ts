import type { Db } from '#db/index.ts';
import { PAGE_ROWS } from '#db/contact-messages.ts';

export type ArticleStatus = 'pending' | 'accepted' | 'rejected';

export interface ArticleSubmission {
  id: number;
  title: string;
  author: string;
  /** The author's address for the editor's reply; null on submissions from before it was asked for. */
  email: string | null;
  content: string;
  status: ArticleStatus;
  ipHash: string | null;
  createdAt: string;
  updatedAt: string;
  /** The page the form was on and the page of this site before it (paths; null when unknown). */
  formPage: string | null;
  sourcePage: string | null;
}

export interface NewArticleSubmission {
  title: string;
  author: string;
  email: string;
  content: string;
  ipHash?: string | null;
  formPage?: string | null;
  sourcePage?: string | null;
}

/**
 * Every new article starts as 'pending' until an editor reviews it. Created and updated are one
 * timestamp, given here: two column defaults could read PostgreSQL's clock a millisecond apart.
 */
export async function insertArticleSubmission(db: Db, input: NewArticleSubmission): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('article_submissions')
    .values({
      title: input.title,
      author: input.author,
      email: input.email,
      content: input.content,
      ip_hash: input.ipHash ?? null,
      form_page: input.formPage ?? null,
      source_page: input.sourcePage ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// The order of the keys is the order of the JSON report and of the webhook's `data`.
const COLUMNS = [
  'id',
  'title',
  'author',
  'email',
  'content',
  'status',
  'ip_hash as ipHash',
  'created_at as createdAt',
  'updated_at as updatedAt',
  // Last, so the older keys keep their places in reports and webhooks.
  'form_page as formPage',
  'source_page as sourcePage',
] as const;

function selectSubmissions(db: Db) {
  return db.selectFrom('article_submissions').select(COLUMNS);
}

export async function getArticleSubmission(db: Db, id: number): Promise<ArticleSubmission | undefined> {
  return selectSubmissions(db).where('id', '=', id).executeTakeFirst();
}

export async function listArticleSubmissions(db: Db): Promise<ArticleSubmission[]> {
  return selectSubmissions(db).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Every submission, newest first, a page of rows at a time (keyset, as iterateContactMessages). */
export async function* iterateArticleSubmissions(db: Db, pageRows = PAGE_ROWS): AsyncGenerator<ArticleSubmission> {
  let last: ArticleSubmission | undefined;
  for (;;) {
    const after = last;
    const page = await selectSubmissions(db)
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

export async function countArticleSubmissions(db: Db): Promise<number> {
  const row = await db
    .selectFrom('article_submissions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
