import { afterAll, expect, onTestFinished, test } from 'vitest';
import { createSafeFetcher, FetchError } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import {
  answerArticleApi,
  ARTICLE_SLOT,
  LATE_ARTICLE_SCRIPT,
  LATE_BANNER_SCRIPT,
  LATE_DATA_MS,
} from '#test/fixtures/settling-pages.ts';
import { evaluateRendered } from './rendered-checks.ts';
import {
  createMobileRenderer,
  findRendererChromium,
  RendererBusyError,
} from '#server/lib/browser/page-render/renderer.ts';
import { RenderError } from '#server/lib/browser/page-render/render.ts';

const chromiumPath = findRendererChromium(process.env.CHROMIUM_PATH);
if (!chromiumPath) throw new Error('These tests need Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.');

const PLANTED = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 16px/1.5 sans-serif; margin: 0; padding: 8px } nav a { display: inline-block; min-width: 48px; min-height: 48px }</style></head><body>
<h1>Planted problems</h1>
<p>Read our <a href="/terms">terms</a> before you order.</p>
<p id="fine-print" style="font-size: 10px">Terms apply</p>
<p>Label <span id="tiny-label" style="font-size: 9px">Beta</span></p>
<a id="icon-link" href="/x" style="display: inline-block; width: 16px; height: 16px"></a>
<button id="close" style="width: 20px; height: 20px; padding: 0; font-size: 14px">x</button>
<div id="wide-banner" style="width: 600px">Wide banner</div>
<nav><a href="/a">Home</a> <a href="/b">About</a></nav>
</body></html>`;

const CLEAN = `<!doctype html><html lang="en"><head><title>A clean page</title><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 16px/1.5 sans-serif; margin: 0; padding: 8px } img { max-width: 100%; height: auto } nav a { display: inline-block; padding: 12px }</style></head><body>
<h1>A clean page</h1><p>Short, readable text with a <a href="/more">link in a sentence</a>.</p><nav><a href="/a">Home</a> <a href="/b">About</a></nav>
<button style="min-width: 48px; min-height: 48px">Call us</button></body></html>`;

let renderers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(renderers.map((renderer) => renderer.close()));
  renderers = [];
});

async function site(
  pages: Record<
    string,
    (req: { url?: string }) => { status?: number; type?: string; body: string; headers?: Record<string, string> } | null
  >,
): Promise<LoopbackServer> {
  const server = await startLoopbackServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    // The late article's API (a slow backend) on every site.
    if (answerArticleApi(path, res)) return;
    const page = pages[path];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const answer = page(req);
    // null: never answered (a request that hangs).
    if (!answer) return;
    res
      .writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/html; charset=utf-8', ...answer.headers })
      .end(answer.body);
  });
  onTestFinished(() => server.close());
  return server;
}

function rendererFor(allowed: LoopbackServer, limits = { timeoutMs: 20_000, maxPageBytes: 8 * 1024 * 1024 }) {
  const renderer = createMobileRenderer({
    chromiumPath: chromiumPath!,
    fetcher: createSafeFetcher({ allowPrivate: [allowed.hostPort], userAgent: 'test-bot' }),
    limits,
    concurrency: 1,
  });
  renderers.push(renderer);
  return renderer;
}

test('planted problems come back exactly: tiny text, small tap targets and overflow, with inline links exempt', async () => {
  const server = await site({ '/': () => ({ body: PLANTED }) });
  const result = await rendererFor(server).render(`${server.origin}/`);
  const m = result.measurement;
  expect(m.viewportWidth).toBe(360);
  expect(m.smallText).toEqual(['<p#fine-print> "Terms apply"', '<span#tiny-label> "Beta"']);
  expect(m.smallTargets).toEqual(['<a#icon-link> 16×16', '<button#close> "x" 20×20']);
  expect(m.overflowing).toEqual(['<div#wide-banner> "Wide banner"']);
  expect(m.plugins).toEqual([]);
  const status = Object.fromEntries(evaluateRendered(m).map((check) => [check.id, check.status]));
  expect(status).toEqual({
    viewport: 'pass',
    'fixed-width': 'fail',
    zoom: 'pass',
    plugins: 'pass',
    'font-size': 'fail',
    'responsive-images': 'pass',
    'tap-targets': 'warning',
  });
  expect(result.screenshot).toMatch(/^data:image\/png;base64,/);
});

test('a page without a viewport tag is laid out at desktop width and fails the viewport check', async () => {
  const server = await site({
    '/': () => ({
      body: '<!doctype html><html><head><title>Old</title></head><body><p>Desktop only</p></body></html>',
    }),
  });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(result.measurement.viewportMeta).toBeNull();
  expect(result.measurement.viewportWidth).toBeGreaterThan(360);
  expect(evaluateRendered(result.measurement)[0]).toMatchObject({ id: 'viewport', status: 'fail' });
});

test('a clean page has no findings at all', async () => {
  const server = await site({ '/': () => ({ body: CLEAN }) });
  const result = await rendererFor(server).render(`${server.origin}/`);
  const { measurement } = result;
  expect([
    measurement.smallText,
    measurement.smallTargets,
    measurement.overflowing,
    measurement.plugins,
    measurement.wideImages,
  ]).toEqual([[], [], [], [], []]);
  expect(evaluateRendered(measurement).every((check) => check.status === 'pass')).toBe(true);
  expect(result.blocked).toEqual([]);
  // The site audit's measurements of a rendered page: lab vitals, and no axe-core failure.
  expect(result.vitals).toEqual({ lcpMs: expect.any(Number), cls: 0, tbtMs: 0 });
  expect(result.accessibility).toEqual([]);
});

test('the lab vitals and axe-core failures are measured as the site audit measures them', async () => {
  const body = CLEAN.replace(
    '</body>',
    '<img src="/photo.png" width="40" height="30"><form><input type="text" name="q"></form></body>',
  );
  const server = await site({ '/': () => ({ body }) });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(result.accessibility.map((finding) => [finding.rule, finding.count, finding.element])).toEqual([
    ['image-alt', 1, 'img <img src="/photo.png" width="40" height="30">'],
    ['label', 1, 'input <input type="text" name="q" style="">'],
  ]);
  expect(result.vitals?.lcpMs).toBeGreaterThan(0);
});

test('a page that paints its first content well after its load is measured once it has painted, not read with no LCP', async () => {
  // Text shown at opacity 0 is not contentful (Chrome ignores it for FCP and LCP): the page paints its
  // content 1.2 s after its load event, long after the two frames that followed the load.
  const body = CLEAN.replace('<body>', '<body style="opacity: 0">').replace(
    '</body>',
    "<script>addEventListener('load', () => setTimeout(() => { document.body.style.opacity = '1'; }, 1200));</script></body>",
  );
  const server = await site({ '/': () => ({ body }) });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(result.vitals?.lcpMs).toBeGreaterThanOrEqual(1200);
});

test('a page is measured once it has settled: the text block its data paints after load is its LCP, a banner 1.5 s in its CLS; a plain page as before', async () => {
  const server = await site({
    '/': () => ({ body: CLEAN }),
    '/late-article': () => ({ body: CLEAN.replace('</body>', `${ARTICLE_SLOT}${LATE_ARTICLE_SCRIPT}</body>`) }),
    '/late-banner': () => ({ body: CLEAN.replace('</body>', `${LATE_BANNER_SCRIPT}</body>`) }),
  });
  const renderer = rendererFor(server);
  const [plain, article, banner] = [
    await renderer.render(`${server.origin}/`),
    await renderer.render(`${server.origin}/late-article`),
    await renderer.render(`${server.origin}/late-banner`),
  ];
  expect([plain.vitals, plain.notes]).toEqual([{ lcpMs: expect.any(Number), cls: 0, tbtMs: 0 }, []]);
  // The article arrives 2 s after load (a timer, then a slow API): read at load, its LCP was the loading line's.
  expect(article.vitals?.lcpMs).toBeGreaterThanOrEqual(LATE_DATA_MS);
  expect([article.vitals?.cls, article.notes]).toEqual([0, []]);
  expect(article.renderedHtml.html).toContain('Every notebook we sell is sewn by hand');
  expect([banner.vitals?.cls, banner.notes]).toEqual([0.119, []]);
}, 60_000);

test("a page that has not settled within the time limit is measured as it is, and the notes say so in the site audit's words", async () => {
  // A data request that is never answered: the page waits for it as long as the test may.
  const server = await site({
    '/': () => ({ body: CLEAN.replace('</body>', "<script>fetch('/never');</script></body>") }),
    '/never': () => null,
  });
  const result = await rendererFor(server, { timeoutMs: 10_000, maxPageBytes: 1024 * 1024 }).render(
    `${server.origin}/`,
  );
  expect(result.notes).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Page still loading when it was read: Still loading after \\d(\\.\\d)? s: 1 request \\(${server.origin}/never\\); it was measured as it was then\\.$`,
      ),
    ),
  ]);
  expect(result.vitals).toEqual({ lcpMs: expect.any(Number), cls: 0, tbtMs: 0 });
}, 60_000);

