import { afterAll, expect, onTestFinished, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { MOBILE_REPORT_LIMITS } from '#views/model/mobile-test.ts';
import { googlebotSmartphoneUserAgent } from '#server/lib/browser/page-render/agents.ts';
import {
  createMobileRenderer,
  findRendererChromium,
  type MobileRenderer,
} from '#server/lib/browser/page-render/renderer.ts';

/*
 * What a render met besides its layout, against a loopback page with planted problems: a missing image
 * (404), a script robots.txt disallows for Googlebot, a console.error and an uncaught exception. As
 * Googlebot the disallowed script is never requested, and the page renders without it.
 */

const chromiumPath = findRendererChromium(process.env.CHROMIUM_PATH);
if (!chromiumPath) throw new Error('These tests need Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.');

const PAGE = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Diagnostics</title></head><body><h1>Diagnostics</h1>
<img src="/missing.png" alt="Missing" width="40" height="40">
<p id="widget">Widget not loaded</p><p id="written"></p>
<script src="/private/widget.js"></script>
<script>document.getElementById('written').textContent = 'Written by the page script'; console.error('Planted console error');</script>
<script>throw new TypeError('Planted uncaught exception');</script>
</body></html>`;

const ROBOTS = 'User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /private/\n';

async function plantedSite(robots = ROBOTS, robotsStatus = 200) {
  const requests: Array<{ path: string; userAgent: string }> = [];
  const server = await startLoopbackServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ path, userAgent: req.headers['user-agent'] ?? '' });
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (path === '/robots.txt') return void res.writeHead(robotsStatus, { 'content-type': 'text/plain' }).end(robots);
    if (path === '/private/widget.js')
      return void res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end("document.getElementById('widget').textContent = 'Widget loaded';");
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  onTestFinished(() => server.close());
  return { server, requests, paths: () => requests.map((request) => request.path) };
}

const renderers: MobileRenderer[] = [];
afterAll(() => Promise.all(renderers.map((renderer) => renderer.close())));

function rendererFor(hostPort: string): MobileRenderer {
  const renderer = createMobileRenderer({
    chromiumPath: chromiumPath!,
    fetcher: createSafeFetcher({ allowPrivate: [hostPort], userAgent: 'test-bot' }),
    limits: { timeoutMs: 20_000, maxPageBytes: 8 * 1024 * 1024 },
    concurrency: 1,
  });
  renderers.push(renderer);
  return renderer;
}

test('as a phone browser: the 404 image and both script errors are listed, robots.txt is not read, the script ran', async () => {
  const { server, paths } = await plantedSite();
  const result = await rendererFor(server.hostPort).render(`${server.origin}/`);
  const origin = server.origin;
  expect(result.failedResources).toEqual({
    items: [{ url: `${origin}/missing.png`, type: 'image', status: 404 }],
    total: 1,
  });
  expect(result.robotsBlocked).toEqual({ items: [], total: 0 });
  expect(result.consoleErrors).toEqual({
    items: [
      { kind: 'console', text: 'Planted console error', source: `${origin}/:6:96` },
      { kind: 'exception', text: 'TypeError: Planted uncaught exception', source: `${origin}/:7:15` },
    ],
    total: 2,
  });
  expect(result.renderedHtml.truncated).toBe(false);
  expect(result.renderedHtml.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
  expect(result.renderedHtml.html).toContain('<p id="written">Written by the page script</p>');
  expect(result.renderedHtml.html).toContain('<p id="widget">Widget loaded</p>');
  expect(result.renderedHtml.bytes).toBe(Buffer.byteLength(result.renderedHtml.html));
  expect(paths()).not.toContain('/robots.txt');
  expect(paths()).toContain('/private/widget.js');
  expect(result.userAgentString).toMatch(
    /^Mozilla\/5\.0 \(Linux; Android 10; K\) .* Chrome\/\d+\.0\.0\.0 Mobile Safari\/537\.36 DelhiSeoToolsBot\/1\.0$/,
  );
});

test('as Googlebot smartphone: the disallowed script is listed as blocked and never requested; the page renders without it', async () => {
  const { server, paths, requests } = await plantedSite();
  const result = await rendererFor(server.hostPort).render(`${server.origin}/`, undefined, {
    device: 'tablet',
    userAgent: 'googlebot',
  });
  const origin = server.origin;
  expect(result.robotsBlocked).toEqual({ items: [{ url: `${origin}/private/widget.js`, type: 'script' }], total: 1 });
  expect(result.failedResources).toEqual({
    items: [{ url: `${origin}/missing.png`, type: 'image', status: 404 }],
    total: 1,
  });
  expect(result.consoleErrors.items.map((line) => [line.kind, line.text])).toEqual([
    ['console', 'Planted console error'],
    ['exception', 'TypeError: Planted uncaught exception'],
  ]);
  expect(paths()).not.toContain('/private/widget.js');
  // robots.txt read once, before the page itself, as Googlebot.
  expect(paths().filter((path) => path === '/robots.txt')).toEqual(['/robots.txt']);
  expect(paths()[0]).toBe('/robots.txt');
  expect(result.renderedHtml.html).toContain('<p id="widget">Widget not loaded</p>');
  expect(result.renderedHtml.html).toContain('<p id="written">Written by the page script</p>');
  expect(result.measurement.viewportWidth).toBe(768);
  const png = Buffer.from(result.screenshot.split(',')[1], 'base64');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([768, 1024]);
  const version = /Chrome\/(\d+\.\d+\.\d+\.\d+) /.exec(result.userAgentString)?.[1];
  expect(result.userAgentString).toBe(googlebotSmartphoneUserAgent(version!));
  expect(new Set(requests.map((request) => request.userAgent))).toEqual(new Set([result.userAgentString]));
});

test('as Googlebot, a page its robots.txt disallows is not fetched at all: the test says so', async () => {
  const { server, paths } = await plantedSite('User-agent: Googlebot\nDisallow: /\n');
  const error = await rendererFor(server.hostPort)
    .render(`${server.origin}/`, undefined, { device: 'phone', userAgent: 'googlebot' })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toMatchObject({
    kind: 'not-possible',
    message: `${server.origin}/robots.txt does not let Googlebot fetch ${server.origin}/, so Google cannot render it. Test it as a phone browser, or allow it in robots.txt.`,
  });
  expect(paths()).toEqual(['/robots.txt']);
});

test('a robots.txt answering 503 keeps Googlebot from the whole host, and the report says why', async () => {
  const { server, paths } = await plantedSite('down', 503);
  const error = await rendererFor(server.hostPort)
    .render(`${server.origin}/`, undefined, { device: 'phone', userAgent: 'googlebot' })
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({
    kind: 'not-possible',
    message: `${server.origin}/robots.txt could not be read (status 503); Googlebot then fetches nothing from ${server.origin}. Test it as a phone browser, or make robots.txt answer.`,
  });
  expect(paths()).toEqual(['/robots.txt']);
});

test('the rendered HTML is capped at 512 KiB: cut on a character boundary, its full size reported', async () => {
  // The script writes 300,000 two-byte characters (600,000 bytes of UTF-8) into the page.
  const page = `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><p id="big"></p>
<script>document.getElementById('big').textContent = 'é'.repeat(300000);</script></body></html>`;
  const server = await startLoopbackServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page),
  );
  onTestFinished(() => server.close());
  const { renderedHtml } = await rendererFor(server.hostPort).render(`${server.origin}/`);
  expect(renderedHtml.truncated).toBe(true);
  expect(renderedHtml.bytes).toBeGreaterThan(600_000);
  const kept = Buffer.byteLength(renderedHtml.html);
  expect(kept).toBeLessThanOrEqual(MOBILE_REPORT_LIMITS.renderedHtmlBytes);
  expect(kept).toBeGreaterThan(MOBILE_REPORT_LIMITS.renderedHtmlBytes - 2);
  expect(renderedHtml.html.endsWith('é')).toBe(true);
});

test('the report limits are the documented ones', () => {
  expect(MOBILE_REPORT_LIMITS).toEqual({
    resources: 100,
    consoleLines: 50,
    consoleLineChars: 1000,
    renderedHtmlBytes: 512 * 1024,
    robotsHosts: 10,
  });
});
