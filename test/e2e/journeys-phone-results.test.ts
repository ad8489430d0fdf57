import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, clippedContent, fileBrowser, openPage, waitForIslands } from './browser.ts';

// Issue 13: every page with results fits a 390 px phone with nothing clipped (no sideways page
// scroll, no box hiding or scrolling away content other than pre/textarea), checked after real
// results are on the page (fixture sites), and axe finds nothing there.
const browser = fileBrowser();

const phone = { width: 390, height: 844 };

test('the clipping check finds a table cut off at 390 px, a page that scrolls sideways, and passes the fixed page', async () => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const cells = '<td>https://example.com/a/very/long/path/that/does/not/wrap/anywhere/at/all</td>'.repeat(3);
  await page.setContent(
    `<main><div style="overflow-x:auto" class="scroller"><table><tr>${cells}</tr></table></div></main>`,
  );
  // The box that scrolls its table away, then the cells that end past the window's edge.
  const found = await clippedContent(page);
  expect(found[0]).toMatch(/^div\.scroller: content \d+x\d+ in a \d+x\d+ box$/);
  expect(found.slice(1).every((line) => / ends at \d+px, past the 390px window$/.test(line))).toBe(true);
  await page.setContent(`<main><table class="wide"><tr>${cells}</tr></table></main>`);
  expect((await clippedContent(page))[0]).toMatch(/^page is \d+px wide in a 390px window$/);
  await page.setContent(
    `<main><p style="overflow-wrap:anywhere">${cells}</p><pre style="overflow:auto">${'x'.repeat(400)}</pre></main>`,
  );
  expect(await clippedContent(page)).toEqual([]);
  await context.close();
});
const live = () => inject('fixtures')['live-pages'];

/** The page as a phone shows it now: what is clipped, and what axe objects to. */
async function fitsAPhone(page: Page) {
  return { clipped: await clippedContent(page), axe: await axeViolations(page) };
}

const nothingWrong = { clipped: [], axe: [] };

test('redirect checker at 390 px: the plans and a table of long redirect chains are cards with nothing clipped', async () => {
  const { page, problems } = await openPage(browser, '/bulk-url-redirection-tool', phone);
  await waitForIslands(page);
  await expect.poll(() => page.locator('.plans tbody tr').count()).toBe(3);
  const long = `${live()}/redirect/1?campaign=${'a-very-long-tracking-value-'.repeat(4)}`;
  await page.locator('textarea').fill(`${long}\n${live()}/loop/a\n${live()}/redirect/1`);
  await page.getByRole('button', { name: 'Process URLs' }).click();
  await expect.poll(() => page.locator('.redirect-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
  await page.getByRole('button', { name: 'Process URLs' }).waitFor();
  // Each cell says which column it is (data-label, shown before it), since the header row is not shown on a phone.
  expect(await page.locator('.redirect-table thead').isVisible()).toBe(false);
  expect(await page.locator('.redirect-table tbody td:not([data-label])').count()).toBe(0);
  expect(await fitsAPhone(page)).toEqual(nothingWrong);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('index checker at 390 px: results with reasons are cards with nothing clipped', async () => {
  const { page, problems } = await openPage(browser, '/google-index-checker', phone);
  await waitForIslands(page);
  await page
    .locator('textarea')
    .fill(`${live()}/good\n${live()}/noindex-header\n${live()}/good?${'q=long-parameter-value&'.repeat(6)}`);
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await expect.poll(() => page.locator('.index-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
  await page.getByRole('button', { name: 'Check Index Status' }).waitFor();
  expect(await fitsAPhone(page)).toEqual(nothingWrong);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('SEO audit at 390 px: the report with every check opened shows all of its details', async () => {
  const { page, problems } = await openPage(browser, `/seo-audit?url=${encodeURIComponent(`${live()}/good`)}`, phone);
  await waitForIslands(page);
  await page.locator('.audit-report').waitFor({ timeout: 20_000 });
  for (const details of await page.locator('.audit-report details:not([open]) > summary').all()) await details.click();
  expect(await fitsAPhone(page)).toEqual(nothingWrong);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('site audit report at 390 px: issues and the pages table, opened, with nothing clipped', async () => {
  const { page, problems } = await openPage(browser, '/site-audit', phone);
  await waitForIslands(page);
  // The crawler rules site: stateless, unlike the site-audit journey's site (which changes between its runs).
  await page.getByLabel('Website URL').fill(`${inject('fixtures')['crawl-site']}/`);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  await page.locator('.audit-report h2').waitFor({ timeout: 30_000 });
  await page.locator('.audit-issue summary').first().click();
  await page.locator('.audit-page-list details > summary').first().click();
  await page.locator('.audit-page-list .audit-page-facts').first().waitFor();
  expect(await fitsAPhone(page)).toEqual(nothingWrong);
  expect(problems).toEqual([]);
  await page.context().close();
});

const staticResults = [
  '/seo-services-delhi',
  '/ad-post-sites',
  '/social-bookmarking-sites',
  '/guest-post-sites',
  '/article-submission-sites',
  '/directory-submission-sites',
  '/image-submission-sites',
  '/video-submission-sites',
];

test('pages with tables (Delhi, the seven directories) fit 390 px with nothing clipped', async () => {
  for (const path of staticResults) {
    const { page, problems } = await openPage(browser, path, phone);
    expect(await fitsAPhone(page), path).toEqual(nothingWrong);
    expect(problems, path).toEqual([]);
    await page.context().close();
  }
});
