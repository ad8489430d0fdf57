import { expect, inject, test } from 'vitest';
import { axeViolations, clippedContent, fileBrowser, openPage, waitForIslands } from './browser.ts';

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
  // The job thread starts, reads robots.txt and the slowed start page before the first count: on a busy
  // machine that is more than the poll's default second, so wait for it (the crawl lasts a few seconds).
  await expect
    .poll(() => page.locator('.sitemap-progress').textContent(), { timeout: 20_000 })
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
  expect(await page.locator('.sitemap-preview h2').textContent()).toBe('URLs in this sitemap (25)');
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

for (const width of [390, 1366]) {
  test(`sitemap tool at ${width} px: options, images and hreflang counts, broken links with their sources, HTML sitemap`, async () => {
    const origin = inject('fixtures')['sitemap-options-site'];
    const { page, problems } = await openPage(browser, '/sitemap-tool', { width });
    await waitForIslands(page);
    await page.getByPlaceholder('Enter your website URL').fill(`${origin}/`);
    const options = page.locator('.sitemap-options');
    expect(await options.locator('summary').textContent()).toBe('Options Default options');
    await options.locator('summary').click();

    // A pattern that is not a path is refused before any crawl, with what to do about it.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/sitemaps')) posted += 1;
    });
    await page.getByLabel('Only list URLs matching').fill('blog');
    await page.getByRole('button', { name: 'Generate Sitemap' }).click();
    await expect
      .poll(() => page.locator('.sitemap-tool .error').textContent())
      .toBe('Include pattern 1 ("blog") must start with / (a path such as /blog/).');
    expect(posted).toBe(0);
    await page.getByLabel('Only list URLs matching').fill('');

    await page.getByLabel('Leave out URLs matching').fill('/private/\n/gallery$');
    await page.getByLabel('List pages marked noindex').check();
    expect(await page.getByLabel('List pages whose canonical points to another URL').isChecked()).toBe(false);
    expect(await page.getByLabel(/Images on each page/).isChecked()).toBe(true);
    expect(await page.getByLabel(/Language versions from hreflang tags/).isChecked()).toBe(true);
    expect(await options.locator('.sitemap-options-summary').textContent()).toBe(
      '2 exclude patterns · noindex pages listed',
    );
    expect(await options.textContent()).toContain(
      'Best left unticked: Google asks for a sitemap of the pages you want',
    );
    await page.getByRole('button', { name: 'Generate Sitemap' }).click();
    await page.getByText('Full link:').waitFor({ timeout: 30_000 });
    expect(posted).toBe(1);

    expect(await page.locator('.sitemap-result .success').textContent()).toContain('Sitemap generated with 9 pages');
    const preview = page.locator('.sitemap-preview li');
    await expect.poll(() => preview.count()).toBe(9);
    expect((await preview.allTextContents()).sort()).toEqual(
      ['/', '/about', '/blog/', '/blog/draft', '/blog/post-1', '/blog/post-2', '/hi/', '/shop/item', '/thanks']
        .map((path) => `${origin}${path}`)
        .sort(),
    );
    const report = page.locator('.sitemap-report');
    expect(await report.locator('.sitemap-extras').textContent()).toBe(
      'Images listed: 5 · Language versions (hreflang) listed: 5',
    );
    expect(await report.getByRole('row', { name: /Matches an exclude pattern 2/ }).count()).toBe(1);
    expect(await report.locator('.sitemap-broken h3').textContent()).toBe('Broken links (6)');
    const rows = await report
      .locator('.sitemap-broken tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.map(([source, target, status]) => [source, target, status?.replace(/\(.*\)/, '(…)')])).toEqual([
      [`${origin}/old-link`, `${origin}/gone`, '404'],
      [`${origin}/`, `${origin}/missing`, '404'],
      [`${origin}/blog/post-1`, `${origin}/missing`, '404'],
      [`${origin}/about`, `${origin}/reset`, 'No answer (…)'],
      [`${origin}/blog/post-1`, `${origin}/server-error`, '500'],
      [`${origin}/blog/post-2`, `${origin}/server-error`, '500'],
    ]);

    // The HTML sitemap: a page of links grouped by section, to view or to save as sitemap.html.
    const view = page.locator('.sitemap-html-links a', { hasText: 'View' });
    const html = await (await page.request.get(new URL((await view.getAttribute('href'))!, page.url()).href)).text();
    expect([...html.matchAll(/<h2 id="section-\d+">([^<]+)<\/h2>/g)].map((match) => match[1])).toEqual([
      'Main pages',
      '/blog/',
    ]);
    expect([...html.matchAll(/<li><a href="(http[^"]+)">/g)].map((match) => match[1].slice(origin.length))).toEqual([
      '/',
      '/about',
      '/hi/',
      '/shop/item',
      '/thanks',
      '/blog/',
      '/blog/draft',
      '/blog/post-1',
      '/blog/post-2',
    ]);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.sitemap-html-links a', { hasText: 'Download sitemap.html' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('sitemap.html');

    // Nothing wider than the screen or cut off, with the skipped URLs open too, and nothing axe objects to.
    await report.getByText('Show skipped URLs').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await clippedContent(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
