import { expect, inject, test } from 'vitest';
import { fileBrowser, holdRequests, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

const site = () => inject('fixtures')['live-pages'];

test('mobile tester: busy label, verdict and checks with how to fix, on desktop and a phone-sized screen', async () => {
  for (const width of [1280, 390]) {
    const { page, problems } = await openPage(browser, '/mobile-friendly-tester-tool', { width, height: 900 });
    await waitForIslands(page);
    const button = page.getByRole('button', { name: 'Test Mobile-Friendliness' });
    expect(await button.isDisabled()).toBe(true);
    const release = await holdRequests(page, '**/api/mobile-friendly-tester/test');
    await page.getByLabel('Page URL').fill(`${site()}/mobile/fixed-width`);
    await button.click();
    await page.getByRole('button', { name: 'Testing...' }).waitFor();
    release();
    await page.locator('.verdict').waitFor();
    expect(await page.locator('.verdict').innerText()).toBe('This page is not mobile-friendly');
    expect(await page.locator('[data-check="fixed-width"]').innerText()).toContain('How to fix:');
    // The server has Chromium: the page was rendered, its offending element named, its phone screenshot shown.
    expect(await page.getByTestId('render-mode').innerText()).toMatch(
      /^Loaded in a real browser \(Chromium\) on a 360 × 640 phone screen; \d+ KB of files\.$/,
    );
    expect(await page.locator('[data-check="fixed-width"] .check-items').innerText()).toBe('<div.wrap> "Fixed wide"');
    const shot = page.locator('.phone-shot img');
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  }
});
