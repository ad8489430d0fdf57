import { readFile } from 'node:fs/promises';
import { expect, inject, test } from 'vitest';
import { axeViolations, fileBrowser, holdRequests, openPage, waitForIslands } from './browser.ts';

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

test('mobile tester on the tablet as Googlebot: failed files, robots-blocked files and console errors listed; rendered HTML viewed and downloaded', async () => {
  for (const width of [390, 1366]) {
    const { page, problems } = await openPage(browser, '/mobile-friendly-tester-tool', { width, height: 900 });
    await waitForIslands(page);
    await page.getByLabel('Page URL').fill(`${site()}/mobile/diagnostics`);
    // The phone as a phone browser until chosen otherwise.
    expect([await page.getByLabel('Device').inputValue(), await page.getByLabel('User agent').inputValue()]).toEqual([
      'phone',
      'browser',
    ]);
    await page.getByLabel('Device').selectOption({ label: 'Tablet (768 × 1024)' });
    await page.getByLabel('User agent').selectOption({ label: 'Googlebot smartphone' });
    await page.getByRole('button', { name: 'Test Mobile-Friendliness' }).click();
    await page.locator('.verdict').waitFor();
    expect(await page.getByTestId('render-mode').innerText()).toMatch(
      /^Loaded in a real browser \(Chromium\) on a 768 × 1024 tablet screen as Googlebot smartphone; \d+ KB of files\.$/,
    );
    const shot = page.locator('.phone-shot img');
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(768);

    const failed = page.getByTestId('failed-resources');
    expect(await failed.getByRole('heading').innerText()).toBe('Files that failed to load (1)');
    expect(await failed.locator('li').allInnerTexts()).toEqual([`${site()}/mobile/missing.png\nimage · HTTP 404`]);
    const robots = page.getByTestId('robots-blocked');
    expect(await robots.getByRole('heading').innerText()).toBe('Blocked by robots.txt (1)');
    expect(await robots.locator('li').allInnerTexts()).toEqual([`${site()}/no-google/widget.js\nscript`]);
    const errors = page.getByTestId('console-errors');
    expect(await errors.getByRole('heading').innerText()).toBe('JavaScript console errors (2)');
    expect(await errors.locator('.console-text').allInnerTexts()).toEqual([
      'Planted console error',
      'TypeError: Planted uncaught exception',
    ]);
    expect(await errors.locator('li strong').allInnerTexts()).toEqual(['Console error', 'Uncaught exception']);
    // The site audit's measurements of a rendered page: lab vitals, and axe-core (this page passes it).
    // CLS is good, not 0: the page moves a little as it loads on the tablet (0.002 measured; Chrome flags
    // shifts under the device emulation as after input, and the renderers count them since decision 0061).
    const experience = page.getByTestId('page-experience');
    expect(await experience.locator('p').allInnerTexts()).toEqual([
      expect.stringMatching(
        /^LCP \d+\.\d s( \(.+\))? · CLS 0\.0\d\d · TBT \d+ ms( \(.+\))?, measured once the page had finished loading and changing on this screen \(Lighthouse's mobile thresholds\)\.$/,
      ),
      'No WCAG 2.1 A or AA rule of axe-core fails on the rendered page.',
    ]);

    // The rendered HTML: collapsed, then shown as text (escaped, not parsed), and downloaded as a .html file.
    const rendered = page.getByTestId('rendered-html');
    const code = rendered.locator('pre code');
    expect(await code.isVisible()).toBe(false);
    await rendered.getByText('View the rendered HTML').click();
    expect(await code.isVisible()).toBe(true);
    const text = await code.innerText();
    expect(text).toContain('<p id="written">Written by the page script</p>');
    expect(text).toContain('<p id="widget">Widget not loaded</p>');
    expect(await rendered.locator('pre p, pre script').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rendered.getByRole('link', { name: 'Download HTML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rendered-127.0.0.1.html');
    const saved = await readFile((await download.path())!, 'utf8');
    expect(saved).toBe(text);
    expect(saved.startsWith('<!DOCTYPE html>')).toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  }
});
