import type { Db } from '#db/index.ts';

export type ArticleStatus = 'pending' | 'accepted' | 'rejected';

export interface ArticleSubmission {
  id: number;
  title: string;
  author: string;
  content: string;
  status: ArticleStatus;
  ipHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewArticleSubmission {
  title: string;
  author: string;
  content: string;
  ipHash?: string | null;
}

/** Every new article starts as 'pending' until an editor reviews it. */
export function insertArticleSubmission(db: Db, input: NewArticleSubmission): number {
  const result = db
    .prepare('INSERT INTO article_submissions (title, author, content, ip_hash) VALUES (?, ?, ?, ?)')
    .run(input.title, input.author, input.content, input.ipHash ?? null);
  return Number(result.lastInsertRowid);
}

export function listArticleSubmissions(db: Db, limit = 1000): ArticleSubmission[] {
  return db
    .prepare(
      `SELECT id, title, author, content, status, ip_hash AS ipHash, created_at AS createdAt, updated_at AS updatedAt
       FROM article_submissions ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(limit) as ArticleSubmission[];
}
