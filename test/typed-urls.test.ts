import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';

type App = TestApp['app'];

/** Typed text that can never be a URL: the one rule refuses it before any request (no DNS error). */
const GARBAGE = ['../../etc/passwd', 'http://', ':::', 'a b c', 'javascript:alert(1)'];
/** A socket or TLS code such as ECONNREFUSED or EPROTO, which must never reach a person. */
const SYSTEM_CODE = /\bE[A-Z]{3,}\b|ERR_|CERT_/;
const PAGE =
  '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain http site</title></head><body><h1>Only http here</h1><a href="/about">About</a></body></html>';

/** A site that speaks only plain http: https to it fails with EPROTO ("wrong version number"). */
function httpOnlySite(): Promise<LoopbackServer> {
  return startLoopbackServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
}

/** A file-backed app, closed (crawls stopped, database closed) when the test ends. */
async function appFor(allow: string[]): Promise<App> {
  const { app, close } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: allow.join(','), CHROMIUM_PATH: 'off' },
    assets: apiOnlyAssets,
    file: true,
  });
  onTestFinished(close);
  return app;
}

/** Reads a site audit's event stream to its end: the readiness signal that it finished. */
const auditEvents = (app: App, id: string) => readEventStream(app, `/api/site-audits/${id}/events`);

test("garbage URLs answer 400 with the tool's message on every single-URL endpoint, and nothing is fetched", async () => {
  const app = await appFor([]);
  const invalid = 'Please enter a valid URL (for example https://example.com/).';
  const crawlInvalid = 'Please enter a valid http:// or https:// URL.';
  const seen: Array<[string, string, number, unknown]> = [];
  for (const url of GARBAGE) {
    for (const path of [
      '/api/seo-audit/audit',
      '/api/mobile-friendly-tester/test',
      '/api/site-audits',
      '/api/sitemaps',
    ]) {
      const res = await request(app).post(path).send({ url });
      seen.push([path, url, res.status, res.body]);
    }
    const progress = await request(app).get('/api/sitemaps/progress').query({ url });
    seen.push(['/api/sitemaps/progress', url, progress.status, progress.body]);
  }
  const expected = GARBAGE.flatMap((url) => {
    const single = url.startsWith('javascript:')
      ? 'Only http and https URLs can be fetched (got javascript).'
      : invalid;
    return [
      ['/api/seo-audit/audit', url, 400, { error: single }],
      ['/api/mobile-friendly-tester/test', url, 400, { error: single }],
      ['/api/site-audits', url, 400, { error: crawlInvalid }],
      ['/api/sitemaps', url, 400, { error: crawlInvalid }],
      ['/api/sitemaps/progress', url, 400, { error: crawlInvalid }],
    ];
  });
  expect(seen).toEqual(expected);
});

test("garbage lines in the bulk checkers are failed rows with the rule's reason, never a DNS lookup", async () => {
  const app = await appFor([]);
  const redirects = await request(app).post('/api/bulk-url-redirection/redirect').send({ urls: GARBAGE });
  const index = await request(app).post('/api/google-index-checker/check').send({ urls: GARBAGE });
  const reason = (url: string) =>
    url.startsWith('javascript:')
      ? 'Only http and https URLs can be fetched (got javascript).'
      : 'Please enter a valid URL (for example https://example.com/).';
  expect([redirects.status, index.status]).toEqual([200, 200]);
  expect(
    redirects.body.result.map((row: { originalUrl: string; error: string; state: string }) => [
      row.originalUrl,
      row.error,
      row.state,
    ]),
  ).toEqual(GARBAGE.map((url) => [url, reason(url), 'failed']));
  expect(
    index.body.result.map((row: { url: string; error: string; state: string }) => [row.url, row.error, row.state]),
  ).toEqual(GARBAGE.map((url) => [url, reason(url), 'failed']));
});

test('a bare domain of an http-only site is audited over http by the SEO audit and the mobile test', async () => {
  const site = await httpOnlySite();
  try {
    const app = await appFor([site.hostPort]);
    const audit = await request(app)
      .post('/api/seo-audit/audit')
      .send({ url: `${site.hostPort}/` });
    const mobile = await request(app).post('/api/mobile-friendly-tester/test').send({ url: site.hostPort });
    expect([audit.status, audit.body.report?.url, audit.body.report?.title]).toEqual([
      200,
      `${site.origin}/`,
      'Plain http site',
    ]);
    expect([mobile.status, mobile.body.report?.url]).toEqual([200, `${site.origin}/`]);
  } finally {
    await site.close();
  }
});

