import { expect, inject, test } from 'vitest';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

const siteUrl = () => `${inject('fixtures')['crawl-site']}/`;

test('sitemap tool: generate with live progress, see the report and history, check and download', async () => {
  const { page, problems } = await openPage(browser, '/sitemap-tool');
  await waitForIslands(page);
  const generate = page.getByRole('button', { name: 'Generate Sitemap' });
  const download = page.getByRole('button', { name: 'Download' });
  const check = page.getByRole('button', { name: 'Check' });
  await expect.poll(() => page.getByText('No sitemaps generated yet.').isVisible()).toBe(true);
  expect(await page.getByPlaceholder('Enter your website URL').getAttribute('type')).toBe('url');
  expect(await generate.isDisabled()).toBe(true);
  expect(await download.isDisabled()).toBe(true);
  expect(await check.isDisabled()).toBe(true);

  await page.getByPlaceholder('Enter your website URL').fill(siteUrl());
  expect(await generate.isDisabled()).toBe(false);
  await generate.click();
  const busy = page.getByRole('button', { name: 'Generating...' });
  await expect.poll(() => busy.isDisabled()).toBe(true);
  await expect
    .poll(() => page.locator('.sitemap-progress').textContent())
    .toMatch(/Pages found: [1-9]\d* · Queued: \d+ · Skipped: \d+/);

  await page.getByText('Full link:').waitFor({ timeout: 30_000 });
  expect(await generate.textContent()).toBe('Generate Sitemap');
  const link = await page.locator('.sitemap-link a').getAttribute('href');
  expect(link).toMatch(
    new RegExp(`^${inject('baseUrl')}/api/sitemaps/files/sitemap-127\\.0\\.0\\.1-\\d+-[\\d-]+-[0-9a-f]{32}\\.xml$`),
  );
  expect(await page.locator('.sitemap-result .success').textContent()).toContain('Sitemap generated with 25 pages');

  const report = page.locator('.sitemap-report');
  expect(await report.getByRole('row', { name: /Blocked by robots.txt 1/ }).count()).toBe(1);
  expect(await report.getByRole('row', { name: /External link 3/ }).count()).toBe(1);
  await report.getByText('Show skipped URLs').click();
  expect(await report.getByText(`${inject('fixtures')['crawl-site']}/private/secret`).isVisible()).toBe(true);

  const history = page.locator('.sitemap-list tbody tr');
  await expect.poll(() => history.count()).toBe(1);
  expect(await history.first().textContent()).toContain(siteUrl());

  // The preview lists what the file itself says; the next steps point at the crawled site.
  const preview = page.locator('.sitemap-preview li');
  await expect.poll(() => preview.count()).toBe(25);
  expect(await page.locator('.sitemap-preview h3').textContent()).toBe('URLs in this sitemap (25)');
  expect(await preview.first().textContent()).toBe(siteUrl());
  const origin = inject('fixtures')['crawl-site'];
  const steps = page.locator('.sitemap-next li');
  expect(await steps.nth(0).textContent()).toContain(`so that it opens at ${origin}/sitemap.xml.`);
  expect(await steps.nth(1).textContent()).toBe(
    `Add this line to ${origin}/robots.txt: Sitemap: ${origin}/sitemap.xml`,
  );
  expect(await steps.nth(2).textContent()).toContain(
    'In Google Search Console, open Sitemaps, enter sitemap.xml and press Submit',
  );

  await check.click();
  await page.getByText('✅ Sitemap is accessible and valid.').waitFor();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('sitemap.xml');
  expect(problems).toEqual([]);
});

