import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fileBrowser, openPage, pauseClock } from './browser.ts';

const browser = fileBrowser();

const activeDot = (page: Page) =>
  page
    .locator('[data-slider-dot]')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));

test('Delhi slider: autoplays every 3 s, pauses on hover, arrows and dots move it', async () => {
  const { page, problems } = await openPage(browser, '/seo-services-delhi', { clock: true });
  await page.waitForSelector('.slider.is-enhanced');
  await pauseClock(page);
  // Relative to where the clock stopped: a very slow machine may have moved one slide already.
  const first = await activeDot(page);
  await page.clock.runFor(3100);
  expect(await activeDot(page)).toBe((first + 1) % 3);

  await page.locator('.slider').hover();
  const paused = await activeDot(page);
  await page.clock.runFor(3600);
  expect(await activeDot(page)).toBe(paused);

  await page.getByRole('button', { name: 'Next slide' }).click();
  expect(await activeDot(page)).toBe((paused + 1) % 3);
  await page.getByRole('button', { name: /Show slide 3/ }).click();
  expect(await activeDot(page)).toBe(2);
  await page.getByRole('button', { name: 'Previous slide' }).click();
  expect(await activeDot(page)).toBe(1);
  expect(await page.locator('[data-slide]').nth(1).getAttribute('aria-hidden')).toBe('false');
  expect(await page.locator('[data-slide]').nth(0).getAttribute('aria-hidden')).toBe('true');
  expect(problems).toEqual([]);
});

test('Delhi slider: keyboard focus pauses it and reduced motion stops autoplay', async () => {
  const { page } = await openPage(browser, '/seo-services-delhi', { clock: true });
  await page.waitForSelector('.slider.is-enhanced');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Next slide' }).focus();
  const focused = await activeDot(page);
  await page.clock.runFor(3600);
  expect(await activeDot(page)).toBe(focused);

  const { page: calm } = await openPage(browser, '/seo-services-delhi', { clock: true, reducedMotion: 'reduce' });
  await calm.waitForSelector('.slider.is-enhanced');
  await pauseClock(calm);
  const still = await activeDot(calm);
  await calm.clock.runFor(3600);
  expect(await activeDot(calm)).toBe(still);
});

test('Delhi page: no third-party request until the map is asked for; tooltips show on focus', async () => {
  const { page, problems } = await openPage(browser, '/seo-services-delhi');
  const thirdParty: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(new URL(page.url()).origin)) thirdParty.push(req.url());
  });
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
  );
  await page.reload({ waitUntil: 'networkidle' });
  expect(thirdParty).toEqual([]);
  expect(await page.locator('iframe').count()).toBe(0);
  // The slider and map are a small script, not an island: no React on this page.
  expect(await page.locator('[data-island]').count()).toBe(0);
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
  expect(scripts.every((src) => src?.includes('/shell-'))).toBe(true);

  await page.getByRole('button', { name: 'Show map' }).click();
  await expect.poll(() => page.locator('iframe.map-frame').count()).toBe(1);
  await expect.poll(() => thirdParty.some((url) => url.startsWith('https://www.google.com/maps'))).toBe(true);

  const tooltip = page.locator('#delhi-process-tip-0');
  expect(await tooltip.isVisible()).toBe(false);
  await page.locator('.process-step').first().focus();
  await expect.poll(() => tooltip.isVisible()).toBe(true);
  expect(await tooltip.innerText()).toContain('Week 1');
  expect(problems).toEqual([]);
});

test('Delhi page on a phone: a tapped step opens its detail inside its card, covering no other card', async () => {
  const { page, problems } = await openPage(browser, '/seo-services-delhi', { width: 390, height: 844, touch: true });
  const steps = page.locator('#process-heading ~ .process .process-step');
  const tooltip = page.locator('#delhi-process-tip-0');
  expect(await tooltip.isVisible()).toBe(false);
  // Boxes on the page, not the viewport: tapping may scroll.
  const boxes = () =>
    steps.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return { top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left, right: box.right };
      }),
    );
  const before = await boxes();
  await steps.first().scrollIntoViewIfNeeded();
  await steps.first().tap();
  await expect.poll(() => tooltip.isVisible()).toBe(true);
  const tip = await tooltip.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left, right: box.right };
  });
  const after = await boxes();
  // Inside its own card...
  expect(tip.bottom).toBeLessThanOrEqual(after[0].bottom);
  // ...over no other card: the cards below the first moved down to make room.
  for (const box of after.slice(1))
    expect(tip.bottom <= box.top || tip.top >= box.bottom || tip.right <= box.left || tip.left >= box.right).toBe(true);
  const below = before.findIndex((box) => box.top >= before[0].bottom);
  expect(after[below].top - before[below].top).toBeGreaterThan(0);
  // Tapping another step moves the detail there.
  await steps.nth(1).tap();
  await expect.poll(() => page.locator('#delhi-process-tip-1').isVisible()).toBe(true);
  expect(await tooltip.isVisible()).toBe(false);
  expect(problems).toEqual([]);
});

test('FAQ accordion opens and closes, and content pages ship no React', async () => {
  const { page, problems } = await openPage(browser, '/disclaimer');
  const item = page.locator('.faq-item').first();
  const answer = item.locator('p');
  expect(await answer.isVisible()).toBe(false);
  await item.locator('summary').click();
  expect(await answer.isVisible()).toBe(true);
  await item.locator('summary').click();
  expect(await answer.isVisible()).toBe(false);
  expect(await page.locator('.faq-item').count()).toBe(4);
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
  expect(scripts.every((src) => src?.includes('/shell-'))).toBe(true);
  expect(problems).toEqual([]);
});
