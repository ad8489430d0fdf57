import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { holdRequests, launchBrowser, openPage, waitForIslands } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = () => inject('fixtures')['live-pages'];

test('SEO audit: recommendations before any audit, busy state with progress, then the report with statuses', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit');
  await waitForIslands(page);
  expect(await page.locator('.recommendation').count()).toBe(22);
  expect(await page.locator('.recommendation .badge').count()).toBe(0);
  expect(await page.locator('.faq-item').count()).toBe(4);
  const button = page.getByRole('button', { name: 'Run SEO Audit' });
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Website URL').fill('   ');
  expect(await button.isDisabled()).toBe(true);

  const release = await holdRequests(page, '**/api/seo-audit/audit');
  await page.getByLabel('Website URL').fill(`${site()}/good`);
  await button.click();
  await page.getByRole('button', { name: 'Auditing...' }).waitFor();
  await expect.poll(() => page.locator('progress').getAttribute('value')).not.toBe('0');
  release();
  await page.locator('.audit-report').waitFor();
  expect(await page.locator('progress').getAttribute('value')).toBe('100');
  const report = await page.locator('.audit-report').innerText();
  expect(report).toContain('Delhi SEO fixture page for audit testing');
  expect(report).toContain('Audit & fixture page');
  expect(report).toContain('First section');
  expect(await page.locator('.recommendation .badge').count()).toBe(22);
  expect(await page.locator('[data-check="https"] .badge').innerText()).toMatch(/fail/i);
  expect(await page.getByRole('button', { name: 'Run SEO Audit' }).isEnabled()).toBe(true);
  expect(problems).toEqual([]);
});

test('SEO audit: empty heading lists say None found, and the printed view hides the form and menus', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit');
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${site()}/poor`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await page.locator('.audit-report').waitFor();
  expect(await page.locator('.audit-report .report-fields').innerText()).toContain('None found');
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.site-header').isVisible()).toBe(false);
  expect(await page.locator('form.tool-card').isVisible()).toBe(false);
  expect(await page.locator('.audit-report').isVisible()).toBe(true);
  expect(problems).toEqual([]);
});

test('SEO audit: the server error is shown and progress drops to 0; a bare failure says Failed to perform SEO audit', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit');
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${site()}/loop/a`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(`Redirect loop: ${site()}/loop/a redirects back to itself.`);
  expect(await page.locator('progress').getAttribute('value')).toBe('0');

  await page.route('**/api/seo-audit/audit', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }));
  await page.getByLabel('Website URL').fill(`${site()}/good`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await expect.poll(() => alert.innerText()).toBe('Failed to perform SEO audit');
  // The two failures above are the 502 and 500 the browser logs; nothing else went wrong.
  expect(problems.filter((problem) => !/http (502|500): .*\/api\/seo-audit\/audit/.test(problem))).toEqual([]);
});

test('old SEO audit and tool spellings answer 301 to the canonical pages', async () => {
  const base = inject('baseUrl');
  const expected: Record<string, string> = {
    '/SeoAudit': '/seo-audit',
    '/free-seo-audit': '/seo-audit',
    '/BulkUrlRedirectionTool': '/bulk-url-redirection-tool',
    '/GoogleIndexChecker': '/google-index-checker',
    '/MobileFriendlyTesterTool': '/mobile-friendly-tester-tool',
    '/mobile-friendly-tester': '/mobile-friendly-tester-tool',
  };
  for (const [alias, target] of Object.entries(expected)) {
    const res = await fetch(`${base}${alias}`, { redirect: 'manual' });
    expect(res.status, alias).toBe(301);
    expect(res.headers.get('location'), alias).toBe(target);
  }
});
