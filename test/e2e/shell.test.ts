import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

/** The expanded state Chromium gives assistive technology for a <summary> (DisclosureTriangleGrouped in a <details name>). */
async function summaryExpanded(page: Page, label: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const node = nodes.find(
    (candidate) => String(candidate.role?.value).startsWith('DisclosureTriangle') && candidate.name?.value === label,
  );
  return node?.properties?.find((property) => property.name === 'expanded')?.value.value;
}

test('header dropdowns: one open at a time, clicking the open one closes it, Escape closes', async () => {
  const { page, problems } = await openPage(browser, '/');
  const summaries = page.locator('.site-header details.dropdown > summary');
  expect(await summaries.count()).toBeGreaterThanOrEqual(2);
  const first = summaries.nth(0);
  const second = summaries.nth(1);
  const openCount = () => page.locator('.site-header details.dropdown[open]').count();
  const firstLabel = await first.innerText();
  expect(await summaryExpanded(page, firstLabel)).toBe(false);

  await first.click();
  expect(await openCount()).toBe(1);
  await expect.poll(() => summaryExpanded(page, firstLabel)).toBe(true);

  await second.click();
  expect(await openCount()).toBe(1);
  expect(await page.locator('.site-header details.dropdown').nth(1).getAttribute('open')).not.toBeNull();
  await expect.poll(() => summaryExpanded(page, firstLabel)).toBe(false);

  await second.click();
  expect(await openCount()).toBe(0);

  await first.click();
  await page.keyboard.press('Escape');
  expect(await openCount()).toBe(0);
  expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);

  await first.click();
  // Click outside the header, clear of the open panel (a full SEO Services menu covers the hero heading).
  await page.mouse.click(8, 860);
  expect(await openCount()).toBe(0);
  expect(problems).toEqual([]);
});

test('narrow screens: the menu toggle opens and closes the navigation', async () => {
  const { page, problems } = await openPage(browser, '/', { width: 390, height: 844 });
  const toggle = page.locator('.nav-toggle');
  const nav = page.locator('#site-nav');
  expect(await nav.isVisible()).toBe(false);
  await toggle.click();
  expect(await nav.isVisible()).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Escape');
  expect(await nav.isVisible()).toBe(false);
  expect(problems).toEqual([]);
});

test('footer shows the current year and pages without tools load no React', async () => {
  const { page, problems } = await openPage(browser, '/');
  expect(await page.locator('.site-footer').innerText()).toContain(`© ${new Date().getFullYear()}`);
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
  expect(scripts.every((src) => src?.includes('/shell-'))).toBe(true);
  expect(problems).toEqual([]);
});

test('unknown paths show the 404 page with a link home', async () => {
  const { page, problems } = await openPage(browser, '/definitely-not-a-page');
  expect(await page.locator('h1').innerText()).toBe('404 - Page Not Found');
  expect(await page.getByText('The page you are looking for does not exist.').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(problems).toEqual([]);
});

test('comma separator: converts a list, copies it, and asks for input when empty', async () => {
  const { page, problems } = await openPage(browser, '/comma-separator-tool');
  await waitForIslands(page);
  const convert = page.getByRole('button', { name: 'Convert to Comma Separated' });

  await convert.click();
  expect(await page.getByRole('alert').innerText()).toBe('Input text is required');

  await page.getByLabel('Items (one per line)').fill('apple\n\n  banana \ncherry\napple');
  await page.getByLabel('Remove duplicates').check();
  await convert.click();
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.getByLabel('Result (3 items)').inputValue()).toBe('apple, banana, cherry');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
  expect(problems).toEqual([]);
});

test('a page cut off inside an island’s data leaves that island as the server rendered it, without a script error', async () => {
  const { page, problems } = await openPage(browser, '/404-not-a-page');
  const path = '/image-compressor';
  const full = await (await fetch(new URL(path, page.url()))).text();
  const props = full.indexOf('<script type="application/json"', full.indexOf('data-island'));
  expect(props).toBeGreaterThan(0);
  // The document ends a few characters into the island's JSON, as when its loading stops mid-page.
  const cut = full.slice(0, full.indexOf('>', props) + 12);
  await page.route(new URL(path, page.url()).href, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: cut }),
  );
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(new URL(path, page.url()).href, { waitUntil: 'load' });
  await expect
    .poll(() => warnings.some((text) => /was not started: the page did not finish loading\.$/.test(text)))
    .toBe(true);
  expect(problems.filter((problem) => !problem.startsWith('http 404'))).toEqual([]);
});
