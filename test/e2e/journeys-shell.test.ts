import { expect, inject, test } from 'vitest';
import { axeViolations, clippedContent, fileBrowser, openPage } from './browser.ts';

// Issue 13: the header, footer and 404 page as a visitor meets them, at the widths the issue names.
const browser = fileBrowser();

/** A page with scripts switched off, as a visitor without JavaScript (or a crawler) sees it. */
async function openWithoutScripts(path: string, width: number, height: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
  const page = await context.newPage();
  const response = await page.goto(new URL(path, inject('baseUrl')).href);
  return { page, response, close: () => context.close() };
}

test('header: one row at most 96 px tall at every width from 1024 px up, with the pages that win business and a call to action', async () => {
  for (const width of [1024, 1100, 1280, 1366, 1920]) {
    const { page, problems } = await openPage(browser, '/', { width, height: 900 });
    const header = (await page.locator('.site-header').boundingBox())!;
    expect(header.height, `${width}px`).toBeLessThanOrEqual(96);
    expect(await page.locator('.nav-toggle').isVisible()).toBe(false);
    const items = page.locator('.nav-list > li > a, .nav-list > li > details > summary, .nav-cta');
    expect(await items.allInnerTexts()).toEqual([
      'Services',
      'Pricing',
      'Results',
      'Free tools',
      'About',
      'Get a proposal',
    ]);
    for (const box of await items.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.top, `${width}px`).toBeGreaterThanOrEqual(header.y);
      expect(box.bottom, `${width}px`).toBeLessThanOrEqual(header.y + header.height);
    }
    expect(await page.locator('.nav-cta').getAttribute('href')).toBe('/contact-me');
    expect(await page.locator('.nav-link', { hasText: 'Pricing' }).getAttribute('href')).toBe('/seo-packages');
    expect(await page.locator('.nav-link', { hasText: 'Results' }).getAttribute('href')).toBe('/case-studies');
    // The phone number sits beside the call to action where there is room for it.
    const phone = page.locator('.nav-phone');
    if (width >= 1280) {
      expect(await phone.isVisible(), `${width}px`).toBe(true);
      expect(await phone.getAttribute('href')).toBe('tel:+919876543210');
      const cta = (await page.locator('.nav-cta').boundingBox())!;
      expect((await phone.boundingBox())!.x + (await phone.boundingBox())!.width).toBeLessThanOrEqual(cta.x);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }
  for (const width of [1023, 390]) {
    const { page } = await openPage(browser, '/', { width, height: 844 });
    expect(await page.locator('.nav-toggle').isVisible(), `${width}px`).toBe(true);
    expect(await page.locator('#site-nav').isVisible()).toBe(false);
    await page.context().close();
  }
});

test('header: the Free tools menu groups every tool by job and opens without JavaScript; phones get the whole menu', async () => {
  const desktop = await openWithoutScripts('/seo-guides', 1366, 900);
  const summary = desktop.page.locator('summary', { hasText: 'Free tools' });
  await summary.click();
  const panel = desktop.page.locator('.mega-panel');
  expect(await panel.isVisible()).toBe(true);
  expect(await panel.locator('.menu-heading').allTextContents()).toEqual(['Analyse', 'Crawl', 'Generate', 'Media']);
  for (const name of ['Free SEO Audit', 'Sitemap Generator', 'YouTube Shorts Downloader', 'All free tools →']) {
    expect(await panel.getByRole('link', { name }).isVisible(), name).toBe(true);
  }
  // Opening another menu closes this one: exclusive <details name>, no script needed.
  await desktop.page.locator('summary', { hasText: 'Services' }).click();
  expect(await panel.isVisible()).toBe(false);
  expect(await desktop.page.locator('.site-header').getByRole('link', { name: 'SEO Services Noida' }).isVisible()).toBe(
    true,
  );
  await desktop.close();

  const phone = await openWithoutScripts('/seo-guides', 390, 844);
  expect(await phone.page.locator('.nav-toggle').isVisible()).toBe(false);
  expect(await phone.page.locator('#site-nav').isVisible()).toBe(true);
  expect(await phone.page.getByRole('link', { name: 'Get a proposal' }).isVisible()).toBe(true);
  await phone.close();
});

