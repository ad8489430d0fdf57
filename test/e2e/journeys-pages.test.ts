import { expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

// Issue 13: the pages that sell and guide, checked in the first screen at the sizes.
const browser = fileBrowser();

const screens = [
  { width: 1366, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const site = () => inject('fixtures')['live-pages'];

/** Whether the element is wholly inside the first screen (no scrolling needed to see it). */
async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

async function openWithoutScripts(path: string, width = 1366, height = 900) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(new URL(path, inject('baseUrl')).href);
  return { page, close: () => context.close() };
}

test('home: the value proposition, a call to action to a proposal and the audit box are all in the first screen', async () => {
  for (const { width, height } of screens) {
    const { page, problems } = await openPage(browser, '/', { width, height });
    const size = `${width}x${height}`;
    expect(await inFirstScreen(page, page.locator('h1')), size).toBe(true);
    const cta = page.locator('.home-hero .hero-actions a').first();
    expect(await cta.getAttribute('href')).toBe('/contact-me');
    expect(await inFirstScreen(page, cta), size).toBe(true);
    const form = page.locator('form.audit-box');
    expect(await form.getAttribute('action')).toBe('/seo-audit');
    expect(await form.getAttribute('method')).toBe('get');
    expect(await inFirstScreen(page, form.locator('input[name="url"]')), size).toBe(true);
    expect(await inFirstScreen(page, form.getByRole('button', { name: 'Audit my site' })), size).toBe(true);
    // It says it checks one page, and the whole-site audit is one tap away, on a phone too.
    const whole = form.getByRole('link', { name: 'Website SEO Audit' });
    expect(await whole.getAttribute('href'), size).toBe('/site-audit');
    expect(await inFirstScreen(page, whole), size).toBe(true);
    expect(await form.innerText(), size).toMatch(/one page/i);
    expect(problems).toEqual([]);
    await page.context().close();
  }
});

test('home: services, localities, a pricing teaser without prices, results only from the profile, and tools', async () => {
  const { page } = await openPage(browser, '/');
  const headings = await page.locator('main h2').allInnerTexts();
  expect(headings.slice(0, 6)).toEqual([
    'Audit your site, free',
    'What we do',
    'Where we work',
    'Packages with fixed monthly prices',
    'Results',
    'Free SEO tools',
  ]);
  const main = await page.locator('main').innerText();
  expect(main).not.toMatch(/₹|\bINR\b|Rs\.?\s?\d/);
  expect(await page.locator('.pricing-teaser a', { hasText: 'See packages and prices' }).getAttribute('href')).toBe(
    '/seo-packages',
  );
  const localities = await page
    .locator('.locality-links a')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(localities).toEqual([
    '/seo-services-delhi',
    '/seo-services-rohini',
    '/seo-services-noida',
    '/seo-services-laxmi-nagar',
    '/seo-company-janakpuri',
  ]);
  // test/fixtures/profiles/operator.json: one case study and one testimonial, shown as given.
  expect(await page.locator('#home-results ~ ul .home-card h3').allInnerTexts()).toEqual([
    'A Noida furniture showroom',
  ]);
  expect(main).toContain('+84% organic clicks, same months year on year');
  expect(main).toContain('Our enquiries from search doubled within the year.');
  expect(await page.locator('.home-tools a').first().getAttribute('href')).toBe('/seo-audit');
  await page.context().close();
});

test('home audit box: /seo-audit?url= fills the box and runs the audit by itself; without JavaScript the box is still filled', async () => {
  const { page, problems } = await openPage(browser, '/', { width: 390, height: 844 });
  await page.locator('#home-audit-url').fill(`${site()}/good`);
  await page.getByRole('button', { name: 'Audit my site' }).click();
  await page.waitForURL((url) => url.pathname === '/seo-audit' && url.searchParams.get('url') === `${site()}/good`);
  await waitForIslands(page);
  await page.locator('.audit-report').waitFor({ timeout: 20_000 });
  expect(await page.getByLabel('Website URL').inputValue()).toBe(`${site()}/good`);
  expect(await page.locator('progress').getAttribute('value')).toBe('100');
  expect(problems).toEqual([]);
  await page.context().close();

  const plain = await openWithoutScripts('/');
  await plain.page.locator('#home-audit-url').fill('example.com');
  await plain.page.locator('#home-audit-url').press('Enter');
  await plain.page.waitForURL((url) => url.pathname === '/seo-audit');
  expect(await plain.page.getByLabel('Website URL').inputValue()).toBe('example.com');
  await plain.close();
});

const localities = [
  '/seo-services-delhi',
  '/seo-services-rohini',
  '/seo-services-noida',
  '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri',
];

test('locality pages: a static hero with the H1 and every call to action in the first screen, nothing above it', async () => {
  for (const path of localities) {
    for (const { width, height } of [screens[0]!, screens[2]!]) {
      const { page, problems } = await openPage(browser, path, { width, height });
      const where = `${path} ${width}x${height}`;
      expect(await inFirstScreen(page, page.locator('main h1')), where).toBe(true);
      const ctas = page.locator('.service-hero .hero-actions a');
      expect(await ctas.count(), where).toBeGreaterThanOrEqual(2);
      for (const cta of await ctas.all()) expect(await inFirstScreen(page, cta), where).toBe(true);
      // The hero is the first thing in main: no carousel above the heading.
      expect(await page.locator('main > article > :not(script)').first().getAttribute('class'), where).toBe(
        'hero service-hero',
      );
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }
});

/** Which slide is showing (0-based), from the dots. */
const activeSlide = (page: Page) =>
  page
    .locator('[data-slider-dot]')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));

/**
 * Opens the Delhi page on Playwright's fake clock and stops that clock a second ahead of now: from
 * then on only `page.clock.runFor` moves the slider, however slow the machine (the page's clock
 * starts at the real time and flows until paused, so a second ahead is always in its future).
 */
async function delhiOnStoppedClock(options: { width: number; height: number; reducedMotion?: 'reduce' }) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    reducedMotion: options.reducedMotion,
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(new URL('/seo-services-delhi', inject('baseUrl')).href);
  await page.locator('.slider.is-enhanced').waitFor();
  await page.clock.pauseAt(Date.now() + 1000);
  return { page, close: () => context.close() };
}

