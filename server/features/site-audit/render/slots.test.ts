import { expect, test } from 'vitest';
import { runSiteAudit } from '#server/features/site-audit/audit.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { issuePaths, testRenderer } from '#test/helpers/site-audit.ts';

/*
 * Render slots are a limit of their own (renderer.ts, crawl-core.ts's places): a page holding a render
 * slot gives its fetch place back, so an audit renders `concurrency` pages at once however few pages the
 * crawl fetches at once.
 */

const PAGES = ['/p1', '/p2', '/p3', '/p4', '/p5', '/p6'];
const CRAWL_PLACES = 2;
const RENDER_SLOTS = 4;

/** Fast pages, each asking for its title from /api/data; the start page links to every page in its HTML. */
function dataSite(held: Promise<void>): FixtureSite {
  const page = (path: string, body: string) =>
    ok(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading</title></head><body><h1>Page ${path}</h1><p>${prose(path, 230)}</p>${body}</body></html>`,
    );
  return (path) => {
    if (path === '/') return page(path, PAGES.map((href) => `<a href="${href}">${href}</a>`).join(''));
    if (PAGES.includes(path))
      return page(
        path,
        `<script>fetch('/api/data?path=${path}').then((res) => res.text()).then((title) => { document.title = title; });</script>`,
      );
    if (path.startsWith('/api/data?'))
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: `Data ${path.slice(15)}`, until: held };
    return undefined;
  };
}

/**
 * The browser's requests for page data, counted while in flight (a page given up aborts its own): `held`
 * is let go once RENDER_SLOTS of them are in flight at once, which only pages rendered together reach.
 */
function createHold() {
  let inFlight = 0;
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const browser = (fetcher: SafeFetcher): SafeFetcher => ({
    async fetch(url, options) {
      const data = String(url).includes('/api/data?');
      if (data && ++inFlight === RENDER_SLOTS) letGo();
      try {
        return await fetcher.fetch(url, options);
      } finally {
        if (data) inFlight -= 1;
      }
    },
    stream: (url, options) => fetcher.stream(url, options),
  });
  return { browser, held };
}

/** The crawl's own requests, counted while they are in flight (from the request to its answer). */
function countingFetcher(fetcher: SafeFetcher) {
  let inFlight = 0;
  const counts = { most: 0 };
  const counted: SafeFetcher = {
    fetch: (url, options) => fetcher.fetch(url, options),
    async stream(url, options) {
      inFlight += 1;
      counts.most = Math.max(counts.most, inFlight);
      try {
        return await fetcher.stream(url, options);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { counted, counts };
}

test('a page holding a render slot gives its fetch place back: renders in flight reach the render limit while fetches stay within the crawl limit', async () => {
  const userAgent = `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`;
  const hold = createHold();
  const served = await serveFixture(dataSite(hold.held));
  let allHeld = false;
  void hold.held.then(() => (allHeld = true));
  try {
    const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent });
    const crawl = countingFetcher(fetcher);
    // A page whose data is never let go is read as not settled after 2 s (and again on its second try).
    const renderer = testRenderer(hold.browser(fetcher), { concurrency: RENDER_SLOTS, waitMs: 2000 });
    const outcome = await runSiteAudit({
      startUrl: `${served.origin}/`,
      fetcher: crawl.counted,
      limits: { concurrency: CRAWL_PLACES },
      renderer,
    }).finally(() => renderer.close());
    expect(allHeld).toBe(true);
    expect(crawl.counts.most).toBeLessThanOrEqual(CRAWL_PLACES);
    const origin = served.origin;
    const titles = outcome.nodes
      .filter((node) => PAGES.some((path) => node.url === origin + path))
      .map((node) => [node.url.slice(origin.length), node.page?.title]);
    expect(Object.fromEntries(titles)).toEqual(Object.fromEntries(PAGES.map((path) => [path, `Data ${path}`])));
    expect(issuePaths(outcome, origin)['render-not-settled']).toBeUndefined();
    expect(outcome.render).toEqual({ rendered: PAGES.length + 1, stopped: null });
  } finally {
    await served.close();
  }
}, 60_000);
