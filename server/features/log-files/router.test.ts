import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { plantedCombinedLog, PLANTED, cloudflareLine, W3C_HEADER, w3cLine } from '#test/fixtures/access-logs.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { uploadLog } from '#test/helpers/log-files.ts';
import { completeSiteAudit, insertSiteAudit, markRunning } from '#db/site-audits.ts';
import { newId } from '#views/model/ids.ts';
import { logStagingDir } from './index.ts';

const PLANTED_BOTS = [
  { bot: 'googlebot-smartphone', name: 'Googlebot Smartphone', verified: 5, unverified: 0, verifiable: true },
  { bot: 'googlebot-desktop', name: 'Googlebot Desktop', verified: 0, unverified: 3, verifiable: true },
  { bot: 'bingbot', name: 'Bingbot', verified: 2, unverified: 0, verifiable: true },
  { bot: 'gptbot', name: 'GPTBot', verified: 1, unverified: 0, verifiable: true },
  // Yandex publishes no ranges: without DNS verification it cannot be verified.
  { bot: 'yandexbot', name: 'YandexBot', verified: 0, unverified: 1, verifiable: false },
];

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });
  async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
    const made = await createTestApp({ dialect, file: true, env });
    apps.push(made);
    return made;
  }

  test('a planted log: verified and spoofed Googlebot, statuses, parameter URLs and broken lines counted exactly', async () => {
    const made = await appWith();
    const { id, view, agent } = await uploadLog(made, { 'access.log': plantedCombinedLog() });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(view).toMatchObject({
      id,
      status: 'done',
      formats: ['combined'],
      lines: PLANTED.length + 2,
      unparsed: 2,
      unparsedSamples: ['this is not a log line', '[address] - - [yesterday] "GET / HTTP/1.1" 200 12 "-" "x"'],
      range: { from: '2026-11-01T08:00:00.000Z', to: '2026-11-02T16:00:00.000Z' },
      bots: PLANTED_BOTS,
      otherHits: 4,
      files: [{ name: 'access.log', bytes: Buffer.byteLength(plantedCombinedLog()) }],
      join: null,
    });
    expect(view.spend).toEqual(
      expect.arrayContaining([
        { bot: 'googlebot-smartphone', verified: true, hits: 5, urls: 2, parameters: 2, redirects: 0, errors: 0 },
        { bot: 'googlebot-desktop', verified: false, hits: 3, urls: 3, parameters: 0, redirects: 1, errors: 1 },
        { bot: 'bingbot', verified: true, hits: 2, urls: 1, parameters: 2, redirects: 0, errors: 1 },
      ]),
    );
    // No address is kept: the only one in the answer is masked.
    expect(JSON.stringify(view)).not.toMatch(/66\.249|203\.0\.113|198\.51\.100|157\.55/);

    const verified = await agent.get(`/api/log-files/${id}/urls?bot=googlebot&verified=true`);
    expect(verified.body).toEqual({
      total: 2,
      page: 1,
      perPage: 50,
      urls: [
        {
          url: '/',
          hits: 3,
          bytes: 10_000,
          statuses: { '200': 2, '304': 1 },
          firstSeen: '2026-11-01T10:00:00.000Z',
          lastSeen: '2026-11-02T09:30:00.000Z',
        },
        {
          url: '/a?utm=1',
          hits: 2,
          bytes: 1400,
          statuses: { '200': 2 },
          firstSeen: '2026-11-01T12:00:00.000Z',
          lastSeen: '2026-11-02T12:00:00.000Z',
        },
      ],
    });
    const spoofed = await agent.get(`/api/log-files/${id}/urls?bot=googlebot&verified=false&perPage=2&page=2`);
    expect(spoofed.body).toMatchObject({ total: 3, page: 2, urls: [{ url: '/old', hits: 1, statuses: { '301': 1 } }] });
    const all = await agent.get(`/api/log-files/${id}/urls`);
    expect(all.body.total).toBe(5);
    // Verified and unverified together, most hit first, then by URL.
    expect(all.body.urls.slice(0, 2)).toMatchObject([
      { url: '/', hits: 4, statuses: { '200': 3, '304': 1 } },
      { url: '/a?utm=1', hits: 4, statuses: { '200': 3, '500': 1 } },
    ]);

    const days = await agent.get(`/api/log-files/${id}/days`);
    expect(days.body.days).toEqual([
      {
        day: '2026-11-01',
        hits: 9,
        bots: { bingbot: 1, 'googlebot-desktop': 3, 'googlebot-smartphone': 3, other: 2 },
        statuses: { '200': 7, '301': 1, '404': 1 },
      },
      {
        day: '2026-11-02',
        hits: 7,
        bots: { bingbot: 1, gptbot: 1, 'googlebot-smartphone': 2, other: 2, yandexbot: 1 },
        statuses: { '200': 4, '304': 1, '404': 1, '500': 1 },
      },
    ]);

    const csv = await agent.get(`/api/log-files/${id}/urls.csv?bot=googlebot&verified=true`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe(
      'url,hits,bytes,statuses,first_seen,last_seen\r\n' +
        '/,3,10000,200: 2; 304: 1,2026-11-01T10:00:00.000Z,2026-11-02T09:30:00.000Z\r\n' +
        '/a?utm=1,2,1400,200: 2,2026-11-01T12:00:00.000Z,2026-11-02T12:00:00.000Z\r\n',
    );
    const daysCsv = await agent.get(`/api/log-files/${id}/days.csv`);
    expect(daysCsv.text.split('\r\n')[1]).toBe('2026-11-01,Bingbot,1');
    // The upload's files are gone once it is analysed.
    expect(readdirSync(logStagingDir(made.config.dataDir))).toEqual([]);
  });

  test('gzip and plain files in one upload, in other formats, add up; private answers', async () => {
    const made = await appWith();
    const cloudflare = gzipSync(`${PLANTED.map(cloudflareLine).join('\n')}\n`);
    const w3c = `${[...W3C_HEADER, ...PLANTED.map(w3cLine)].join('\r\n')}\r\n`;
    const { id, view, agent } = await uploadLog(made, { 'cf.json.gz': cloudflare, 'u_ex261101.log': w3c });
    expect(view).toMatchObject({
      status: 'done',
      formats: ['cloudflare', 'w3c'],
      lines: 32,
      unparsed: 0,
      otherHits: 8,
    });
    expect(view.bots[0]).toMatchObject({ bot: 'googlebot-smartphone', verified: 10, unverified: 0 });
    const res = await agent.get(`/api/log-files/${id}`);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store, private');
  });

  test('a file that is not an access log is refused at upload, saying so; nothing stays on disk', async () => {
    const made = await appWith();
    const agent = request.agent(made.app);
    const prose = await agent
      .post('/api/log-files')
      .attach('file', Buffer.from('# Notes\n\nNothing to see here.\nJust prose.\n'), 'notes.md');
    expect(prose.status).toBe(400);
    expect(prose.body.error).toBe(
      'notes.md is not an access log: none of its first lines is in a format the analyser reads (nginx or Apache combined or common, JSON lines, W3C extended).',
    );
    const zip = await agent
      .post('/api/log-files')
      .attach('file', Buffer.from('PK\u0003\u0004rest of a zip'), 'logs.zip');
    expect(zip.body).toEqual({ error: 'logs.zip is a zip archive (unzip it and upload the log inside).' });
    const gz = await agent.post('/api/log-files').attach('file', gzipSync(Buffer.alloc(4096, 0)), 'zeros.gz');
    expect(gz.body.error).toMatch(/^zeros\.gz is not a text file/);
    const empty = await agent.post('/api/log-files').attach('file', Buffer.alloc(0), 'empty.log');
    expect(empty.body).toEqual({ error: 'empty.log is empty.' });
    expect(readdirSync(logStagingDir(made.config.dataDir))).toEqual([]);
  });

  test('limits and bad input answer 4xx JSON: size, count, fields, ids, queries, quota', async () => {
    const made = await appWith({ LOG_FILES_MAX_BYTES: '2048', LOG_FILES_MAX_FILES: '2', LOG_FILES_RATE_LIMIT: '5' });
    const agent = request.agent(made.app);
    const big = await agent.post('/api/log-files').attach('file', Buffer.from(plantedCombinedLog().repeat(2)), 'a.log');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      error: 'The upload is larger than the 2 KB limit. Upload fewer or smaller files (gzip them first).',
    });
    const three = await agent
      .post('/api/log-files')
      .attach('file', Buffer.from('x'), 'a.log')
      .attach('file', Buffer.from('x'), 'b.log')
      .attach('file', Buffer.from('x'), 'c.log');
    expect(three.status).toBe(400);
    expect(three.body).toEqual({ error: 'Upload at most 2 files at once.' });
    const none = await agent.post('/api/log-files').field('auditId', '');
    expect(none.body).toEqual({ error: 'Choose at least one log file (the "file" field).' });
    const badAudit = await agent
      .post('/api/log-files')
      .field('auditId', 'nope')
      .attach(
        'file',
        Buffer.from(
          PLANTED.map((hit) => `${hit.ip} - - [01/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1`).join('\n'),
        ),
        'a.log',
      );
    expect(badAudit.status).toBe(400);
    expect(badAudit.body.error).toBe('AuditId must be the id (or the report link) of a finished site audit');
    const unknownAudit = await agent
      .post('/api/log-files')
      .field('auditId', 'AAAAAAAAAAAAAAAAAAAAAA')
      .attach(
        'file',
        Buffer.from(
          `${PLANTED.map((hit) => `${hit.ip} - - [01/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1`).join('\n')}\n`,
        ),
        'a.log',
      );
    expect(unknownAudit.body.error).toMatch(/^There is no finished site audit with that id/);
    expect(readdirSync(logStagingDir(made.config.dataDir))).toEqual([]);
    const limited = await agent.post('/api/log-files').attach('file', Buffer.from('x'), 'a.log');
    expect(limited.status).toBe(429);

    expect((await agent.get('/api/log-files/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await agent.get('/api/log-files/not-an-id')).body).toEqual({
      error: 'No log with that id: it was deleted, or its results have expired.',
    });
    expect((await agent.get('/api/log-files/AAAAAAAAAAAAAAAAAAAAAA/urls?verified=maybe')).body).toEqual({
      error: 'Verified must be true or false',
    });
    expect((await agent.get('/api/log-files/AAAAAAAAAAAAAAAAAAAAAA/urls?perPage=100000')).status).toBe(400);
    expect((await agent.get('/api/log-files/AAAAAAAAAAAAAAAAAAAAAA/join.csv?list=all')).status).toBe(400);
  });

  test('an unknown bot filter is 400; the uploader alone deletes a log, which is then gone', async () => {
    const made = await appWith();
    const { id, agent } = await uploadLog(made, { 'access.log': plantedCombinedLog() });
    expect((await agent.get(`/api/log-files/${id}/urls?bot=skynet`)).body).toEqual({
      error: 'There is no bot called skynet.',
    });
    const stranger = await request(made.app).delete(`/api/log-files/${id}`);
    expect(stranger.status).toBe(403);
    expect((await agent.delete(`/api/log-files/${id}`)).status).toBe(204);
    expect((await agent.get(`/api/log-files/${id}`)).status).toBe(404);
    expect((await agent.get(`/api/log-files/${id}/urls.csv`)).status).toBe(404);
  });

  test('after LOG_FILES_KEEP_DAYS a log answers 404 at once, and the next upload deletes it with its counts', async () => {
    const made = await appWith({ LOG_FILES_KEEP_DAYS: '3' });
    const { id, view, agent } = await uploadLog(made, { 'access.log': plantedCombinedLog() });
    expect(Date.parse(view.expiresAt) - Date.parse(view.createdAt)).toBe(3 * 86_400_000);
    // Three days later, as the clock would say: the row's time is up.
    await made.db
      .updateTable('log_files')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect((await agent.get(`/api/log-files/${id}`)).status).toBe(404);
    expect((await agent.get(`/api/log-files/${id}/urls`)).status).toBe(404);
    await uploadLog(made, { 'access.log': plantedCombinedLog() }, {}, agent);
    const left = await made.db.selectFrom('log_files').select('id').where('id', '=', id).execute();
    const hits = await made.db.selectFrom('log_file_hits').select('url').where('log_id', '=', id).execute();
    const days = await made.db.selectFrom('log_file_days').select('day').where('log_id', '=', id).execute();
    expect({ left, hits, days }).toEqual({ left: [], hits: [], days: [] });
  });

  test('past LOG_FILES_MAX_QUEUED logs waiting, a new upload answers 503 before it is read', async () => {
    // A web-only process: nothing runs the jobs, so the first log stays queued.
    const made = await appWith({ ROLE: 'web', LOG_FILES_MAX_QUEUED: '1' });
    const agent = request.agent(made.app);
    const log = Buffer.from(plantedCombinedLog());
    expect((await agent.post('/api/log-files').attach('file', log, 'a.log')).status).toBe(202);
    const busy = await agent.post('/api/log-files').attach('file', log, 'b.log');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    expect(busy.body).toEqual({
      error: 'The log analyser is busy with other logs; please try again in a few minutes.',
    });
  });
});

