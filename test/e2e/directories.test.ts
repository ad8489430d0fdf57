import { expect, test } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { fileBrowser, openPage } from './browser.ts';

const browser = fileBrowser();

function firstCells(page: Page, column: string): Promise<string[]> {
  // The name cell also holds region and link-type badges; its link is the name.
  return page
    .locator(column === 'name' ? '#sites tbody td.col-name > a' : `#sites tbody td.col-${column}`)
    .allInnerTexts();
}

function nameBadges(page: Page): Promise<string[]> {
  return page
    .locator('#sites tbody td.col-name')
    .evaluateAll((cells) =>
      cells.map((cell) => [...cell.querySelectorAll('.badge')].map((badge) => badge.textContent).join(' ')),
    );
}

async function openEnhanced(path: string, viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, path, viewport);
  await opened.page.waitForSelector('[data-directory][data-enhanced="true"]');
  // Marks this document: it survives in-place updates but not a full navigation.
  await opened.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
  return opened;
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

test('paging: a page button swaps the rows in place, updates the address and scrolls to the table', async () => {
  const { page, problems } = await openEnhanced('/ad-post-sites');
  expect(await firstCells(page, 'number')).toHaveLength(20);
  // Enhancement is a plain script chunk: no React runtime on a directory page.
  expect(await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')))).toEqual([
    expect.stringContaining('/shell-'),
  ]);
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => /entry-|react/i.test(entry.name)),
    ),
  ).toBe(false);
  const pageOneNames = await firstCells(page, 'name');

  await page.getByRole('link', { name: 'Page 2' }).click();
  await page.waitForURL((url) => url.search === '?page=2');
  await expect.poll(() => firstCells(page, 'number').then((cells) => cells[0])).toBe('21');
  expect(await firstCells(page, 'name')).not.toEqual(pageOneNames);
  expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  expect(await sameDocument(page)).toBe('same-document');
  // The table's top ends up just below the sticky header, not hidden under it.
  const gapBelowHeader = () =>
    page.evaluate(() => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      return Math.round(document.querySelector('#sites')!.getBoundingClientRect().top - header);
    });
  await expect.poll(gapBelowHeader, { timeout: 5000 }).toBeGreaterThanOrEqual(0);
  expect(await gapBelowHeader()).toBeLessThan(60);

  await page.getByRole('link', { name: 'Page 4' }).click();
  await expect.poll(() => firstCells(page, 'number')).toEqual(['61']);

  await page.goBack();
  await page.waitForURL((url) => url.search === '?page=2');
  await expect.poll(() => firstCells(page, 'number').then((cells) => cells[0])).toBe('21');
  expect(problems).toEqual([]);
});

test('search: typing filters by name or description across every page, and clearing restores the list', async () => {
  const { page, problems } = await openEnhanced('/ad-post-sites?page=3');
  const search = page.getByLabel('Search by name or description');
  await search.fill('property');
  await expect
    .poll(() => page.locator('.directory__status').innerText())
    .toMatch(/^Showing 1–\d+ of \d+ sites matching “property”\.$/);
  const total = Number(/of (\d+) sites/.exec(await page.locator('.directory__status').innerText())?.[1]);
  expect(total).toBeGreaterThan(3);
  expect(total).toBeLessThan(61);
  expect(await page.locator('.pager a').count()).toBe(Math.ceil(total / 20));
  expect((await firstCells(page, 'number'))[0]).toBe('1');
  const names = await firstCells(page, 'name');
  expect(names).toContain('MagicBricks');
  expect(names).toContain('99acres');
  for (const row of await page.locator('#sites tbody tr').allInnerTexts())
    expect(row.toLowerCase()).toContain('property');
  await page.waitForURL((url) => url.searchParams.get('q') === 'property' && !url.searchParams.has('page'));

  await search.fill('nothing matches this');
  await expect
    .poll(() => page.locator('.directory__status').innerText())
    .toBe('No sites match “nothing matches this”.');

  expect(await page.locator('#sites tbody tr').count()).toBe(0);
  expect(await page.locator('.pager').isHidden()).toBe(true);

  await search.fill('');
  await expect.poll(() => page.locator('.directory__status').innerText()).toBe('Showing 1–20 of 61 sites.');
  expect(await sameDocument(page)).toBe('same-document');
  expect(problems).toEqual([]);
});

test('filters: region and link type narrow the list in place, keep the search, and badges show why', async () => {
  const { page, problems } = await openEnhanced('/social-bookmarking-sites');
  // No sourced figures, so nothing offers a metric sort.
  expect(await page.locator('th[data-sort-key]').count()).toBe(0);
  await page.getByLabel('Region').selectOption('India');
  await expect
    .poll(() => page.locator('.directory__status').innerText())
    .toMatch(/^Showing 1–\d+ of \d+ sites \(region India\)\.$/);
  await page.waitForURL((url) => url.searchParams.get('region') === 'India');
  expect((await nameBadges(page)).every((badges) => badges.startsWith('India'))).toBe(true);
  expect(await firstCells(page, 'name')).toContain('ShareChat');

  await page.getByLabel('Region').selectOption('');
  await page.getByLabel('Link type').selectOption('nofollow');
  await page.getByLabel('Search by name or description').fill('quora');
  await expect.poll(() => firstCells(page, 'name')).toEqual(['Quora', 'Quora in Hindi']);
  expect(await nameBadges(page)).toEqual(['Global nofollow', 'India nofollow']);
  await expect
    .poll(() => page.locator('.directory__status').innerText())
    .toBe('Showing 1–2 of 2 sites matching “quora” (nofollow links).');
  await page.waitForURL((url) => url.searchParams.get('link') === 'nofollow' && url.searchParams.get('q') === 'quora');
  expect(await sameDocument(page)).toBe('same-document');

  // A shared filter link opens with its controls preselected.
  await page.goto(new URL('/social-bookmarking-sites?region=India&page=1', inject('baseUrl')).href);
  expect(await page.getByLabel('Region').inputValue()).toBe('India');
  expect(problems).toEqual([]);
});

test('without JavaScript the page links, search form and filters still work', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(new URL('/social-bookmarking-sites', inject('baseUrl')).href);
  await page.getByRole('link', { name: 'Page 3' }).click();
  await page.waitForURL((url) => url.search === '?page=3');
  expect((await firstCells(page, 'number'))[0]).toBe('41');

  await page.getByLabel('Search by name or description').fill('forum');
  await page.getByLabel('Region').selectOption('India');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === 'forum' && url.searchParams.get('region') === 'India');
  expect(await firstCells(page, 'name')).toEqual(['Team-BHP', 'TechEnclave']);
  await context.close();
});

test('the CSV link downloads the whole list', async () => {
  const { page, problems } = await openEnhanced('/guest-post-sites');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download all \d+ sites as CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('guest-post-sites.csv');
  expect(problems).toEqual([]);
});

test('on a phone the rows read as cards and paging still works', async () => {
  const { page, problems } = await openEnhanced('/video-submission-sites', { width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.locator('#sites tbody tr').count()).toBe(20);
  expect(await page.locator('.pager').isHidden()).toBe(true);
  await page.getByLabel('Region').selectOption('India');
  await expect.poll(() => firstCells(page, 'name')).toEqual(['Moj', 'Josh', 'ShareChat']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});
