import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import {
  countArticleSubmissions,
  insertArticleSubmission,
  iterateArticleSubmissions,
  listArticleSubmissions,
} from '#db/article-submissions.ts';
import { createIpHasher } from '#db/ip-hash.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';

function article(title: string) {
  return { title, author: 'Rohan Mehta', email: 'rohan@example.in', content: 'Body of the article.' };
}

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await closeTestDatabase(db);
  });

  test('a new submission is pending with created and updated timestamps', async () => {
    const id = await insertArticleSubmission(db, article('Crawl budget'));
    const [stored] = await listArticleSubmissions(db);
    expect(stored).toMatchObject({ id, title: 'Crawl budget', author: 'Rohan Mehta', status: 'pending', ipHash: null });
    expect(stored!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(stored!.createdAt).toBe(stored!.updatedAt);
  });

  test('lists newest first', async () => {
    await insertArticleSubmission(db, article('older'));
    await insertArticleSubmission(db, article('newer'));
    expect((await listArticleSubmissions(db)).map((row) => row.title)).toEqual(['newer', 'older']);
  });

  test('walking every submission page by page gives the list, and the count agrees', async () => {
    for (let i = 0; i < 7; i += 1) await insertArticleSubmission(db, article(`Article ${i}`));
    const walked = [];
    for await (const row of iterateArticleSubmissions(db, 2)) walked.push(row);
    expect(walked).toEqual(await listArticleSubmissions(db));
    expect(await countArticleSubmissions(db)).toBe(7);
  });

  test('the status column only accepts known review states', async () => {
    const id = await insertArticleSubmission(db, article('x'));
    await expect(
      db
        .updateTable('article_submissions')
        .set({ status: 'published' as 'pending' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  test('IP hashes are stable per installation, differ between installations', async () => {
    const other = await openTestDatabase(dialect);
    try {
      const hashA = await createIpHasher(db);
      const hashB = await createIpHasher(other);
      expect(hashA('203.0.113.7')).toBe(hashA('203.0.113.7'));
      expect(hashA('203.0.113.7')).not.toBe(hashA('203.0.113.8'));
      expect(hashA('203.0.113.7')).not.toBe(hashB('203.0.113.7'));
      expect(hashA('203.0.113.7')).toMatch(/^[0-9a-f]{32}$/);
      expect(hashA(undefined)).toBeNull();
    } finally {
      await closeTestDatabase(other);
    }
  });
});
