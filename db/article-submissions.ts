import type { Db } from '#db/index.ts';

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
}

export interface NewArticleSubmission {
  title: string;
  author: string;
  email: string;
  content: string;
  ipHash?: string | null;
}

/** Every new article starts as 'pending' until an editor reviews it. */
export function insertArticleSubmission(db: Db, input: NewArticleSubmission): number {
  const result = db
    .prepare('INSERT INTO article_submissions (title, author, email, content, ip_hash) VALUES (?, ?, ?, ?, ?)')
    .run(input.title, input.author, input.email, input.content, input.ipHash ?? null);
  return Number(result.lastInsertRowid);
}

const COLUMNS =
  'id, title, author, email, content, status, ip_hash AS ipHash, created_at AS createdAt, updated_at AS updatedAt';

export function getArticleSubmission(db: Db, id: number): ArticleSubmission | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM article_submissions WHERE id = ?`).get(id) as ArticleSubmission | undefined;
}

const NEWEST_FIRST = `SELECT ${COLUMNS} FROM article_submissions ORDER BY created_at DESC, id DESC`;

export function listArticleSubmissions(db: Db): ArticleSubmission[] {
  return db.prepare(NEWEST_FIRST).all() as ArticleSubmission[];
}

/** Every submission, newest first, one row at a time: reports stream however many there are. */
export function iterateArticleSubmissions(db: Db): IterableIterator<ArticleSubmission> {
  return db.prepare(NEWEST_FIRST).iterate() as IterableIterator<ArticleSubmission>;
}

export function countArticleSubmissions(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM article_submissions').get() as { n: number }).n;
}
