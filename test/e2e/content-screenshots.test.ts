import { mkdirSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';

const browser = fileBrowser();
beforeAll(() => {
  mkdirSync('test-results/screenshots', { recursive: true });
});

const contentPages = [
  '/about',
  '/seo-services-delhi',
  '/seo-services-rohini',
  '/seo-services-noida',
  '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri',
  '/seo-guides',
  '/digital-marketing',
  '/career-guidance',
  '/google-core-updates',
  '/seo-optimized-page',
  '/seo-packages',
  '/case-studies',
  '/privacy-policy',
  '/disclaimer',
  '/terms-and-conditions',
  '/contact-me',
  '/write-for-us',
  '/sitemap',
  '/seo-guides/google-business-profile-local-seo',
  '/seo-guides/core-web-vitals',
];

// Screenshots land in test-results/screenshots for people to look at; the assertions catch the
// layout faults a screenshot would show: sideways scrolling, broken images, console errors.
const cases = contentPages.flatMap(
  (path) =>
    [
      ['mobile', path, 390, 844],
      ['desktop', path, 1280, 900],
    ] as const,
);

test.each(cases)(
  '%s %s: no horizontal scroll, all images load, no console errors',
  async (label, path, width, height) => {
    const { page, problems } = await openPage(browser, path, { width, height });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.evaluate(() =>
      Promise.all(
        [...document.images].map((img) => {
          img.loading = 'eager';
          return img.decode().catch(() => undefined);
        }),
      ),
    );
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/${label}${path.replace(/\//g, '_')}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  },
);