/** Clicks a slider control, then leaves the slider alone (hovering or focusing it also pauses it). */
async function clickAndLeave(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.mouse.move(5, 5);
  await page.locator('h1').click();
}

test('Delhi slider: below the hero, advances every 3 s, stops on Pause slides, and stays still for reduced motion', async () => {
  const { page, close } = await delhiOnStoppedClock({ width: 1366, height: 900 });
  const heroBottom = await page.locator('.service-hero').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(await page.locator('.slider').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
    heroBottom,
  );
  const first = await activeSlide(page);
  await page.clock.runFor(3000);
  expect(await activeSlide(page)).toBe((first + 1) % 3);

  await clickAndLeave(page, 'Pause slides');
  expect(await page.locator('.slider-toggle').innerText()).toBe('Play slides');
  const paused = await activeSlide(page);
  await page.clock.runFor(10_000);
  expect(await activeSlide(page)).toBe(paused);
  await clickAndLeave(page, 'Play slides');
  expect(await page.locator('.slider-toggle').innerText()).toBe('Pause slides');
  await page.clock.runFor(3000);
  expect(await activeSlide(page)).toBe((paused + 1) % 3);
  await close();

  const calm = await delhiOnStoppedClock({ width: 390, height: 844, reducedMotion: 'reduce' });
  expect(await calm.page.locator('.slider-toggle').innerText()).toBe('Play slides');
  const still = await activeSlide(calm.page);
  await calm.page.clock.runFor(10_000);
  expect(await activeSlide(calm.page)).toBe(still);
  await calm.close();
});

test('tools hub: cards grouped by job with an icon and one line each, featured first, and a search that filters as you type', async () => {
  const { page, problems } = await openPage(browser, '/try-free-tools', { width: 1366, height: 900 });
  await waitForIslands(page);
  const total = (
    (await page.evaluate(() => fetch('/api/try-free-tools/list').then((res) => res.json()))) as { tools: string[] }
  ).tools.length;
  expect(await page.locator('.tool-group h2').allInnerTexts()).toEqual(['Analyse', 'Crawl', 'Generate', 'Media']);
  const cards = page.locator('.hub-card');
  expect(await cards.count()).toBe(total);
  expect(await cards.first().locator('h3').innerText()).toBe('SEO Audit');
  expect(await cards.first().locator('.hub-badge').innerText()).toMatch(/popular/i);
  for (const card of await cards.all()) {
    expect(await card.locator('svg.tool-icon').count()).toBe(1);
    expect((await card.locator('p').innerText()).length).toBeGreaterThan(20);
    expect(await card.getByRole('link', { name: /^Try Now: / }).count()).toBe(1);
  }

  const search = page.locator('input[type="search"]');
  await search.pressSequentially('youtube');
  await expect.poll(() => cards.count()).toBe(4);
  for (const name of await cards.locator('h3').allInnerTexts()) expect(name).toMatch(/YouTube/);
  expect(await page.locator('.tools-hub-status').innerText()).toBe(`4 of ${total} tools match “youtube”`);
  await search.fill('no such tool here');
  await expect.poll(() => cards.count()).toBe(0);
  expect(await page.locator('.tools-hub-status').innerText()).toBe('No tool matches “no such tool here”');
  await search.fill('');
  await expect.poll(() => cards.count()).toBe(total);
  expect(problems).toEqual([]);
  await page.context().close();

  const plain = await openWithoutScripts('/try-free-tools');
  expect(await plain.page.locator('.hub-card').count()).toBe(total);
  await plain.page.locator('input[type="search"]').fill('sitemap');
  await plain.page.locator('input[type="search"]').press('Enter');
  await plain.page.waitForURL((url) => url.searchParams.get('q') === 'sitemap');
  expect(await plain.page.locator('.hub-card h3').allInnerTexts()).toEqual(
    expect.arrayContaining(['Sitemap Generator']),
  );
  expect(await plain.page.locator('.hub-card').count()).toBeLessThan(total);
  await plain.close();
});

test('content pages ship no React: only the small shell script', async () => {
  for (const path of [
    '/',
    '/seo-services-delhi',
    '/seo-company-janakpuri',
    '/seo-packages',
    '/case-studies',
    '/about',
    '/no-such-page',
  ]) {
    const { page } = await openPage(browser, path);
    expect(await page.locator('[data-island]').count(), path).toBe(0);
    const scripts = await page
      .locator('script[src], link[rel="modulepreload"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? el.getAttribute('href')));
    expect(
      scripts.filter((src) => !src?.includes('/shell-')),
      path,
    ).toEqual([]);
    await page.context().close();
  }
});
