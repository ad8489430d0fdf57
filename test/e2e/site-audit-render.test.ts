import { expect, inject, test } from 'vitest';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();
const spa = () => inject('fixtures')['site-audit-spa'];

test('site audit with "Render JavaScript": a single-page application is crawled route by route', async () => {
  const { page, problems } = await openPage(browser, '/site-audit', { width: 1366 });
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${spa()}/`);
  const render = page.getByRole('checkbox', { name: 'Render JavaScript' });
  expect(await render.isChecked()).toBe(false);
  await render.check();
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  await page.locator('.audit-report h2').waitFor({ timeout: 60_000 });
  const report = page.locator('.audit-report');
  expect(await report.locator('.audit-meta').textContent()).toMatch(/ · JavaScript rendered on 19 pages$/);
  // 19 routes, and the script they load, listed apart as a resource.
  expect((await report.locator('.audit-counts li').allTextContents()).slice(-2)).toEqual([
    '19 URLs crawled',
    '1 script or stylesheet',
  ]);
  await report.locator('.audit-resources .audit-page-url').first().waitFor();
  expect(await report.locator('.audit-resources .audit-page-url').allTextContents()).toEqual(['/app.js']);
  expect(await report.locator('.audit-issue-title').allTextContents()).toContain('Noindex removed by JavaScript');
  expect(problems).toEqual([]);
});