test('footer: columns side by side on desktop, two to a row and compact on a phone', async () => {
  const tops = (els: Element[]) => els.map((el) => Math.round(el.getBoundingClientRect().top));
  const desktop = await openPage(browser, '/', { width: 1366, height: 900 });
  const columnTops = await desktop.page.locator('.footer-column').evaluateAll(tops);
  expect(columnTops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(columnTops).size).toBe(1);
  await desktop.page.context().close();

  const phone = await openPage(browser, '/', { width: 390, height: 844 });
  const phoneTops = await phone.page.locator('.footer-column').evaluateAll(tops);
  expect(phoneTops[0]).toBe(phoneTops[1]);
  const height = (await phone.page.locator('.site-footer').boundingBox())!.height;
  // One column of every link measured about 1,500 px; two to a row keep it near 1,000.
  expect(height).toBeLessThan(1100);
  for (const label of ['Privacy Policy', 'Terms and Conditions', 'Ad Post Sites', 'SEO Guides']) {
    expect(
      await phone.page.locator('.site-footer').getByRole('link', { name: label, exact: true }).count(),
      label,
    ).toBe(1);
  }
  await phone.page.context().close();
});

test('404: the spec text with status 404, a site search that works without JavaScript, and popular tools', async () => {
  const { page, response, close } = await openWithoutScripts('/no-such-page', 1366, 900);
  expect(response?.status()).toBe(404);
  expect(await page.locator('h1').innerText()).toBe('404 - Page Not Found');
  expect(await page.getByText('The page you are looking for does not exist.').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  const tools = await page.locator('.popular-tools a').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(tools.length).toBeGreaterThanOrEqual(5);
  expect(tools[0]).toBe('/seo-audit');

  const box = page.locator('input[type="search"][name="q"]');
  await box.fill('xml sitemap');
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === 'xml sitemap');
  expect(new URL(page.url()).pathname).toBe('/no-such-page');
  const results = await page
    .locator('.search-results a')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(results).toContain('/sitemap-tool');
  expect(await box.inputValue()).toBe('xml sitemap');

  await page.goto(new URL('/no-such-page?q=qwertyuiop', inject('baseUrl')).href);
  expect(await page.locator('#search-results-heading').innerText()).toBe('No page matches “qwertyuiop”');

  // A mistyped address suggests the pages its words point to.
  const typo = await page.goto(new URL('/seo-packagess', inject('baseUrl')).href);
  expect(typo?.status()).toBe(404);
  expect(await page.locator('.search-results a').first().getAttribute('href')).toBe('/seo-packages');
  await close();

  const { page: withJs, problems } = await openPage(browser, '/no-such-page', { width: 390, height: 844 });
  await withJs.locator('.popular-tools a').first().click();
  await withJs.waitForURL((url) => url.pathname === '/seo-audit');
  expect(problems).toEqual([]);
  await withJs.context().close();
});

const firstPages = [
  '/',
  '/seo-services-delhi',
  '/try-free-tools',
  '/bulk-url-redirection-tool',
  '/no-such-page',
  '/contact-me',
  '/seo-packages',
];

test.each([
  [1366, 900],
  [1024, 768],
  [390, 844],
])(
  'axe finds nothing and nothing is clipped on the pages a visitor meets first at %i px, menus open',
  async (width, height) => {
    for (const path of firstPages) {
      const { page, problems } = await openPage(browser, path, { width, height });
      const where = `${path} ${width}px`;
      if (width >= 1024) await page.locator('summary', { hasText: 'Free tools' }).click();
      else await page.locator('.nav-toggle').click();
      expect(await axeViolations(page), where).toEqual([]);
      if (width === 390) expect(await clippedContent(page), where).toEqual([]);
      expect(problems, where).toEqual([]);
      await page.context().close();
    }
  },
);
