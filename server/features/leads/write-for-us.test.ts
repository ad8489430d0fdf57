import request from 'supertest';
import { expect, test } from 'vitest';
import { listArticleSubmissions } from '#db/article-submissions.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { ARTICLE_RATE_LIMIT } from './forms-router.ts';

function article(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Recovering from a core update',
    author: 'Rohan Mehta',
    email: 'rohan@example.in',
    content: 'What we changed, week by week.',
    ...overrides,
  };
}

function post(app: ReturnType<typeof createTestApp>['app'], body: unknown) {
  return request(app)
    .post('/api/writeforus/submit')
    .send(body as object);
}

test('a valid article answers 201 {id} and is stored as pending', async () => {
  const { app, db } = createTestApp();
  const res = await post(app, article({ author: ' Rohan Mehta ' }));
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ id: expect.any(Number) });
  expect(listArticleSubmissions(db)[0]).toMatchObject({
    id: res.body.id,
    author: 'Rohan Mehta',
    email: 'rohan@example.in',
    status: 'pending',
  });
});

test('an article at every limit is accepted, including 50,000 characters of Hindi', async () => {
  const { app, db } = createTestApp();
  await post(app, article({ title: 't'.repeat(200), author: 'a'.repeat(100), content: 'क'.repeat(50_000) })).expect(
    201,
  );
  expect(listArticleSubmissions(db)[0].content).toHaveLength(50_000);
});

test.each([
  [{ title: '' }, 'Title is required'],
  [{ author: '  ' }, 'Author name is required'],
  [{ content: undefined }, 'Content is required'],
  [{ email: undefined }, 'Email is required'],
  [{ email: 'not-an-address' }, 'Email must be a valid email address'],
  [{ title: 't'.repeat(201) }, 'Title must be at most 200 characters'],
  [{ author: 'a'.repeat(101) }, 'Author name must be at most 100 characters'],
  [{ content: 'c'.repeat(50_001) }, 'Content must be at most 50,000 characters'],
  [{ author: '\u0000' }, 'Author name is required'],
  [{ content: '\u001b[31m\u0000\u001b[0m' }, 'Content is required'],
])('rejects %o with 400 "%s"', async (overrides, error) => {
  const { app, db } = createTestApp();
  const res = await post(app, article(overrides));
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error });
  expect(listArticleSubmissions(db)).toHaveLength(0);
});

test('a filled honeypot is dropped silently', async () => {
  const { app, db } = createTestApp();
  await post(app, article({ homepage: 'x' })).expect(201);
  expect(listArticleSubmissions(db)).toHaveLength(0);
});

test(`the ${ARTICLE_RATE_LIMIT.limit + 1}th submission in an hour from one IP answers 429`, async () => {
  const { app } = createTestApp();
  for (let i = 0; i < ARTICLE_RATE_LIMIT.limit; i += 1) await post(app, article({ title: `Article ${i}` })).expect(201);
  const res = await post(app, article());
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: expect.stringMatching(/Too many requests/) });
});

test('submissions survive an app restart on the same DATA_DIR', async () => {
  const first = createTestApp({ file: true });
  await post(first.app, article({ title: 'Durable' })).expect(201);
  first.db.close();
  const second = createTestApp({ dataDir: first.config.dataDir });
  expect(listArticleSubmissions(second.db).map((row) => [row.title, row.status])).toEqual([['Durable', 'pending']]);
  second.db.close();
});
