import { mkdirSync } from 'node:fs';
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TIME_ZONE } from '#views/business.ts';
import { reportDate } from '#views/model/site-audit-report.ts';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

const site = () => inject('fixtures')['site-audit-site'];
const shots = 'test-results/screenshots';

async function runAudit(page: Page, url: string) {
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  // The report heading appears once the audit is stored and its issues are loaded.
  await page.locator('.audit-report h2').waitFor({ timeout: 30_000 });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('site audit: run, read the report, filter, drill into a page, export, re-run with a diff, share', async () => {
  const { page, problems } = await openPage(browser, '/site-audit', { width: 1366 });
  await waitForIslands(page);
  expect(await page.getByRole('button', { name: 'Run Site Audit' }).isDisabled()).toBe(true);
  await runAudit(page, `${site()}/`);

  const report = page.locator('.audit-report');
  expect(await report.locator('h2').textContent()).toBe(
    `Site audit of 127.0.0.1, ${reportDate(new Date().toISOString(), DEFAULT_TIME_ZONE)}`,
  );
  expect(await report.locator('.audit-report-url').textContent()).toBe(`Audit report for ${site()}/`);
  expect(await report.locator('.audit-counts').textContent()).toBe('3 errors7 warnings0 notices10 URLs crawled');
  expect(await report.locator('.audit-meta').textContent()).toMatch(
    new RegExp(`^Site ${site()} · crawled in \\d+\\.\\d s · 1 sitemap read$`),
  );
  // Errors first, then warnings; within a severity the most URLs first, then by id.
  expect(await report.locator('.audit-issue-title').allTextContents()).toEqual([
    'Page links to a broken internal URL',
    'Internal URL answers 4xx',
    'Missing title',
    'Blocked by robots.txt',
    'Missing meta description',
    'Image without alt attribute',
    'Page links to an internal redirect',
    'Orphan page',
    'Temporary redirect',
    'Thin content',
  ]);

  await report.getByRole('button', { name: 'Warnings' }).click();
  expect(await report.locator('.audit-issue .audit-badge').allTextContents()).toEqual(Array(7).fill('warning'));
  await report.getByPlaceholder('Filter by issue or URL').fill('thin');
  const thin = report.locator('.audit-issue').filter({ hasText: 'Thin content' });
  await thin.locator('summary').click();
  await thin.getByText('How to fix:').waitFor();
  // Its URLs come from the server once the group is opened.
  await expect.poll(() => thin.locator('.audit-urls a').allTextContents()).toEqual(['/blog']);

  const blogRow = report.locator('.audit-page-list > li').filter({ hasText: '/blog' });
  await blogRow.locator('summary').click();
  await blogRow.locator('dd').filter({ hasText: /^64$/ }).waitFor();
  await blogRow.getByText('Thin content').waitFor();

  const absolute = (href: string | null) => new URL(href ?? '', inject('baseUrl')).href;
  const csv = await page.request.get(
    absolute(await report.getByRole('link', { name: 'Download CSV' }).getAttribute('href')),
  );
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'url,type,severity,detail,link_source,link_target,anchor_text,link_position',
  );
  const pdf = await page.request.get(
    absolute(await report.getByRole('link', { name: 'Download PDF report' }).getAttribute('href')),
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/site-audit-desktop.png`, fullPage: true });

  await report.getByRole('button', { name: 'Re-run audit' }).click();
  await page.locator('.audit-diff').waitFor({ timeout: 30_000 });
  expect(await page.locator('.audit-diff p').textContent()).toBe('1 new issue · 1 fixed issue');
  await page.locator('.audit-diff').getByText('Missing language: /lang-later').waitFor();

  // The link is absolute (on SITE_URL, the server default here); the phone opens its path on this server.
  const share = new URL((await page.locator('.audit-share a').getAttribute('href'))!);
  expect(share.pathname).toMatch(/^\/site-audit\/[A-Za-z0-9_-]{22}$/);
  expect(await page.locator('.audit-history li').count()).toBe(2);
  expect(problems).toEqual([]);

  const phone = await openPage(browser, share.pathname, { width: 390, height: 844 });
  await waitForIslands(phone.page);
  await phone.page.locator('.audit-report h2').waitFor();
  expect(await phone.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  await phone.page.locator('.audit-issue summary').first().click();
  await noSidewaysScroll(phone.page);
  await phone.page.screenshot({ path: `${shots}/site-audit-phone.png`, fullPage: true });
  expect(phone.problems).toEqual([]);
});

test('site audit: a URL the server refuses shows its error and the form stays usable', async () => {
  const { page, problems } = await openPage(browser, '/site-audit', { width: 390, height: 844 });
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill('ftp://example.com');
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter a valid http:// or https:// URL.');
  expect(await page.getByRole('button', { name: 'Run Site Audit' }).isEnabled()).toBe(true);
  await noSidewaysScroll(page);
  expect(problems.filter((problem) => !problem.startsWith('http 400'))).toEqual([]);
});
