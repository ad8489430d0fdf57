import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startConnectProxy } from '#test/fixtures/connect-proxy.ts';
import { IG, PIN, PIN_SHORT, startMediaUpstreams, YT } from '#test/fixtures/media-upstream/index.ts';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestApp, noJobs } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { createMediaTestApp } from '#test/helpers/media.ts';
import { openSameDatabase } from '#test/helpers/same-database.ts';

type App = Awaited<ReturnType<typeof createMediaTestApp>>['app'];

async function download(app: App, downloadUrl: string) {
  expect(downloadUrl).toMatch(/^\/api\/media\/file\//);
  return request(app)
    .get(downloadUrl)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

test('pinterest: a link to this app that streams the chosen MP4 as an attachment', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app)
    .post('/api/pinterest/download')
    .send({ videoUrl: `https://www.pinterest.com/pin/${PIN.redux}/`, resolution: 480 });
  expect(res.status).toBe(200);
  const file = await download(app, res.body.downloadUrl);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toBe('video/mp4');
  expect(file.headers['content-disposition']).toContain(`attachment; filename="pinterest-${PIN.redux}-480p.mp4"`);
  expect(file.headers['content-length']).toBe('60000');
  expect((file.body as Buffer).subarray(4, 8).toString()).toBe('ftyp');
});

test('pinterest: resolution defaults to 1080 and pin.it links work', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app)
    .post('/api/pinterest/download')
    .send({ videoUrl: `https://pin.it/${PIN_SHORT.ok}` });
  const file = await download(app, res.body.downloadUrl);
  expect(file.headers['content-disposition']).toContain(`pinterest-${PIN.redux}-720p.mp4`);
});

test('pinterest errors', async () => {
  const { app } = await createMediaTestApp();
  const ask = (body: object) => request(app).post('/api/pinterest/download').send(body);
  const pin = (id: string) => `https://www.pinterest.com/pin/${id}/`;
  const results = await Promise.all([
    ask({ videoUrl: '' }),
    ask({ videoUrl: 'https://www.youtube.com/shorts/okCaptions1', resolution: 720 }),
    ask({ videoUrl: pin(PIN.redux), resolution: 240 }),
    ask({ videoUrl: pin(PIN.image) }),
    ask({ videoUrl: pin(PIN.rateLimited) }),
    ask({ videoUrl: pin(PIN.serverError) }),
  ]);
  expect(results.map((res) => [res.status, res.body.error])).toEqual([
    [400, 'Please enter a video URL.'],
    [400, 'Please enter a Pinterest pin link (pinterest.com/pin/... or pin.it/...).'],
    [400, 'Resolution must be one of 1080, 720, 480 or 360.'],
    [404, 'This pin has no downloadable video (it may be an image pin).'],
    [
      502,
      "Pinterest refused this server's request (it answered HTTP 429 Too Many Requests: it has seen too many requests from this server). Your link is fine: Pinterest blocks or challenges requests from some server addresses, such as data centres. The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.",
    ],
    [502, 'Pinterest answered with an error (HTTP 500). Please try again later.'],
  ]);
});

test('instagram: public reel, private reel, wrong site', async () => {
  const { app } = await createMediaTestApp();
  const ask = (videoUrl: string) => request(app).post('/api/instagram/download').send({ videoUrl });
  const ok = await ask(`https://www.instagram.com/reel/${IG.ok}/`);
  const file = await download(app, ok.body.downloadUrl);
  expect(file.headers['content-disposition']).toContain(`instagram-${IG.ok}-1080p.mp4`);
  const privateReel = await ask(`https://www.instagram.com/reel/${IG.private}/`);
  expect([privateReel.status, privateReel.body.error]).toEqual([
    403,
    "Instagram asked this server to log in, so the reel could not be read. Either the reel is private (only its followers can see it), or Instagram is turning away requests from this server's address; for the second, the site's operator can set MEDIA_PROXY_URL to a proxy with another address.",
  ]);
  const wrong = await ask(`https://www.pinterest.com/pin/${PIN.redux}/`);
  expect([wrong.status, wrong.body.error]).toEqual([
    400,
    'Please enter an Instagram reel or video post link (instagram.com/reel/...).',
  ]);
  const limited = await ask(`https://www.instagram.com/reel/${IG.rateLimited}/`);
  expect(limited.status).toBe(502);
});

test('youtube shorts: progressive MP4, or 422 when only protected formats exist', async () => {
  const { app } = await createMediaTestApp();
  const ok = await request(app)
    .post('/api/youtube/download')
    .send({ videoUrl: `https://youtube.com/shorts/${YT.ok}?feature=share` });
  const file = await download(app, ok.body.downloadUrl);
  expect([file.status, file.headers['content-length']]).toEqual([200, '90000']);
  const cipher = await request(app)
    .post('/api/youtube/download')
    .send({ videoUrl: `https://youtube.com/shorts/${YT.cipherOnly}` });
  expect([cipher.status, cipher.body.error]).toEqual([
    422,
    'YouTube does not offer a single downloadable file for this video.',
  ]);
  const bad = await request(app)
    .post('/api/youtube/download')
    .send({ videoUrl: 'https://www.youtube.com/shorts/tooShort' });
  expect(bad.status).toBe(400);
});

