import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { postsOf } from '#test/helpers/posts.ts';
import { runToEnd } from '#test/helpers/jobs.ts';
import { INDEXNOW_JOB, INDEXNOW_SCHEDULED_JOB } from './indexnow-job.ts';

const KEY = 'a1b2c3d4e5f6a7b8c9d0';
const PASSWORD = 'correct horse battery staple';
const ORIGIN = 'https://example.test';
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

interface Ping {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** A fake IndexNow endpoint on loopback: records every ping and answers `status`. */
async function fakeIndexNow(status = 200) {
  const pings: Ping[] = [];
  const waiting: Array<() => void> = [];
  const server: LoopbackServer = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      pings.push(JSON.parse(body) as Ping);
      res.writeHead(status).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  opened.push(server);
  /** Resolves once the fake holds `count` pings (a readiness signal, no sleeping). */
  const received = (count: number) =>
    new Promise<Ping[]>((resolve) => {
      const check = () => (pings.length >= count ? resolve(pings) : waiting.push(check));
      check();
    });
  return { server, pings, received };
}

async function appWith(fake: { server: LoopbackServer } | null, env: Record<string, string> = {}): Promise<TestApp> {
  const testApp = await createTestApp({
    env: {
      ADMIN_PASSWORD: PASSWORD,
      INDEXNOW_KEY: KEY,
      ...(fake
        ? { INDEXNOW_ENDPOINT: `${fake.server.origin}/indexnow`, FETCH_ALLOW_PRIVATE: fake.server.hostPort }
        : {}),
      ...env,
    },
  });
  opened.push(testApp);
  return testApp;
}

async function adminClient(app: TestApp['app']) {
  const login = await request(app).post('/admin/login').set('Origin', ORIGIN).type('form').send({ password: PASSWORD });
  const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const list = await request(app).get('/admin/posts').set('Cookie', cookie).set('Accept', 'text/html');
  const csrf = /name="csrf" value="([^"]+)"/.exec(list.text)![1]!;
  return {
    post: (path: string) =>
      request(app).post(path).set('Cookie', cookie).set('Origin', ORIGIN).set('X-CSRF-Token', csrf),
    list: async () => (await request(app).get('/admin/posts').set('Cookie', cookie).set('Accept', 'text/html')).text,
  };
}

const fields = {
  title: 'Hreflang for Hindi and English pages',
  slug: 'hreflang-hindi-english',
  category: 'seo-guides',
  description: 'How to mark up Hindi and English versions of the same page so Google shows each to the right reader.',
  status: 'published',
  body: 'Text.',
};

test('the key file is served at /<key>.txt with INDEXNOW_KEY, and not without it', async () => {
  const { app } = await appWith(null);
  const res = await request(app).get(`/${KEY}.txt`);
  expect([res.status, res.headers['content-type'], res.text]).toEqual([200, 'text/plain; charset=utf-8', KEY]);
  const plain = await createTestApp();
  opened.push(plain);
  expect((await request(plain.app).get(`/${KEY}.txt`)).status).toBe(404);
});

test('publish, rename and delete each ping IndexNow through the job system; the admin shows the last result', async () => {
  const fake = await fakeIndexNow(200);
  const { app } = await appWith(fake);
  const admin = await adminClient(app);
  const created = await admin.post('/admin/posts').send(fields);
  expect(created.status).toBe(201);
  const [first] = await fake.received(1);
  expect(first).toEqual({
    host: 'example.test',
    key: KEY,
    keyLocation: `https://example.test/${KEY}.txt`,
    urlList: ['https://example.test/seo-guides/hreflang-hindi-english'],
  });
  await vi.waitFor(async () => expect(await admin.list()).toMatch(/ IST: 200 accepted<\/td>/), { timeout: 10_000 });

  await admin.post(`/admin/posts/${created.body.id}`).send({ ...fields, slug: 'hreflang' });
  const pings = await fake.received(2);
  expect(pings[1]!.urlList).toEqual([
    'https://example.test/seo-guides/hreflang',
    'https://example.test/seo-guides/hreflang-hindi-english',
  ]);
  await admin.post(`/admin/posts/${created.body.id}/delete`).send({});
  expect((await fake.received(3))[2]!.urlList).toEqual(['https://example.test/seo-guides/hreflang']);
});

test('a refusal is recorded at once and not retried; drafts and future posts do not ping when saved', async () => {
  const fake = await fakeIndexNow(403);
  const { app, jobs } = await appWith(fake);
  const admin = await adminClient(app);
  await admin.post('/admin/posts').send({ ...fields, slug: 'a-draft', status: 'draft' });
  await admin
    .post('/admin/posts')
    .send({ ...fields, slug: 'later', status: 'scheduled', published: '2099-01-01T00:00:00Z' });
  expect(await jobs.counts(INDEXNOW_JOB)).toEqual({ queued: 0, active: 0 });
  await admin.post('/admin/posts').send(fields);
  await fake.received(1);
  await vi.waitFor(
    async () =>
      expect(await admin.list()).toContain('403 refused: the key is not valid (is /&lt;key&gt;.txt reachable?)'),
    { timeout: 10_000 },
  );
  expect(await jobs.counts(INDEXNOW_JOB)).toEqual({ queued: 0, active: 0 });
  expect(fake.pings).toHaveLength(1);
});

test('a scheduled post going live on its own is pinged once, by the repeatable look, however often it looks', async () => {
  const fake = await fakeIndexNow(200);
  const { app, db, jobs } = await appWith(fake);
  const admin = await adminClient(app);
  const created = await admin
    .post('/admin/posts')
    .send({ ...fields, status: 'scheduled', published: '2099-01-01T00:00:00Z' });
  expect(created.status).toBe(201);
  // Time passes: it was saved before its time, which came a second ago. Nobody saved it then.
  const now = Date.now();
  await db
    .updateTable('posts')
    .set({ updated_at: now - 5_000, published_at: now - 1_000 })
    .where('id', '=', created.body.id)
    .execute();
  await runToEnd(jobs, INDEXNOW_SCHEDULED_JOB);
  const [ping] = await fake.received(1);
  expect(ping!.urlList).toEqual(['https://example.test/seo-guides/hreflang-hindi-english']);
  await vi.waitFor(async () => expect(await admin.list()).toMatch(/ IST: 200 accepted<\/td>/), { timeout: 10_000 });
  // Pinged since it went live: the next looks have nothing to do.
  expect(await runToEnd(jobs, INDEXNOW_SCHEDULED_JOB)).toBeNull();
  expect(fake.pings).toHaveLength(1);
});

test('the sample business never pings and serves no key file', async () => {
  const fake = await fakeIndexNow(200);
  const { app, jobs } = await appWith(fake, { SITE_PROFILE: '' });
  expect((await request(app).get(`/${KEY}.txt`)).status).toBe(404);
  const admin = await adminClient(app);
  expect((await admin.post('/admin/posts').send(fields)).status).toBe(201);
  expect(await jobs.counts(INDEXNOW_JOB)).toEqual({ queued: 0, active: 0 });
  expect((await postsOf(app).get((await postsOf(app).all())[0]!.id))?.indexnow ?? null).toBeNull();
});
