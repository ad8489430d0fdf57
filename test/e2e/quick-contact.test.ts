import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fileBrowser, openPage } from './browser.ts';

// Issue 37: the phone's Call/WhatsApp pair covered the home page's only link to the whole-site audit at
// 390 × 745–815 (at 760 the pair was y 704–748, the link y 730–747). It now sits at the page's end until
// the visitor has scrolled half a screen, then floats in the corner; its slot keeps room at the end.
const browser = fileBrowser();

const barName = 'Call or message us';

/** The element at the centre of the link's box: the link itself when nothing covers it. */
const linkOnTop = (page: Page) =>
  page.evaluate(() => {
    const link = document.querySelector('.audit-box-whole a')!;
    const box = link.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { hit: hit === link || link.contains(hit), inFirstScreen: box.bottom <= window.innerHeight };
  });

/** The pair's box, and whether any of it is inside the window. */
const barPlace = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.quick-contact')!.getBoundingClientRect();
    return {
      onScreen: box.height > 0 && box.top < window.innerHeight && box.bottom > 0,
      top: box.top,
      bottom: box.bottom,
    };
  });

test.each([700, 745, 760, 780, 800, 815, 844, 900])(
  'home at 390 × %i: no part of the first screen is under the Call/WhatsApp pair; it floats once scrolled, clear of the last line',
  async (height) => {
    const { page, problems } = await openPage(browser, '/', { width: 390, height });
    expect((await barPlace(page)).onScreen).toBe(false);
    // Where the link is below the fold (700 px), the visitor scrolls to it: a little, and the pair stays put.
    const { inFirstScreen } = await linkOnTop(page);
    expect(inFirstScreen).toBe(height >= 760);
    // Just into view, as a visitor's short scroll brings it (Playwright's scrollIntoViewIfNeeded centres it, which
    // at some layouts' heights is half a screen: then the pair rightly floats).
    if (!inFirstScreen)
      await page
        .locator('.audit-box-whole a')
        .evaluate((link) => link.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    expect(await linkOnTop(page)).toEqual({ hit: true, inFirstScreen: true });
    expect((await barPlace(page)).onScreen).toBe(false);

    await page.mouse.wheel(0, 2000);
    await expect.poll(async () => (await barPlace(page)).onScreen).toBe(true);
    const bar = await barPlace(page);
    expect(bar.bottom).toBeLessThanOrEqual(height);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(async () => (await barPlace(page)).onScreen).toBe(true);
    const lastLine = (await page.locator('.footer-bottom').boundingBox())!;
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual((await barPlace(page)).top);
    if (height === 760) await page.screenshot({ path: 'test-results/quick-contact-home-390x760-end.png' });
    expect(problems).toEqual([]);
    await page.context().close();
  },
);

test('home at 390 × 760: the link opens the whole-site audit; the pair comes into sight with the second screen and calls', async () => {
  const { page, problems } = await openPage(browser, '/', { width: 390, height: 760 });
  await page.screenshot({ path: 'test-results/quick-contact-home-390x760.png' });
  const bar = page.getByRole('navigation', { name: barName });
  // test/fixtures/profiles/operator.json: +91 98765 43210, WhatsApp +91 98765 43211.
  expect(await bar.getByRole('link', { name: 'Call', exact: true }).getAttribute('href')).toBe('tel:+919876543210');
  expect(await bar.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href')).toBe(
    'https://wa.me/919876543211',
  );
  await page.evaluate(() => window.scrollTo({ top: 380, behavior: 'instant' }));
  await expect.poll(async () => (await barPlace(page)).onScreen).toBe(true);
  await page.screenshot({ path: 'test-results/quick-contact-home-390x760-scrolled.png' });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect.poll(async () => (await barPlace(page)).onScreen).toBe(false);
  await page.locator('.audit-box-whole').getByRole('link', { name: 'Website SEO Audit' }).click();
  await page.waitForURL((url) => url.pathname === '/site-audit');
  expect(problems).toEqual([]);
  await page.context().close();
});

test('on every page a phone meets first, the pair is off the first screen and in sight after scrolling; never on a desktop', async () => {
  for (const path of ['/seo-audit', '/site-audit', '/seo-services-delhi', '/contact-me']) {
    const { page, problems } = await openPage(browser, path, { width: 390, height: 844 });
    expect((await barPlace(page)).onScreen, path).toBe(false);
    await page.mouse.wheel(0, 3000);
    await expect.poll(async () => (await barPlace(page)).onScreen, { message: path }).toBe(true);
    expect(problems, path).toEqual([]);
    await page.context().close();
  }
  const desktop = await openPage(browser, '/', { width: 1366, height: 900 });
  expect(await desktop.page.getByRole('navigation', { name: barName }).isVisible()).toBe(false);
  expect(await linkOnTop(desktop.page)).toEqual({ hit: true, inFirstScreen: true });
  await desktop.page.context().close();
});

test('without JavaScript the pair is at the end of the page, after the footer, covering nothing', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 760 } });
  const page = await context.newPage();
  await page.goto(new URL('/', inject('baseUrl')).href);
  expect((await barPlace(page)).onScreen).toBe(false);
  // The menu is open without JavaScript, so the link is further down: scrolled to, nothing covers it.
  await page.locator('.audit-box-whole a').scrollIntoViewIfNeeded();
  expect(await linkOnTop(page)).toEqual({ hit: true, inFirstScreen: true });
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const lastLine = (await page.locator('.footer-bottom').boundingBox())!;
  const bar = await barPlace(page);
  expect(bar.onScreen).toBe(true);
  expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(bar.top);
  await context.close();
});
