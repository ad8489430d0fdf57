import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type ServedFixture } from '#test/fixtures/crawl-site.ts';
import { cleanDelivery } from '#test/fixtures/site-audit-page-meta.ts';
import { operatorServerEnv, startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';
import { launchBrowser, waitForIslands } from './browser.ts';

// Issue 34: the report reads an issue's URLs and the pages list a page at a time from the server.
// A catalogue of 64 thin product pages: "Thin content" has more URLs than one page of the list.
const PRODUCTS = 64;
const shots = 'test-results/screenshots';
let browser: Browser;
let server: ServerProcess;
let site: ServedFixture;
let origin = '';

const product = (n: number) => `/product-${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  site = await serveFixture((path, siteOrigin) => {
    if (path === '/robots.txt') return undefined;
    if (path === '/') {
      const links = Array.from({ length: PRODUCTS }, (_, n) => product(n));
      return cleanDelivery(html(auditPage('/', { links })), `${siteOrigin}/`);
    }
    if (/^\/product-\d\d$/.test(path)) return cleanDelivery(html(auditPage(path, { words: 40 })), siteOrigin + path);
    return undefined;
  });
  server = startServerProcess({ ...operatorServerEnv('site-audit-paging'), FETCH_ALLOW_PRIVATE: site.hostPort });
  origin = `http://127.0.0.1:${await server.port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  await site?.close();
});

/** Every request the page makes to the issues API, with how many URLs each answer carried. */
function watchIssueRequests(page: Page): Array<{ path: string; urls: number }> {
  const seen: Array<{ path: string; urls: number }> = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.includes('/issues')) return;
    const body = (await response.json()) as { urls?: unknown[] };
    seen.push({ path: url.pathname + url.search, urls: body.urls?.length ?? 0 });
  });
  return seen;
}

async function openReport(width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, problems };
}

let reportPath = '';

test('an issue with more URLs than a page: the list pages through them, the browser gets one page at a time', async () => {
  const { page, problems } = await openReport(1366, 900);
  const requests = watchIssueRequests(page);
  await page.goto(`${origin}/site-audit`);
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${site.origin}/`);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  await page.locator('.audit-report h2').waitFor({ timeout: 60_000 });
  reportPath = new URL((await page.locator('.audit-share a').getAttribute('href'))!).pathname;

  const thin = page.locator('.audit-issue').filter({ hasText: 'Thin content' });
  expect(await thin.locator('.audit-count').textContent()).toBe(String(PRODUCTS));
  await thin.locator('summary').click();
  const urls = thin.locator('.audit-urls a');
  await expect.poll(() => urls.count()).toBe(50);
  expect(await urls.first().textContent()).toBe(product(0));
  const pager = thin.getByRole('navigation', { name: 'Pages of URLs with Thin content' });
  expect(await pager.locator('span').textContent()).toBe('Page 1 of 2');
  mkdirSync(shots, { recursive: true });
  await thin.screenshot({ path: `${shots}/site-audit-paged-issue-desktop.png` });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => urls.allTextContents()).toEqual(Array.from({ length: 14 }, (_, n) => product(50 + n)));
  expect(await pager.locator('span').textContent()).toBe('Page 2 of 2');

  // The filter by URL text asks the server which types have such a URL.
  await page.getByPlaceholder('Filter by issue or URL').fill('product-63');
  await expect.poll(() => page.locator('.audit-issue-title').allTextContents()).toEqual(['Thin content']);

  // The pages list searches on the server too.
  await page.getByPlaceholder('Search URLs').first().fill('product-1');
  await expect
    .poll(() => page.locator('.audit-pages .audit-page-url').allTextContents())
    .toEqual(Array.from({ length: 10 }, (_, n) => product(10 + n)));
  expect(await page.locator('.audit-pages > p').first().textContent()).toBe('10 URLs');

  const summary = requests.find((entry) => /\/issues$/.test(entry.path));
  expect(summary?.urls).toBe(0);
  expect(Math.max(...requests.map((entry) => entry.urls))).toBe(50);
  expect(problems).toEqual([]);
});

test('on a phone the paged issue list fits and turns its pages', async () => {
  const { page, problems } = await openReport(390, 844);
  await page.goto(`${origin}${reportPath}`);
  await waitForIslands(page);
  await page.locator('.audit-report h2').waitFor();
  const thin = page.locator('.audit-issue').filter({ hasText: 'Thin content' });
  await thin.locator('summary').click();
  await expect.poll(() => thin.locator('.audit-urls a').count()).toBe(50);
  const pager = thin.getByRole('navigation', { name: 'Pages of URLs with Thin content' });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => thin.locator('.audit-urls a').count()).toBe(14);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await thin.screenshot({ path: `${shots}/site-audit-paged-issue-phone.png` });
  expect(problems).toEqual([]);
});
