import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findRendererChromium, launchRendererChromium } from '#server/lib/browser/launch.ts';
import { browserRequests, isFence, watchBrowserRequests } from '#server/lib/browser/settle.ts';
import { SETTLE_WATCH, waitUntilSettled } from './settle.ts';

/*
 * A busy browser process announces a page's requests late (decision 0056, "the fence"). Here every
 * announcement and every answer of the interception comes BROWSER_LAG later, as on a loaded machine: the
 * page writes its heading once the document's own announcements are in (a timer the settle waits for),
 * then imports its related section, and falls quiet while that import's announcement is still on its way. Read then, the page has no section; the fence holds the read until
 * the announcement has arrived, whatever the lag (no time window is guessed).
 */
const BROWSER_LAG = 800;
const ORIGIN = 'http://fenced.test';
const PAGE = `<!doctype html><html lang="en"><head><title>Loading</title></head><body><main></main><script>
setTimeout(async () => {
  document.title = 'Fenced';
  document.querySelector('main').innerHTML = '<h1>Fenced</h1>';
  const { related } = await import('/related.js');
  document.querySelector('main').append(related());
}, 1500);
</script></body></html>`;
const RELATED = `export function related() {
  const section = document.createElement('section');
  section.id = 'related';
  section.innerHTML = '<a href="/more">More</a>';
  return section;
}`;

let browser: Browser;
beforeAll(async () => {
  const path = findRendererChromium(process.env.CHROMIUM_PATH);
  if (!path) throw new Error('Chromium is needed (CHROMIUM_PATH or /usr/bin/chromium)');
  ({ browser } = await launchRendererChromium(path, '--delhi-seo-test-fence'));
});
afterAll(async () => {
  await browser?.close();
});

/** The page's request events, each delivered `lag` ms late (their order kept). */
function lagging(page: Page, lag: number): Page {
  return {
    on: (event: 'request', listener: (value: unknown) => void) =>
      page.on(event, (value) => void delay(lag).then(() => listener(value))),
  } as unknown as Page;
}

/** Renders the page with the interception answering each path `answerLag(path)` late and announcements `announceLag` late. */
async function settleWith(answerLag: (url: string) => number, announceLag: number) {
  const context = await browser.newContext();
  await context.addInitScript({ content: SETTLE_WATCH });
  const fences: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    await delay(answerLag(url));
    if (isFence(url)) {
      fences.push(url);
      return route.fulfill({ status: 204 });
    }
    if (url === `${ORIGIN}/`) return route.fulfill({ status: 200, contentType: 'text/html', body: PAGE });
    if (url === `${ORIGIN}/related.js`)
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: RELATED });
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const requests = browserRequests();
  watchBrowserRequests(lagging(page, announceLag), () => requests);
  try {
    await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
    const settled = await waitUntilSettled(page, requests, 20_000);
    return { settled, fences, inFlight: requests.inFlight.size };
  } finally {
    await context.close();
  }
}

const SECTION = '<section id="related"><a href="/more">More</a></section>';

test('a lazily imported section announced late by a busy browser is waited for: the quiet page is read only after its fence', async () => {
  const { settled, fences, inFlight } = await settleWith(() => BROWSER_LAG, BROWSER_LAG);
  expect(settled.unsettled).toBeUndefined();
  expect(settled.read?.html).toContain('<h1>Fenced</h1>');
  expect(settled.read?.html).toContain(SECTION);
  // Not counted as the page's own request: nothing is left in flight once it is read.
  expect(inFlight).toBe(0);
  expect(fences.length).toBeGreaterThan(0);
}, 60_000);

test('a section whose script comes back while the fence is out is read with the page: the page is read after the fence, not before', async () => {
  // The section's script is answered 400 ms late, after the page fell quiet; the fence 800 ms late.
  const { settled, fences } = await settleWith(
    (url) => (isFence(url) ? BROWSER_LAG : url.endsWith('/related.js') ? 400 : 0),
    0,
  );
  expect(settled.unsettled).toBeUndefined();
  expect(settled.read?.html).toContain(SECTION);
  expect(fences.length).toBeGreaterThan(0);
}, 60_000);

test('a fence URL is only the fence path on the page origin, not a path that merely contains it', () => {
  expect(isFence('http://fenced.test/.well-known/delhi-seo-render-fence')).toBe(true);
  expect(isFence('https://shop.in/.well-known/delhi-seo-render-fence?x=1')).toBe(true);
  expect(isFence('https://shop.in/a/.well-known/delhi-seo-render-fence')).toBe(false);
  expect(isFence('https://shop.in/?next=/.well-known/delhi-seo-render-fence')).toBe(false);
  expect(isFence('not a url')).toBe(false);
});
