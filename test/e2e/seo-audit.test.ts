import { mkdirSync } from 'node:fs';
import { expect, inject, test } from 'vitest';
import { clippedContent, fileBrowser, holdRequests, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

const site = () => inject('fixtures')['live-pages'];

test('SEO audit: recommendations before any audit, busy state with progress, then the report with statuses', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit');
  await waitForIslands(page);
  expect(await page.locator('.recommendation').count()).toBe(22);
  expect(await page.locator('.recommendation .badge').count()).toBe(0);
  expect(await page.locator('.faq-item').count()).toBe(4);
  // No empty progress bar before the first run.
  expect(await page.locator('.progress-row').isVisible()).toBe(false);
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
  // A failed or warned check carries no tick (the packages list's green ✓ stays there).
  const marks = await page
    .locator('.audit-check-list > li')
    .evaluateAll((items) => items.map((item) => getComputedStyle(item, '::before').content));
  expect(new Set(marks)).toEqual(new Set(['none']));
  expect(await page.getByRole('button', { name: 'Run SEO Audit' }).isEnabled()).toBe(true);
  expect(problems).toEqual([]);
});

test('SEO audit: a grade and score from the checks lead the report; failures come first, tabs filter by status, then a call to action', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit');
  await waitForIslands(page);
  const documented = await page.locator('.prose').innerText();
  expect(documented).toContain('Grades: A 90–100, B 80–89, C 70–79, D 60–69, F 0–59.');
  expect(await page.locator('.score-table tbody tr').allInnerTexts()).toEqual([
    'High\t−15\t−7',
    'Medium\t−7\t−3',
    'Low\t−3\t−1',
  ]);
  await page.getByLabel('Website URL').fill(`${site()}/good`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await page.locator('.audit-report').waitFor();
  expect(await page.locator('.grade-letter').innerText()).toBe('C');
  expect(await page.locator('.grade-score').innerText()).toBe('78/100');
  expect(await page.locator('.speed').innerText()).toMatch(/^Page speed: \d+\/100 \(estimated from this fetch, how\)$/);
  // The grade is the biggest figure on the report, not the speed estimate.
  const size = (selector: string) => page.locator(selector).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await size('.grade-letter')).toBeGreaterThan(2 * (await size('.speed strong')));

  const ids = () =>
    page
      .locator('.audit-check-list .recommendation')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-check')));
  expect((await ids()).slice(0, 2)).toEqual(['https', 'compression']);
  expect(await ids()).toHaveLength(22);
  await page.getByRole('tab', { name: 'Failed (2)' }).click();
  expect(await ids()).toEqual(['https', 'compression']);
  await page.getByRole('tab', { name: 'Warnings (0)' }).click();
  expect(await ids()).toEqual([]);
  await page.getByRole('tab', { name: 'Passed (20)' }).click();
  expect(await ids()).toHaveLength(20);
  expect(await page.getByRole('tab', { name: 'Passed (20)' }).getAttribute('aria-selected')).toBe('true');

  const cta = page.locator('.audit-cta');
  expect(await cta.locator('p').innerText()).toBe(
    'This audit found 2 failed checks and 0 warnings. Tell us about the page and we will get back to you about fixing them.',
  );
  expect(await cta.getByRole('link', { name: 'Get these fixed' }).getAttribute('href')).toBe('/contact-me');
  expect(problems).toEqual([]);
});

test('SEO audit: on a phone the report and checklist fit without clipping', async () => {
  const { page, problems } = await openPage(browser, '/seo-audit', { width: 390, height: 844 });
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${site()}/poor`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await page.locator('.audit-report').waitFor();
  expect(await page.locator('.grade-letter').innerText()).toBe('F');
  expect(await clippedContent(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('SEO audit: "Page experience" shows what a real browser measured, graded in words, at 1366 and 390 px', async () => {
  const experienceSite = inject('fixtures')['one-page-experience'];
  mkdirSync('test-results/screenshots', { recursive: true });
  const wide = await openPage(browser, '/seo-audit', { width: 1366, height: 900 });
  await waitForIslands(wide.page);
  await wide.page.getByLabel('Website URL').fill(`${experienceSite}/hero`);
  await wide.page.getByRole('button', { name: 'Run SEO Audit' }).click();
  const section = wide.page.getByTestId('page-experience');
  await section.waitFor();
  // A hero image without dimensions pushed the text down, and a script held the thread for 700 ms.
  expect(await section.locator('[data-vital="cls"] td').allTextContents()).toEqual(['0.298', 'Poor']);
  expect(await section.locator('[data-vital="tbtMs"] td').nth(1).textContent()).toBe('Poor');
  expect(await section.locator('[data-vital="cls"] th').innerText()).toBe('CLS\ngood up to 0.100, poor over 0.250');
  expect(await section.locator('.axe-findings').count()).toBe(0);
  expect(await section.innerText()).toContain('No WCAG 2.1 A or AA rule of axe-core fails on the rendered page.');
  await section.screenshot({ path: 'test-results/screenshots/seo-audit-experience-1366.png' });
  expect(wide.problems).toEqual([]);

  const phone = await openPage(browser, '/seo-audit', { width: 390, height: 844 });
  await waitForIslands(phone.page);
  await phone.page.getByLabel('Website URL').fill(`${experienceSite}/form`);
  await phone.page.getByRole('button', { name: 'Run SEO Audit' }).click();
  const onPhone = phone.page.getByTestId('page-experience');
  await onPhone.waitFor();
  expect(await onPhone.locator('.axe-findings .resource-meta').allInnerTexts()).toEqual([
    'image-alt · critical · 1 element',
    'label · critical · 1 element',
  ]);
  expect(await onPhone.locator('[data-vital="cls"] td').allTextContents()).toEqual(['0.000', 'Good']);
  expect(await clippedContent(phone.page)).toEqual([]);
  await onPhone.screenshot({ path: 'test-results/screenshots/seo-audit-experience-390.png' });
  expect(phone.problems).toEqual([]);
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

  // An address answering 404 gets no graded report of its error page: the alert says what it answered.
  await page.getByLabel('Website URL').fill(`${site()}/status/404`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await expect
    .poll(() => alert.innerText())
    .toBe(
      'This page answered HTTP 404 (Not Found), so there is no page to audit. Check the address, or audit a page that loads.',
    );
  expect(await page.locator('.audit-report').count()).toBe(0);

  await page.route('**/api/seo-audit/audit', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }),
  );
  await page.getByLabel('Website URL').fill(`${site()}/good`);
  await page.getByRole('button', { name: 'Run SEO Audit' }).click();
  await expect.poll(() => alert.innerText()).toBe('Failed to perform SEO audit');
  // The two failures above are the 502 and 500 the browser logs; nothing else went wrong.
  expect(problems.filter((problem) => !/http (502|500|422): .*\/api\/seo-audit\/audit/.test(problem))).toEqual([]);
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