test('a bare domain of an http-only site is crawled over http by the site audit and the sitemap generator', async () => {
  const site = await httpOnlySite();
  try {
    const app = await appFor([site.hostPort]);
    const sitemap = await request(app).post('/api/sitemaps').send({ url: site.hostPort });
    expect([sitemap.status, sitemap.body.report?.siteUrl, sitemap.body.record?.pages]).toEqual([200, site.origin, 2]);
    const started = await request(app)
      .post('/api/site-audits')
      .send({ url: `//${site.hostPort}/` });
    expect(started.status).toBe(202);
    expect(await auditEvents(app, started.body.id)).toContain('event: done');
    const audit = await request(app).get(`/api/site-audits/${started.body.id}`);
    expect([audit.body.status, audit.body.report?.siteUrl, audit.body.summary?.pages]).toEqual([
      'done',
      site.origin,
      2,
    ]);
  } finally {
    await site.close();
  }
});

test('a bare domain of an http-only site is followed over http by the redirect and index checkers', async () => {
  const site = await httpOnlySite();
  try {
    const app = await appFor([site.hostPort]);
    const redirects = await request(app)
      .post('/api/bulk-url-redirection/redirect')
      .send({ urls: [`${site.hostPort}/x`] });
    const index = await request(app)
      .post('/api/google-index-checker/check')
      .send({ urls: [`${site.hostPort}/x`] });
    expect(redirects.body.result[0]).toMatchObject({
      originalUrl: `${site.hostPort}/x`,
      redirectedUrl: `${site.origin}/x`,
      finalStatus: 200,
      state: 'checked',
    });
    expect(index.body.result[0]).toMatchObject({
      url: `${site.hostPort}/x`,
      finalUrl: `${site.origin}/x`,
      status: 200,
      indexable: true,
      state: 'checked',
    });
  } finally {
    await site.close();
  }
});

test('an explicit https:// never falls back to http, and its failure reads in plain words', async () => {
  const site = await httpOnlySite();
  try {
    const app = await appFor([site.hostPort]);
    const res = await request(app)
      .post('/api/seo-audit/audit')
      .send({ url: `https://${site.hostPort}/` });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: `The secure connection (TLS) to ${site.hostPort} failed: the server did not answer in TLS (it may serve only http://).`,
    });
    expect(site.connections()).toBe(1);
  } finally {
    await site.close();
  }
});

test('no network failure shows a system code (EPROTO, ECONNREFUSED, ENOTFOUND) on any URL-taking endpoint', async () => {
  const site = await httpOnlySite();
  const closed = await startLoopbackServer((_req, res) => res.end());
  await closed.close();
  try {
    const app = await appFor([site.hostPort, closed.hostPort]);
    const targets = [
      `https://${site.hostPort}/`,
      `http://${closed.hostPort}/`,
      closed.hostPort,
      'http://nosuch.invalid/',
    ];
    const messages: string[] = [];
    for (const url of targets) {
      for (const path of ['/api/seo-audit/audit', '/api/mobile-friendly-tester/test', '/api/sitemaps']) {
        const res = await request(app).post(path).send({ url });
        expect([path, url, res.status]).toEqual([path, url, 502]);
        messages.push(res.body.error);
      }
      const redirects = await request(app)
        .post('/api/bulk-url-redirection/redirect')
        .send({ urls: [url] });
      const index = await request(app)
        .post('/api/google-index-checker/check')
        .send({ urls: [url] });
      messages.push(redirects.body.result[0].error, index.body.result[0].error);
      const started = await request(app).post('/api/site-audits').send({ url });
      await auditEvents(app, started.body.id);
      messages.push((await request(app).get(`/api/site-audits/${started.body.id}`)).body.error);
    }
    expect(messages).toHaveLength(targets.length * 6);
    for (const message of messages) expect([message, SYSTEM_CODE.test(message)]).toEqual([message, false]);
    expect(messages.filter((message) => message.includes('refused the connection'))).toHaveLength(12);
  } finally {
    await site.close();
  }
});
