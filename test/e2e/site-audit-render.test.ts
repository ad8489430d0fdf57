import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { clippedContent, fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();
const spa = () => inject('fixtures')['site-audit-spa'];

/** Runs a rendered audit of `url` from the form and waits for its report. */
async function renderedAudit(page: Page, url: string) {
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(url);
  const render = page.getByRole('checkbox', { name: 'Render JavaScript' });
  expect(await render.isChecked()).toBe(false);
  await render.check();
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  await page.locator('.audit-report h2').waitFor({ timeout: 60_000 });
  return page.locator('.audit-report');
}

test('site audit with "Render JavaScript": a single-page application is crawled route by route', async () => {
  const { page, problems } = await openPage(browser, '/site-audit', { width: 1366 });
  const report = await renderedAudit(page, `${spa()}/`);
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

test('a rendered audit\'s report shows its "Page experience": vitals per grade, the worst pages, the failing accessibility rules', async () => {
  const site = inject('fixtures')['site-audit-experience'];
  const { page, problems } = await openPage(browser, '/site-audit', { width: 1366 });
  const report = await renderedAudit(page, `${site}/`);
  const section = report.locator('.audit-experience');
  // Five rendered pages: the late text (LCP), the banner (CLS) and the blocking script (TBT) are each graded.
  const rows = await section
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('th')!.firstChild!.textContent,
        ...[...tr.querySelectorAll('td')].map((td) => td.textContent),
      ]),
    );
  expect(rows).toEqual([
    ['LCP', '4', '1', '0'],
    ['CLS', '4', '0', '1'],
    ['TBT', '4', '0', '1'],
  ]);
  const worst = await section.locator('.audit-experience-worst li').allTextContents();
  expect(worst.map((line) => line.split(' ')[0]).sort()).toEqual(['/blocking', '/late-text', '/shift']);
  expect(worst.find((line) => line.startsWith('/shift'))).toMatch(
    /^\/shift LCP \d\.\d s · CLS 0\.\d{3} \(poor\) · TBT 0 ms$/,
  );
  expect(await section.locator('.audit-experience-rules li').allTextContents()).toEqual(['image-alt on 1 page']);
  // The pages list sorts worst first by a vital (the API sorts, so it holds across its pages).
  const pages = report.locator('.audit-pages');
  for (const [sort, first] of [
    ['tbt', '/blocking'],
    ['cls', '/shift'],
    ['lcp', '/late-text'],
  ]) {
    await pages.getByLabel('Sort by').selectOption(sort);
    await expect.poll(() => pages.locator('.audit-page-url').first().textContent()).toBe(first);
  }
  expect(await pages.locator('.audit-page-vital').first().textContent()).toMatch(/^LCP 3\.\d s$/);
  mkdirSync('test-results/screenshots', { recursive: true });
  await section.screenshot({ path: 'test-results/screenshots/site-audit-experience-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await clippedContent(page)).toEqual([]);
  await section.screenshot({ path: 'test-results/screenshots/site-audit-experience-390.png' });
  expect(problems).toEqual([]);
});