describe.each(DIALECTS)('%s: joined with a site audit', (dialect) => {
  test('pages bots never crawl, crawled URLs the audit did not find, noindex and canonicalised pages bots fetch', async () => {
    const made = await createTestApp({ dialect, file: true });
    try {
      // The visitor's own audit, as the form offers it: their cookie's list (another visitor's is not in it).
      const cookie = newId();
      const agent = request.agent(made.app).set('Cookie', `visitor=${cookie}`);
      const auditId = 'AuditAuditAuditAudit01';
      await insertSiteAudit(made.db, {
        id: 'OtherVisitorsAudit0001',
        visitor: 'someone else',
        url: 'https://www.example.com/',
        createdAt: '2026-11-02T00:00:00.000Z',
      });
      await insertSiteAudit(made.db, {
        id: auditId,
        visitor: createHash('sha256').update(cookie).digest('hex'),
        url: 'https://www.example.com/',
        createdAt: '2026-11-01T00:00:00.000Z',
      });
      await markRunning(made.db, auditId, '2026-11-01T00:00:00.000Z');
      const page = (url: string, facts: Record<string, unknown> = {}) => ({
        url: `https://www.example.com${url}`,
        issues: [],
        facts: { status: 200, contentType: 'text/html', noindex: false, canonical: null, ...facts },
      });
      await completeSiteAudit(made.db, auditId, {
        finishedAt: '2026-11-01T00:10:00.000Z',
        crawled: 5,
        discovered: 5,
        summary: {},
        report: {},
        issues: [],
        diff: async () => undefined,
        pages: [
          page('/'),
          page('/a', { canonical: 'https://www.example.com/' }),
          page('/blog', { noindex: true }),
          page('/never'),
          page('/style.css', { contentType: 'text/css' }),
        ],
      });
      const listed = await agent.get('/api/site-audits');
      expect(listed.body.audits).toMatchObject([{ id: auditId, url: 'https://www.example.com/', status: 'done' }]);
      const { view, id } = await uploadLog(made, { 'access.log': plantedCombinedLog() }, { auditId }, agent);
      expect(view.auditId).toBe(auditId);
      // A pasted report link names the same audit.
      const pasted = await uploadLog(
        made,
        { 'access.log': plantedCombinedLog() },
        { auditId: `https://example.test/site-audit/${auditId}` },
      );
      expect(pasted.view.join).toEqual(view.join);
      expect(view.join).toEqual({
        auditId,
        auditUrl: 'https://www.example.com/',
        // Only verified hits count: the spoofed Googlebot's /old and /missing are not "crawled".
        neverCrawled: { total: 1, urls: [{ url: 'https://www.example.com/never', hits: 0 }] },
        notInAudit: { total: 1, urls: [{ url: '/a?utm=1', hits: 4 }] },
        excludedButCrawled: { total: 1, urls: [{ url: 'https://www.example.com/blog', hits: 1, reason: 'noindex' }] },
      });
      const csv = await agent.get(`/api/log-files/${id}/join.csv?list=not-in-audit`);
      expect(csv.text).toBe('url,hits,reason\r\n/a?utm=1,4,\r\n');
    } finally {
      await made.close();
    }
  });
});
