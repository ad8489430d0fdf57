import request from 'supertest';
import { expect, test } from 'vitest';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { TOOL_BUSY } from './endpoint.ts';

/** A page that answers only when the test says so, and says when a request has arrived. */
async function heldSite() {
  let arrived!: () => void;
  let release!: () => void;
  const firstRequest = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const site = await startLoopbackServer((_req, res) => {
    arrived();
    void released.then(() =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="en"><head><title>Held</title></head><body><h1>Held</h1></body></html>'),
    );
  });
  return { site, firstRequest, release };
}

const tools: Array<[string, string, (origin: string) => object]> = [
  ['SEO audit', '/api/seo-audit/audit', (origin) => ({ url: `${origin}/` })],
  ['mobile test', '/api/mobile-friendly-tester/test', (origin) => ({ url: `${origin}/` })],
  ['redirect checker', '/api/bulk-url-redirection/redirect', (origin) => ({ urls: [`${origin}/`] })],
  ['index checker', '/api/google-index-checker/check', (origin) => ({ urls: [`${origin}/`] })],
];

for (const [name, path, body] of tools) {
  test(`${name}: past TOOL_MAX_RUNNING for everyone a request answers 503 with Retry-After, and is served again once the work finishes`, async () => {
    const { site, firstRequest, release } = await heldSite();
    const { app } = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort, TOOL_MAX_RUNNING: '1' } });
    const first = request(app)
      .post(path)
      .send(body(site.origin))
      .then((res) => res);
    await firstRequest;
    const busy = await request(app).post(path).send(body(site.origin));
    expect([busy.status, busy.headers['retry-after'], busy.body]).toEqual([503, '30', { error: TOOL_BUSY }]);
    release();
    expect((await first).status).toBe(200);
    expect((await request(app).post(path).send(body(site.origin))).status).toBe(200);
    await site.close();
  });
}
