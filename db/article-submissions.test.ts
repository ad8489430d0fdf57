import { expect, test } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { insertArticleSubmission, listArticleSubmissions } from '#db/article-submissions.ts';
import { createIpHasher } from '#db/ip-hash.ts';

function article(title: string) {
  return { title, author: 'Rohan Mehta', email: 'rohan@example.in', content: 'Body of the article.' };
}

test('a new submission is pending with created and updated timestamps', () => {
  const db = openDatabase(':memory:');
  const id = insertArticleSubmission(db, article('Crawl budget'));
  const [stored] = listArticleSubmissions(db);
  expect(stored).toMatchObject({ id, title: 'Crawl budget', author: 'Rohan Mehta', status: 'pending', ipHash: null });
  expect(stored.createdAt).toBe(stored.updatedAt);
});

test('lists newest first', () => {
  const db = openDatabase(':memory:');
  insertArticleSubmission(db, article('older'));
  insertArticleSubmission(db, article('newer'));
  expect(listArticleSubmissions(db).map((row) => row.title)).toEqual(['newer', 'older']);
});

test('the status column only accepts known review states', () => {
  const db = openDatabase(':memory:');
  const id = insertArticleSubmission(db, article('x'));
  expect(() => db.prepare("UPDATE article_submissions SET status = 'published' WHERE id = ?").run(id)).toThrow(/CHECK/);
});

test('IP hashes are stable per installation, differ between installations', () => {
  const hashA = createIpHasher(openDatabase(':memory:'));
  const hashB = createIpHasher(openDatabase(':memory:'));
  expect(hashA('203.0.113.7')).toBe(hashA('203.0.113.7'));
  expect(hashA('203.0.113.7')).not.toBe(hashA('203.0.113.8'));
  expect(hashA('203.0.113.7')).not.toBe(hashB('203.0.113.7'));
  expect(hashA('203.0.113.7')).toMatch(/^[0-9a-f]{32}$/);
  expect(hashA(undefined)).toBeNull();
});
