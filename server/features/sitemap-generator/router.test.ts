import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { databaseFile, dialectOf, openDatabase, type Db } from '#db/index.ts';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/lib/logger.ts';
import { rulesSite, rulesSiteExpectation } from '#test/fixtures/crawl-rules-site.ts';
import { htmlPage, ok, serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp, noJobs } from '#test/helpers/app.ts';
import { DIALECTS, testPostgresUrl } from '#test/helpers/databases.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';

/** A second handle on the same data, as another process (here or on another machine) opens it. */
async function reopen(first: TestApp): Promise<Db> {
  if (dialectOf(first.db) === 'sqlite') return openDatabase(databaseFile(first.config.dataDir));
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(first.db);
  return openDatabase(testPostgresUrl(), { schema: rows[0]!.schema, poolSize: 2 });
}

/** The body of a response as text, whatever its content type. */
const asText = (res: request.Response, done: (error: Error | null, body: string) => void) => {
  let text = '';
  res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  res.on('end', () => done(null, text));
};

/** Reads Server-Sent Events until `until` says stop; `onEvent` sees each one as it arrives (a readiness signal). */
async function readEvents(
  url: string,
  until: (event: string) => boolean,
  onEvent: (event: string) => void = () => undefined,
): Promise<{ event: string; data: unknown }[]> {
  const res = await fetch(url);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: { event: string; data: unknown }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      if (event) onEvent(event);
      if (event && until(event)) return events;
    }
  }
  return events;
}

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  /** A test app on this suite's database that may crawl `allow`; closed after the test. */
  async function appFor(allow: string[], env: Record<string, string> = {}, file = false): Promise<TestApp> {
    const made = await createTestApp({
      dialect,
      file,
      env: { FETCH_ALLOW_PRIVATE: allow.join(','), SITEMAP_MAX_DEPTH: '5', ...env },
    });
    apps.push(made);
    return made;
  }

  test('POST /api/sitemaps crawls the site and answers the sitemap path, record and report', async () => {
    const site = await serveFixture(rulesSite);
    try {
      const { app } = await appFor([site.hostPort]);
      const browser = request.agent(app);
      const res = await browser.post('/api/sitemaps').send({ url: `${site.origin}/` });
      expect(res.status).toBe(200);
      expect(res.body.sitemap).toMatch(/^\/api\/sitemaps\/files\/sitemap-127\.0\.0\.1-\d+-[\d-]+-[0-9a-f]{32}\.xml$/);
      const expected = rulesSiteExpectation(site.origin);
      expect(res.body.record).toMatchObject({
        url: `${site.origin}/`,
        pages: expected.listed.length,
        sitemapPath: res.body.sitemap,
      });
      expect(res.body.report.skippedCounts).toMatchObject({
        robots: 1,
        noindex: 2,
        canonical: 1,
        status: 2,
        'non-html': 2,
        external: 3,
      });

      const list = await browser.get('/api/sitemaps');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([res.body.record]);

      const detail = await request(app).get(`/api/sitemaps/${res.body.record._id}`);
      expect(detail.body).toEqual({ record: res.body.record, report: res.body.report });
    } finally {
      await site.close();
    }
  });

  test('a site with no page that may be listed answers 422 saying why, and writes no (schema-invalid) empty sitemap', async () => {
    const site = await serveFixture((path) =>
      path === '/' ? ok(htmlPage({ head: '<meta name="robots" content="noindex">' })) : undefined,
    );
    try {
      const { app } = await appFor([site.hostPort]);
      const browser = request.agent(app);
      const res = await browser.post('/api/sitemaps').send({ url: `${site.origin}/` });
      expect([res.status, res.body]).toEqual([
        422,
        {
          error: `No page of ${site.hostPort} can go in a sitemap: ${site.origin}/ was left out (meta robots noindex).`,
        },
      ]);
      expect((await browser.get('/api/sitemaps')).body).toEqual([]);
    } finally {
      await site.close();
    }
  });

  test('the sitemap file is served as application/xml, answers HEAD and downloads under its own name', async () => {
    const site = await serveFixture(rulesSite);
    try {
      const { app } = await appFor([site.hostPort]);
      const { body } = await request(app).post('/api/sitemaps').send({ url: site.origin });
      const name = body.sitemap.split('/').pop();
      const file = await request(app).get(body.sitemap).buffer(true).parse(asText);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`inline; filename="${name}"`);
      expect(
        parseSitemapXml(file.body as string)
          .entries.map((entry) => entry.loc)
          .sort(),
      ).toEqual(rulesSiteExpectation(site.origin).listed);

      expect(file.headers['cache-control']).toBe('public, max-age=3600');
      expect(file.headers['last-modified']).toBe(new Date(body.record.createdAt).toUTCString());

      const head = await request(app).head(body.sitemap);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(head.text ?? '').toBe('');

      // A client that has the file already is told so, by its ETag or by its date.
      const byTag = await request(app).get(body.sitemap).set('If-None-Match', String(file.headers.etag));
      expect(byTag.status).toBe(304);
      const byDate = await request(app)
        .get(body.sitemap)
        .set('If-Modified-Since', String(file.headers['last-modified']));
      expect(byDate.status).toBe(304);
    } finally {
      await site.close();
    }
  });

  test('every process on the same database serves every generated file, byte for byte', async () => {
    const site = await serveFixture(rulesSite);
    try {
      const first = await appFor([site.hostPort], {}, true);
      const { body } = await request(first.app).post('/api/sitemaps').send({ url: site.origin });
      const here = await request(first.app).get(body.sitemap).buffer(true).parse(asText);
      const db = await reopen(first);
      const other = createApp({ config: first.config, db, log: createLogger('silent'), jobs: noJobs() });
      try {
        const there = await request(other).get(body.sitemap).buffer(true).parse(asText);
        expect(there.status).toBe(200);
        expect(there.body).toBe(here.body);
        expect(there.headers['content-disposition']).toBe(here.headers['content-disposition']);
      } finally {
        await other.locals.shutdown();
        await db.destroy();
      }
    } finally {
      await site.close();
    }
  });

  test('unknown or unsafe sitemap file names are 404 JSON', async () => {
    const { app } = await appFor([]);
    for (const path of [
      '/api/sitemaps/files/sitemap-nope.xml',
      '/api/sitemaps/files/..%2f..%2fsite.db',
      '/api/sitemaps/files/passwd',
    ]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No such sitemap file' });
    }
    expect((await request(app).get('/api/sitemaps/0123456789abcdef01234567')).status).toBe(404);
  });

  test('bad URLs answer 400 with a message and never start a crawl', async () => {
    const { app } = await appFor([]);
    expect((await request(app).post('/api/sitemaps').send({})).body).toEqual({
      error: 'Please enter your website URL.',
    });
    const cases = [{ url: 'ftp://example.com' }, { url: 'http://' }, { url: ['a'] }, { url: 'javascript:alert(1)' }];
    for (const body of cases) {
      const res = await request(app).post('/api/sitemaps').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const tooLong = await request(app)
      .post('/api/sitemaps')
      .send({ url: `https://example.com/${'a'.repeat(2100)}` });
    expect(tooLong.body).toEqual({ error: 'The URL must be at most 2048 characters.' });
    expect((await request(app).get('/api/sitemaps')).body).toEqual([]);
  });

  test('private addresses are refused with 400 by the guarded fetcher', async () => {
    const { app } = await appFor([]);
    const res = await request(app).post('/api/sitemaps').send({ url: 'http://127.0.0.1:9/' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/private|not allowed|forbidden/i);
  });

  test('a start page that cannot be reached answers 502', async () => {
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const { app } = await appFor([closed.hostPort]);
    const res = await request(app).post('/api/sitemaps').send({ url: closed.origin });
    expect(res.status).toBe(502);
    expect(res.body.error).toContain('refused the connection');
  });

  test('a start page answering 404 is a 502 that says so', async () => {
    const site = await serveFixture(() => undefined);
    try {
      const { app } = await appFor([site.hostPort]);
      const res = await request(app).post('/api/sitemaps').send({ url: site.origin });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: 'The start page answered HTTP 404.' });
    } finally {
      await site.close();
    }
  });

  test('generation is rate limited per IP with a 429 JSON error; malformed requests spend none of it', async () => {
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const { app } = await appFor([closed.hostPort], { SITEMAP_RATE_LIMIT: '2' });
    for (let i = 0; i < 5; i += 1)
      expect((await request(app).post('/api/sitemaps').send({ url: 'ftp://x' })).status).toBe(400);
    for (let i = 0; i < 2; i += 1)
      expect((await request(app).post('/api/sitemaps').send({ url: closed.origin })).status).toBe(502);
    const limited = await request(app).post('/api/sitemaps').send({ url: closed.origin });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  });

  test('the list is private: each browser sees only the sitemaps it generated, by an HttpOnly first-party cookie', async () => {
    const site = await serveFixture((path) =>
      path === '/' ? ok(htmlPage({ links: ['/a'] })) : path === '/a' || path === '/b' ? ok(htmlPage()) : undefined,
    );
    try {
      const { app } = await appFor([site.hostPort]);
      const alice = request.agent(app);
      const bob = request.agent(app);
      expect((await alice.get('/api/sitemaps')).headers['set-cookie']).toBeUndefined();
      const made = await alice.post('/api/sitemaps').send({ url: `${site.origin}/` });
      expect(made.headers['set-cookie']).toEqual([
        expect.stringMatching(/^visitor=[\w-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/),
      ]);
      expect((await alice.get('/api/sitemaps')).body).toEqual([made.body.record]);

      expect((await request(app).get('/api/sitemaps')).body).toEqual([]);
      expect((await bob.get('/api/sitemaps')).body).toEqual([]);
      const forged = await request(app).get('/api/sitemaps').set('Cookie', 'visitor=not-a-real-cookie-value');
      expect(forged.body).toEqual([]);

      const bobs = await bob.post('/api/sitemaps').send({ url: `${site.origin}/b` });
      expect((await bob.get('/api/sitemaps')).body).toEqual([bobs.body.record]);
      expect((await alice.get('/api/sitemaps')).body).toEqual([made.body.record]);
      // A second generation reuses the cookie instead of setting a new one.
      expect(
        (await alice.post('/api/sitemaps').send({ url: `${site.origin}/` })).headers['set-cookie'],
      ).toBeUndefined();
      expect((await alice.get('/api/sitemaps')).body).toHaveLength(2);
    } finally {
      await site.close();
    }
  });

  test("two requests for the same site share one crawl, and the sitemap is in both browsers' lists", async () => {
    const slow: FixtureSite = (path) =>
      path === '/' ? { ...ok(htmlPage({ links: ['/a'] })), delayMs: 200 } : path === '/a' ? ok(htmlPage()) : undefined;
    const site = await serveFixture(slow);
    try {
      const { app } = await appFor([site.hostPort]);
      const alice = request.agent(app);
      const bob = request.agent(app);
      const [a, b] = await Promise.all([
        alice.post('/api/sitemaps').send({ url: `${site.origin}/` }),
        bob.post('/api/sitemaps').send({ url: `${site.origin}/` }),
      ]);
      expect(a.body.sitemap).toBe(b.body.sitemap);
      expect(site.requests.filter((r) => r.path === '/')).toHaveLength(1);
      expect((await alice.get('/api/sitemaps')).body).toEqual([a.body.record]);
      expect((await bob.get('/api/sitemaps')).body).toEqual([a.body.record]);
    } finally {
      await site.close();
    }
  });

  test('progress streams found, queued and skipped as Server-Sent Events, then the sitemap path', async () => {
    const slowRules: FixtureSite = (path, origin) => {
      const answer = rulesSite(path, origin);
      return answer && path !== '/robots.txt' ? { ...answer, delayMs: 30 } : answer;
    };
    const site = await serveFixture(slowRules);
    const { app } = await appFor([site.hostPort]);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const idle = await readEvents(
        `${base}/api/sitemaps/progress?url=${encodeURIComponent(site.origin)}`,
        (event) => event === 'idle',
      );
      expect(idle).toEqual([{ event: 'idle', data: { running: false } }]);

      // The stream's first event (idle: nothing running yet) says the listener is attached.
      let listening!: () => void;
      const attached = new Promise<void>((resolve) => (listening = resolve));
      const streaming = readEvents(
        `${base}/api/sitemaps/progress?url=${encodeURIComponent(`${site.origin}/`)}`,
        (event) => event === 'done' || event === 'failed',
        listening,
      );
      await attached;
      const generated = await (
        await fetch(`${base}/api/sitemaps`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${site.origin}/` }),
        })
      ).json();
      const events = await streaming;
      const progress = events
        .filter((e) => e.event === 'progress')
        .map((e) => e.data as { found: number; queued: number; skipped: number });
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress.at(-1)).toMatchObject({ found: generated.record.pages, queued: 0 });
      expect(events.at(-1)).toEqual({
        event: 'done',
        data: { type: 'done', sitemap: generated.sitemap, pages: generated.record.pages },
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    }
  });

  test('the progress stream rejects a bad URL with 400 JSON', async () => {
    const { app } = await appFor([]);
    const res = await request(app).get('/api/sitemaps/progress?url=ftp%3A%2F%2Fx');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please enter a valid http:// or https:// URL.' });
  });

  test('shutting the app down aborts a running crawl, which answers 503 instead of hanging', async () => {
    // Every page after the first takes far longer than the test: only an abort can end the crawl.
    let slowAsked!: () => void;
    const crawling = new Promise<void>((resolve) => (slowAsked = resolve));
    const site = await startLoopbackServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<a href="/slow">slow</a>');
        return;
      }
      if (req.url === '/robots.txt') {
        res.writeHead(404).end();
        return;
      }
      slowAsked();
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end('late'), 30_000).unref();
    });
    try {
      const { app } = await appFor([site.hostPort]);
      const pending = request(app)
        .post('/api/sitemaps')
        .send({ url: `${site.origin}/` });
      const response = new Promise<request.Response>((resolve, reject) =>
        pending.end((error, res) => (error ? reject(error) : resolve(res))),
      );
      await crawling;
      await app.locals.shutdown();
      const res = await response;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'The server is restarting; please try again in a minute.' });
    } finally {
      await site.close();
    }
  });
});
