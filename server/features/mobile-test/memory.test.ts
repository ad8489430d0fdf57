import { afterAll, expect, onTestFinished, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { RenderError } from '#server/lib/browser/page-render/render.ts';
import {
  createMobileRenderer,
  findRendererChromium,
  type MobileRenderer,
} from '#server/lib/browser/page-render/renderer.ts';

/*
 * Issue 22: a page allocating 1 GB rendered (200) with the browser tree at 2.0 GB, and a huge DOM reached
 * 2.27 GB. Each render now has a memory budget; these pages pass a small one and end with a memory error.
 * Each hostile page allocates without end, so without the budget its render would run to the time limit
 * (a `timeout` error), never to the memory error.
 */

const chromiumPath = findRendererChromium(process.env.CHROMIUM_PATH);
if (!chromiumPath) throw new Error('These tests need Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.');

const BUDGET_MB = 128;
const page = (script: string) =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><p>Hungry</p><script>${script}</script></body></html>`;
const PAGES: Record<string, string> = {
  '/': '<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><h1>A normal page</h1><p>Fits in any budget.</p></body></html>',
  // JavaScript objects (with V8's own heap limit this page could stall its renderer asleep past the deadline).
  '/js-heap': page('const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random()));'),
  // Array buffers live outside V8's heap.
  '/buffers': page('const keep = []; for (;;) { try { keep.push(new Uint8Array(16 << 20).fill(7)); } catch {} }'),
  // Millions of DOM nodes: Blink's heap, the memory watch again.
  '/dom': page(
    'for (;;) { const div = document.createElement("div"); div.textContent = "x"; document.body.append(div); }',
  ),
};

let renderers: MobileRenderer[] = [];
afterAll(async () => {
  await Promise.all(renderers.map((renderer) => renderer.close()));
  renderers = [];
});

async function hungrySite(): Promise<{ server: LoopbackServer; renderer: MobileRenderer }> {
  const server = await startLoopbackServer((req, res) => {
    const body = PAGES[(req.url ?? '/').split('?')[0]];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  });
  onTestFinished(() => server.close());
  const renderer = createMobileRenderer({
    chromiumPath: chromiumPath!,
    fetcher: createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'test-bot' }),
    // Generous: under a loaded CI machine the time limit must never win the race against the budget.
    limits: { timeoutMs: 60_000, maxPageBytes: 1024 * 1024, memoryMb: BUDGET_MB },
    concurrency: 1,
  });
  renderers.push(renderer);
  return { server, renderer };
}

for (const path of ['/js-heap', '/buffers', '/dom']) {
  test(`a page that allocates without end (${path}) is stopped at the render's memory budget with a memory error`, async () => {
    const { server, renderer } = await hungrySite();
    const error = await renderer.render(`${server.origin}${path}`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RenderError);
    expect([(error as RenderError).kind, (error as RenderError).message]).toEqual([
      'too-much-memory',
      `The page used more than ${BUDGET_MB} MB of memory while rendering, the limit of this test.`,
    ]);
  }, 90_000);
}

test('a normal page renders within the same small budget, also right after a page was stopped', async () => {
  const { server, renderer } = await hungrySite();
  await renderer.render(`${server.origin}/buffers`).catch(() => undefined);
  const result = await renderer.render(`${server.origin}/`);
  expect(result.url).toBe(`${server.origin}/`);
  expect(result.notes).toEqual([]);
});
