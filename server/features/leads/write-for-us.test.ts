import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { listArticleSubmissions } from '#db/article-submissions.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
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

function post(app: TestApp['app'], body: unknown) {
  return request(app)
    .post('/api/writeforus/submit')
    .send(body as object);
}

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  async function openApp(options: TestAppOptions = {}) {
    const app = await createTestApp({ ...options, dialect });
    apps.push(app);
    return app;
  }

  test('a valid article answers 201 {id} and is stored as pending', async () => {
    const { app, db } = await openApp();
    const res = await post(app, article({ author: ' Rohan Mehta ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    expect((await listArticleSubmissions(db))[0]).toMatchObject({
      id: res.body.id,
      author: 'Rohan Mehta',
      email: 'rohan@example.in',
      status: 'pending',
    });
  });

  test('an article at every limit is accepted, including 50,000 characters of Hindi', async () => {
    const { app, db } = await openApp();
    await post(app, article({ title: 't'.repeat(200), author: 'a'.repeat(100), content: 'क'.repeat(50_000) })).expect(
      201,
    );
    expect((await listArticleSubmissions(db))[0].content).toHaveLength(50_000);
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
    const { app, db } = await openApp();
    const res = await post(app, article(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await listArticleSubmissions(db)).toHaveLength(0);
  });

  test('a filled honeypot is dropped silently', async () => {
    const { app, db } = await openApp();
    await post(app, article({ homepage: 'x' })).expect(201);
    expect(await listArticleSubmissions(db)).toHaveLength(0);
  });

  test(`the ${ARTICLE_RATE_LIMIT.limit + 1}th submission in an hour from one IP answers 429`, async () => {
    const { app } = await openApp();
    for (let i = 0; i < ARTICLE_RATE_LIMIT.limit; i += 1)
      await post(app, article({ title: `Article ${i}` })).expect(201);
    const res = await post(app, article());
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: expect.stringMatching(/Too many requests/) });
  });
});

test('submissions survive an app restart on the same DATA_DIR', async () => {
  const first = await createTestApp({ file: true });
  await post(first.app, article({ title: 'Durable' })).expect(201);
  await first.close();
  const second = await createTestApp({ dataDir: first.config.dataDir });
  expect((await listArticleSubmissions(second.db)).map((row) => [row.title, row.status])).toEqual([
    ['Durable', 'pending'],
  ]);
  await second.close();
});