test('relay: oversized files are refused (declared size) or cut off (streamed size)', async () => {
  const { app } = await createMediaTestApp({ MEDIA_MAX_BYTES: String(1024 * 1024) });
  const declared = await request(app)
    .post('/api/youtube/download')
    .send({ videoUrl: `https://youtube.com/shorts/${YT.bigShort}` });
  const refused = await request(app).get(declared.body.downloadUrl);
  expect([refused.status, refused.body.error]).toEqual([
    502,
    'The video file is larger than the 1 MB limit of this tool.',
  ]);

  const streamed = await request(app)
    .post('/api/pinterest/download')
    .send({ videoUrl: `https://www.pinterest.com/pin/${PIN.big}/`, resolution: 720 });
  const cut = await download(app, streamed.body.downloadUrl).then(
    (res) => (res.body as Buffer).length,
    () => -1,
  );
  expect(cut).toBeLessThanOrEqual(1024 * 1024);
});

test('relay: forged or unknown links answer 404', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app).get('/api/media/file/eyJ1IjoiaHR0cDovLzE2OS4yNTQuMTY5LjI1NCJ9.bogus');
  expect([res.status, res.body.error]).toEqual([
    404,
    'This download link has expired or is not valid. Please request a new one.',
  ]);
});

test('relay: HEAD answers the headers without streaming the file', async () => {
  const { app } = await createMediaTestApp();
  const found = await request(app)
    .post('/api/instagram/download')
    .send({ videoUrl: `https://www.instagram.com/reel/${IG.ok}/` });
  const head = await request(app).head(found.body.downloadUrl);
  expect([head.status, head.headers['content-type'], head.headers['content-length']]).toEqual([
    200,
    'video/mp4',
    '80000',
  ]);
  expect(head.headers['content-disposition']).toContain(`instagram-${IG.ok}-1080p.mp4`);
});

test('relay: a download link handed out before a restart still works after it (the key is kept in the database)', async () => {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'media-restart-'));
  const before = await createTestApp({ env: upstreams.env, dataDir });
  const found = await request(before.app)
    .post('/api/instagram/download')
    .send({ videoUrl: `https://www.instagram.com/reel/${IG.ok}/` });
  await before.close();
  const after = await createTestApp({ env: upstreams.env, dataDir });
  onTestFinished(after.close);
  const file = await download(after.app, found.body.downloadUrl);
  expect([file.status, file.headers['content-length']]).toEqual([200, '80000']);
});

test.each(DIALECTS)(
  'relay (%s): without MEDIA_SIGNING_KEY a link handed out by one process downloads from another on the same database',
  async (dialect) => {
    const upstreams = await startMediaUpstreams();
    onTestFinished(() => upstreams.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'media-shared-'));
    // Both apps share this thread: a job's SQLite transaction in `one` cannot commit while `other`
    // waits synchronously on the same file's lock, so `one` keeps no periodic look of its own running
    // (the monitors' change watch, which has nothing to do here).
    const one = await createTestApp({ env: { ...upstreams.env, MONITOR_WATCH_INTERVAL_S: '0' }, dataDir, dialect });
    const otherDb = await openSameDatabase(one.db, dataDir);
    const other = createApp({ config: one.config, db: otherDb, log: createLogger('silent'), jobs: noJobs() });
    onTestFinished(async () => {
      await other.locals.shutdown();
      await otherDb.destroy();
      await one.close();
    });
    await other.locals.prepare();
    const ask = (app: App) =>
      request(app)
        .post('/api/instagram/download')
        .send({ videoUrl: `https://www.instagram.com/reel/${IG.ok}/` });
    const [fromOne, fromOther] = await Promise.all([ask(one.app), ask(other)]);
    const files = await Promise.all([
      download(other, fromOne.body.downloadUrl),
      download(one.app, fromOther.body.downloadUrl),
    ]);
    expect(files.map((file) => [file.status, file.headers['content-length']])).toEqual([
      [200, '80000'],
      [200, '80000'],
    ]);
  },
);

test('with MEDIA_PROXY_URL every platform request, the file relay included, goes through the proxy', async () => {
  const proxy = await startConnectProxy();
  onTestFinished(() => proxy.close());
  const { app, upstreams } = await createMediaTestApp({ MEDIA_PROXY_URL: proxy.origin });
  const found = await request(app)
    .post('/api/pinterest/download')
    .send({ videoUrl: `https://www.pinterest.com/pin/${PIN.redux}/`, resolution: 480 });
  expect(found.status).toBe(200);
  const file = await download(app, found.body.downloadUrl);
  expect([file.status, file.headers['content-length']]).toEqual([200, '60000']);
  const transcript = await request(app)
    .post('/api/youtube-transcript/get')
    .send({ videoUrl: `https://youtu.be/${YT.ok}` });
  expect(transcript.status).toBe(200);
  expect(new Set(proxy.tunnels)).toEqual(
    new Set([upstreams.pinterest.hostPort, upstreams.cdn.hostPort, upstreams.youtube.hostPort]),
  );
});
