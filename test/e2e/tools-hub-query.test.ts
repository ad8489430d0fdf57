import { describe, expect, test } from 'vitest';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

describe.each([390, 1366])('%i px', (width) => {
  test('the tools hub search is in the address (?q=): a reload and a shared link show the same tools', async () => {
    const { page, problems } = await openPage(browser, '/try-free-tools', { width, height: width < 600 ? 844 : 900 });
    await waitForIslands(page);
    await page.getByLabel('Search the tools').fill('sitemap');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('sitemap');
    const status = () => page.locator('.tools-hub-status').innerText();
    const found = await status();
    expect(found).toMatch(/^\d+ of \d+ tools match “sitemap”$/);
    await page.screenshot({ path: `test-results/journey-tools-q-${width}.png` });
    await page.reload();
    await waitForIslands(page);
    expect(await page.getByLabel('Search the tools').inputValue()).toBe('sitemap');
    expect(await status()).toBe(found);
    // Cleared, the address has no query left.
    await page.getByLabel('Search the tools').fill('');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