test('sitemap tool: the list of generated sitemaps belongs to the browser that made them', async () => {
  const first = await openPage(browser, '/sitemap-tool');
  await waitForIslands(first.page);
  await first.page.getByPlaceholder('Enter your website URL').fill(siteUrl());
  await first.page.getByRole('button', { name: 'Generate Sitemap' }).click();
  await first.page.getByText('Full link:').waitFor({ timeout: 30_000 });
  await expect.poll(() => first.page.locator('.sitemap-list tbody tr').count()).toBe(1);
  await first.page.reload();
  await expect.poll(() => first.page.locator('.sitemap-list tbody tr').count()).toBe(1);

  // Another browser (its own cookie jar) sees none of them.
  const other = await openPage(browser, '/sitemap-tool');
  await waitForIslands(other.page);
  await expect.poll(() => other.page.getByText('No sitemaps generated yet.').isVisible()).toBe(true);
  const cookies = await first.page.context().cookies();
  expect(
    cookies.map((cookie) => ({ name: cookie.name, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite })),
  ).toEqual([{ name: 'visitor', httpOnly: true, sameSite: 'Lax' }]);
  expect(first.problems).toEqual([]);
  expect(other.problems).toEqual([]);
});

test('sitemap tool: Check reads the downloaded XML and says what is wrong with it', async () => {
  const { page } = await openPage(browser, '/sitemap-tool');
  await waitForIslands(page);
  await page.getByPlaceholder('Enter your website URL').fill(siteUrl());
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  await page.getByText('Full link:').waitFor({ timeout: 30_000 });
  const check = page.getByRole('button', { name: 'Check' });
  const line = page.locator('.sitemap-check');
  const serve = async (body: string) => {
    await page.unroute('**/api/sitemaps/files/**');
    await page.route('**/api/sitemaps/files/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/xml', body }),
    );
  };

  await serve('<html><body>Soft 404</body></html>');
  await check.click();
  await expect
    .poll(() => line.textContent())
    .toBe('❌ Sitemap check failed: the root element is <html>, not <urlset> or <sitemapindex>');
  await serve('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/</loc></url>');
  await check.click();
  await expect.poll(() => line.textContent()).toBe('❌ Sitemap check failed: the file is not well-formed XML');
  await serve('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/relative</loc></url></urlset>');
  await check.click();
  await expect
    .poll(() => line.textContent())
    .toBe('❌ Sitemap check failed: the <loc> of entry 1 "/relative" is not an absolute URL');
  await serve(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/</loc></url></urlset>',
  );
  await check.click();
  await expect.poll(() => line.textContent()).toBe('✅ Sitemap is accessible and valid.');
});

test('sitemap tool: a start page that fails shows the error in red and keeps Download/Check disabled', async () => {
  const { page } = await openPage(browser, '/sitemap-tool');
  await waitForIslands(page);
  await page.getByPlaceholder('Enter your website URL').fill(`${inject('fixtures')['crawl-site']}/missing`);
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  const error = page.locator('.sitemap-tool .error');
  await error.waitFor();
  expect(await error.textContent()).toBe('Failed to generate sitemap: The start page answered HTTP 404.');
  expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
  expect(await page.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
});

test('sitemap tool: check and download failures show the spec messages', async () => {
  const { page } = await openPage(browser, '/sitemap-tool');
  await waitForIslands(page);
  await page.getByPlaceholder('Enter your website URL').fill(siteUrl());
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  await page.getByText('Full link:').waitFor({ timeout: 30_000 });

  await page.route('**/api/sitemaps/files/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByText('❌ Sitemap check failed: 404').waitFor();

  let alerted = '';
  page.once('dialog', (dialog) => {
    alerted = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => alerted).toBe('Failed to download sitemap file.');

  await page.unroute('**/api/sitemaps/files/**');
  await page.route('**/api/sitemaps/files/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Check' }).click();
  await expect.poll(() => page.locator('.sitemap-check').textContent()).toMatch(/^❌ Error: .+/);
});

test('sitemap tool: four FAQ entries and a call to action that scrolls back to the top', async () => {
  const { page, problems } = await openPage(browser, '/sitemap-tool');
  expect(await page.locator('.faq-item').count()).toBe(4);
  expect(await page.locator('.sitemap-compare table tbody tr').count()).toBeGreaterThanOrEqual(5);
  expect(await page.locator('ul.benefits li').count()).toBeGreaterThanOrEqual(5);
  const cta = page.getByRole('link', { name: 'Generate your sitemap now' });
  await cta.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await cta.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(problems).toEqual([]);
});