test('every request goes through the guarded fetcher: private targets are refused and Chromium never connects itself', async () => {
  // B is a loopback server NOT on the fetcher's allowance: nothing may ever reach it.
  const forbidden = await site({
    '/frame': () => ({ body: 'frame' }),
    '/img': () => ({ type: 'image/png', body: 'x' }),
    '/api': () => ({ body: '{}' }),
  });
  const b = forbidden.origin;
  const page = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/ok.css"></head><body>
<img src="http://10.0.0.1/pixel.png"><script src="http://169.254.169.254/latest/meta-data/"></script>
<iframe src="${b}/frame"></iframe><img src="/to-b">
<script>fetch('${b.replace('127.0.0.1', '[::1]')}/api').catch(() => {}); try { new WebSocket('${b.replace('http', 'ws')}/ws') } catch {}</script>
<p>Fine.</p></body></html>`;
  const server = await site({
    '/': () => ({ body: page }),
    '/ok.css': () => ({ type: 'text/css', body: 'p { color: #333 }' }),
    '/to-b': () => ({ status: 302, body: '', headers: { location: `${b}/img` } }),
  });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(new Set(result.blocked)).toEqual(
    new Set([
      'http://10.0.0.1/pixel.png',
      'http://169.254.169.254/latest/meta-data/',
      `${b}/frame`,
      `${b}/img`,
      `${b.replace('127.0.0.1', '[::1]')}/api`,
    ]),
  );
  expect(forbidden.connections()).toBe(0);
  expect(result.stylesheets).toEqual([`${server.origin}/ok.css`]);
});

test('the page weight is capped: files past the cap are not loaded and the report says so', async () => {
  const big = 'x'.repeat(300 * 1024);
  const server = await site({
    '/': () => ({
      body: `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><p>Heavy</p><script src="/a.js"></script><script src="/b.js"></script></body></html>`,
    }),
    '/a.js': () => ({ type: 'text/javascript', body: `/*${big}*/` }),
    '/b.js': () => ({ type: 'text/javascript', body: `/*${big}*/` }),
  });
  const result = await rendererFor(server, { timeoutMs: 20_000, maxPageBytes: 512 * 1024 }).render(`${server.origin}/`);
  expect(result.pageBytes).toBeLessThanOrEqual(512 * 1024);
  expect(result.notes).toEqual(['The page weighs more than 0.5 MB; the rest of its files were not loaded.']);
});

test('a page whose script never ends is stopped at the time limit', async () => {
  const server = await site({
    '/': () => ({ body: '<!doctype html><html><body><p>Busy</p><script>for (;;) {}</script></body></html>' }),
  });
  const error = await rendererFor(server, { timeoutMs: 3_000, maxPageBytes: 1024 * 1024 })
    .render(`${server.origin}/`)
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  expect(error).toBeInstanceOf(RenderError);
  expect((error as RenderError).kind).toBe('timeout');
});

test('the document itself on a private address, or behind a redirect to one, fails with the fetcher reason before Chromium is asked', async () => {
  const server = await site({
    '/away': () => ({ status: 301, body: '', headers: { location: 'http://169.254.169.254/' } }),
  });
  for (const url of ['http://169.254.169.254/', `${server.origin}/away`]) {
    const error = await rendererFor(server)
      .render(url)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe('forbidden-address');
  }
});

test('a document that is not HTML is refused with the same words as the static test', async () => {
  const server = await site({ '/logo.png': () => ({ type: 'image/png', body: 'png' }) });
  const error = await rendererFor(server)
    .render(`${server.origin}/logo.png`)
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  expect((error as RenderError).kind).toBe('not-html');
  expect((error as RenderError).message).toBe(
    'That address returned image/png, not an HTML page; enter the URL of a web page.',
  );
});

test('renders beyond the slots and the small queue are refused at once as busy; a waiting render leaves when its client does', async () => {
  // The document never answers, so the first render holds the only slot until it is aborted.
  const server = await startLoopbackServer(() => undefined);
  onTestFinished(() => server.close());
  const renderer = createMobileRenderer({
    chromiumPath: chromiumPath!,
    fetcher: createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'test-bot' }),
    limits: { timeoutMs: 20_000, maxPageBytes: 1024 * 1024 },
    concurrency: 1,
    maxQueued: 1,
  });
  renderers.push(renderer);
  const first = new AbortController();
  const running = renderer.render(`${server.origin}/`, first.signal).catch((error: unknown) => error);
  const second = new AbortController();
  const waiting = renderer.render(`${server.origin}/`, second.signal).catch((error: unknown) => error);
  const busy = await renderer.render(`${server.origin}/`).catch((error: unknown) => error);
  expect(busy).toBeInstanceOf(RendererBusyError);
  expect((busy as RendererBusyError).message).toBe(
    'The mobile-friendly tester is busy with other pages. Please try again in a few seconds.',
  );
  second.abort();
  expect(String(await waiting)).toContain('cancelled');
  first.abort();
  expect(await running).toBeInstanceOf(FetchError);
});

test('a meta refresh is followed like a redirect: the page it names is rendered and reported as the URL', async () => {
  const refresh = (content: string) =>
    `<!doctype html><html><head><meta http-equiv="refresh" content="${content}"></head><body><p>Moved</p></body></html>`;
  const server = await site({
    '/': () => ({ body: refresh('0;url=/x') }),
    '/x': () => ({ body: refresh("0; URL='/final?from=x'") }),
    '/final': () => ({ body: CLEAN }),
  });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(result.url).toBe(`${server.origin}/final?from=x`);
  expect(result.measurement.viewportMeta).toBe('width=device-width, initial-scale=1');
});

test('meta refreshes count toward the redirect limit, and one back to an address already seen is a loop', async () => {
  const refresh = (to: string) =>
    `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=${to}"></head><body></body></html>`;
  const pages: Record<string, () => { body: string }> = {
    '/a': () => ({ body: refresh('/b') }),
    '/b': () => ({ body: refresh('/a') }),
  };
  for (let hop = 0; hop < 11; hop += 1) pages[`/chain/${hop}`] = () => ({ body: refresh(`/chain/${hop + 1}`) });
  const server = await site(pages);
  const renderer = rendererFor(server);
  const loop = await renderer.render(`${server.origin}/a`).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect([(loop as FetchError).code, (loop as FetchError).message]).toEqual([
    'redirect-loop',
    `Redirect loop: ${server.origin}/a redirects back to itself.`,
  ]);
  const long = await renderer.render(`${server.origin}/chain/0`).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect([(long as FetchError).code, (long as FetchError).message]).toEqual([
    'too-many-redirects',
    'Too many redirects (more than 10).',
  ]);
});

test('a page that reloads itself at once (a refresh without an address) is measured as first loaded', async () => {
  let served = 0;
  const server = await site({
    '/': () => ((served += 1), { body: CLEAN.replace('<head>', '<head><meta http-equiv="refresh" content="0">') }),
  });
  const result = await rendererFor(server).render(`${server.origin}/`);
  expect(result.url).toBe(`${server.origin}/`);
  expect(result.measurement.viewportMeta).toBe('width=device-width, initial-scale=1');
  expect(served).toBe(1);
});
