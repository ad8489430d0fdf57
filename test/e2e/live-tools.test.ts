import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { holdRequests, launchBrowser, openPage, waitForIslands } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = () => inject('fixtures')['live-pages'];

test('redirect checker: plans load, blank input keeps the button disabled, chains show and export as CSV', async () => {
  const { page, problems } = await openPage(browser, '/bulk-url-redirection-tool');
  await waitForIslands(page);
  await expect.poll(() => page.locator('.plans tbody tr').count()).toBe(3);
  const button = page.getByRole('button', { name: 'Process URLs' });
  await page.locator('textarea').fill('  \n \n');
  expect(await button.isDisabled()).toBe(true);
  const release = await holdRequests(page, '**/api/bulk-url-redirection/redirect');
  await page.locator('textarea').fill(`\n ${site()}/redirect/1 \n\n${site()}/loop/a\n`);
  await button.click();
  await page.getByRole('button', { name: 'Processing...' }).waitFor();
  release();
  const rows = page.locator('.redirect-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  expect(await rows.nth(0).innerText()).toContain(`${site()}/good`);
  expect(await rows.nth(0).locator('.chain li').count()).toBe(3);
  expect(await rows.nth(1).innerText()).toContain('Redirect loop');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('redirect-check.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Original URL","Redirected URL","Final status","Hops","Chain","Error"');
  expect(csv).toContain(`"${site()}/redirect/1","${site()}/good","200","2"`);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('redirect checker: failures show Failed to process URLs and Failed to fetch plans with an empty list', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/api/bulk-url-redirection/plans', (route) => route.fulfill({ status: 500, body: '' }));
  await page.route('**/api/bulk-url-redirection/redirect', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"upstream down"}' }));
  await page.goto(new URL('/bulk-url-redirection-tool', inject('baseUrl')).href);
  await waitForIslands(page);
  await page.getByText('Failed to fetch plans').waitFor();
  expect(await page.locator('.plans tbody tr').count()).toBe(0);
  await page.locator('textarea').fill('https://example.com/');
  await page.getByRole('button', { name: 'Process URLs' }).click();
  await page.getByText('Failed to process URLs').waitFor();
  await context.close();
});

test('index checker: empty input asks for a URL, results show indexability and say when indexing was not checked', async () => {
  const { page, problems } = await openPage(browser, '/google-index-checker');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Please enter at least one URL');
  const release = await holdRequests(page, '**/api/google-index-checker/check');
  await page.locator('textarea').fill(`${site()}/good\n${site()}/noindex-header`);
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await page.getByRole('button', { name: 'Checking...' }).waitFor();
  release();
  const rows = page.locator('.index-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  expect(await page.locator('.index-table thead').innerText()).toMatch(/URL\s+Indexed\s+Indexable\s+Why/);
  expect(await rows.nth(0).innerText()).toContain('Not checked (no search provider configured)');
  expect(await rows.nth(1).innerText()).toContain('The X-Robots-Tag header says noindex.');
  expect(problems, problems.join('\n')).toEqual([]);

  await page.unroute('**/api/google-index-checker/check');
  await page.route('**/api/google-index-checker/check', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await page.getByText('Failed to check index status').waitFor();
});

test('mobile tester: busy label, verdict and checks with how to fix, on desktop and a phone-sized screen', async () => {
  for (const width of [1280, 390]) {
    const { page, problems } = await openPage(browser, '/mobile-friendly-tester-tool', { width, height: 900 });
    await waitForIslands(page);
    const button = page.getByRole('button', { name: 'Test Mobile-Friendliness' });
    expect(await button.isDisabled()).toBe(true);
    const release = await holdRequests(page, '**/api/mobile-friendly-tester/test');
    await page.getByLabel('Page URL').fill(`${site()}/mobile/fixed-width`);
    await button.click();
    await page.getByRole('button', { name: 'Testing...' }).waitFor();
    release();
    await page.locator('.verdict').waitFor();
    expect(await page.locator('.verdict').innerText()).toBe('This page is not mobile-friendly');
    expect(await page.locator('[data-check="fixed-width"]').innerText()).toContain('How to fix:');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  }
});
