import { readFileSync } from 'node:fs';
import { expect, inject, test } from 'vitest';
import { clippedContent, fileBrowser, holdRequests, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

const site = () => inject('fixtures')['live-pages'];
const RED = 'rgb(185, 28, 28)';

test('redirect checker: plans load, busy label, flagged chains with a summary line, colours and CSV', async () => {
  const { page, problems } = await openPage(browser, '/bulk-url-redirection-tool');
  await waitForIslands(page);
  await expect.poll(() => page.locator('.plans tbody tr').count()).toBe(3);
  const button = page.getByRole('button', { name: 'Process URLs' });
  await page.locator('textarea').fill('  \n \n');
  expect(await button.isDisabled()).toBe(true);
  const release = await holdRequests(page, '**/api/bulk-url-redirection/redirect');
  await page
    .locator('textarea')
    .fill(`\n ${site()}/redirect/1 \n\n${site()}/loop/a\n${site()}/good\n${site()}/status/404`);
  await button.click();
  await page.getByRole('button', { name: 'Processing...' }).waitFor();
  release();
  const rows = page.locator('.redirect-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
  expect(await page.locator('.redirect-summary').innerText()).toBe('1 OK · 1 redirect · 1 broken · 1 loop · 0 errors');
  expect(await rows.nth(0).innerText()).toContain(`${site()}/good`);
  expect(await rows.nth(0).locator('.chain li').count()).toBe(3);
  const badges = (index: number) => rows.nth(index).locator('.redirect-warnings li').allInnerTexts();
  expect(await badges(0)).toEqual(['TEMPORARY REDIRECT', 'REDIRECT CHAIN']);
  expect(await badges(1)).toEqual(['TEMPORARY REDIRECT', 'REDIRECT CHAIN', 'REDIRECT LOOP']);
  expect(await badges(2)).toEqual([]);
  expect(await badges(3)).toEqual(['BROKEN']);
  const finalStatus = (index: number) => rows.nth(index).locator('.final-status');
  expect(await finalStatus(0).innerText()).toBe('200');
  expect(await finalStatus(3).innerText()).toBe('404');
  expect(await finalStatus(3).evaluate((el) => getComputedStyle(el).color)).toBe(RED);
  expect(await finalStatus(2).evaluate((el) => getComputedStyle(el).color)).not.toBe(
    await finalStatus(0).evaluate((el) => getComputedStyle(el).color),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('redirect-check.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Original URL,Redirected URL,Final status,Hops,Chain,Warnings,Error');
  expect(csv).toContain(`${site()}/redirect/1,${site()}/good,200,2,`);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('redirect checker: the user agent choice is sent; on a phone the results read as cards without clipping', async () => {
  const { page, problems } = await openPage(browser, '/bulk-url-redirection-tool', { width: 390, height: 844 });
  await waitForIslands(page);
  expect(await page.getByLabel('Check as').inputValue()).toBe('browser');
  await page.getByLabel('Check as').selectOption({ label: 'Googlebot smartphone' });
  await page
    .locator('textarea')
    .fill(`${site()}/redirect/1\n${site()}/status/404\n${site()}/redirect/external-private`);
  const [sent] = await Promise.all([
    page.waitForRequest('**/api/bulk-url-redirection/redirect'),
    page.getByRole('button', { name: 'Process URLs' }).click(),
  ]);
  expect(sent.postDataJSON()).toEqual({
    urls: [`${site()}/redirect/1`, `${site()}/status/404`, `${site()}/redirect/external-private`],
    userAgent: 'googlebot-smartphone',
  });
  await expect.poll(() => page.locator('.redirect-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
  expect(await page.locator('.redirect-summary').innerText()).toBe('0 OK · 1 redirect · 1 broken · 0 loops · 1 error');
  expect(await clippedContent(page)).toEqual([]);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('redirect checker: failures show Failed to process URLs and Failed to fetch plans with an empty list', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/api/bulk-url-redirection/plans', (route) => route.fulfill({ status: 500, body: '' }));
  await page.route('**/api/bulk-url-redirection/redirect', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"upstream down"}' }),
  );
  await page.goto(new URL('/bulk-url-redirection-tool', inject('baseUrl')).href);
  await waitForIslands(page);
  await page.getByText('Failed to fetch plans').waitFor();
  expect(await page.locator('.plans tbody tr').count()).toBe(0);
  await page.locator('textarea').fill('https://example.com/');
  await page.getByRole('button', { name: 'Process URLs' }).click();
  await page.getByText('Failed to process URLs').waitFor();
  await context.close();
});

test('index checker: empty input asks for a URL; results show indexability, unknowns, a site: search per URL and the Search Console note', async () => {
  const { page, problems } = await openPage(browser, '/google-index-checker');
  await waitForIslands(page);
  expect(await page.locator('.prose').first().innerText()).toContain(
    "Google's index can only be read for sites you own",
  );
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Please enter at least one URL');
  const release = await holdRequests(page, '**/api/google-index-checker/check');
  await page.locator('textarea').fill(`${site()}/good\n${site()}/noindex-header\nhttp://10.0.0.1/page`);
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await page.getByRole('button', { name: 'Checking...' }).waitFor();
  release();
  const rows = page.locator('.index-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  expect(await page.locator('.index-table thead').innerText()).toMatch(/URL\s+Indexed\s+Indexable\s+Why/);
  expect(await rows.nth(0).innerText()).toContain('Not checked (no search provider configured)');
  expect(await rows.nth(0).locator('.badge').innerText()).toBe('YES');
  expect(await rows.nth(1).locator('.badge').innerText()).toBe('NO');
  expect(await rows.nth(1).innerText()).toContain('The X-Robots-Tag header says noindex.');
  expect(await rows.nth(2).locator('.badge').innerText()).toBe('COULD NOT CHECK');
  expect(await rows.nth(2).innerText()).toContain('private or reserved network address');
  const google = rows.nth(1).getByRole('link', { name: 'Search Google' });
  const hostPath = `${site().replace(/^http:\/\//, '')}/noindex-header`;
  expect(await google.getAttribute('href')).toBe(
    `https://www.google.com/search?q=${encodeURIComponent(`site:${hostPath}`)}`,
  );
  expect(await google.getAttribute('target')).toBe('_blank');
  expect(await google.getAttribute('rel')).toContain('noopener');
  expect(problems, problems.join('\n')).toEqual([]);

  await page.unroute('**/api/google-index-checker/check');
  await page.route('**/api/google-index-checker/check', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await page.getByText('Failed to check index status').waitFor();
});

test('index checker: on a phone the results read as cards without clipping', async () => {
  const { page, problems } = await openPage(browser, '/google-index-checker', { width: 390, height: 844 });
  await waitForIslands(page);
  await page.locator('textarea').fill(`${site()}/good\n${site()}/canonical-elsewhere`);
  await page.getByRole('button', { name: 'Check Index Status' }).click();
  await expect.poll(() => page.locator('.index-table tbody tr').count(), { timeout: 15_000 }).toBe(2);
  expect(await clippedContent(page)).toEqual([]);
  expect(problems, problems.join('\n')).toEqual([]);
});
