import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { IG, PIN, YT } from '#test/fixtures/media-upstream/index.ts';
import { fileBrowser, openPage, unexpectedProblems, waitForIslands } from './browser.ts';

const browser = fileBrowser();

/**
 * Clicks "Click here to download the video" (it must open a new tab), then fetches the same link the
 * way that tab does and returns the file name and bytes it would save. (The tab turns into a download
 * and closes at once, too fast to observe reliably.)
 */
async function followDownloadLink(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const link = page.getByRole('link', { name: 'Click here to download the video' });
  expect(await link.getAttribute('target')).toBe('_blank');
  await Promise.all([page.waitForEvent('popup'), link.click()]);
  const response = await page.request.get(new URL((await link.getAttribute('href'))!, inject('baseUrl')).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('video/mp4');
  const name = /filename="([^"]+)"/.exec(response.headers()['content-disposition'] ?? '')?.[1] ?? '';
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
  return { name, bytes: await response.body() };
}

test('pinterest: empty URL, then a chosen resolution downloads the right MP4', async () => {
  const { page, problems } = await openPage(browser, '/PinterestDownloader');
  await waitForIslands(page);
  expect(await page.getByLabel('Video URL:').getAttribute('placeholder')).toBe('Enter Pinterest video URL');
  const select = page.getByLabel('Select Resolution:');
  expect(await select.inputValue()).toBe('1080');
  expect(await select.locator('option').allInnerTexts()).toEqual(['1080p', '720p', '480p', '360p']);
  expect(await page.locator('.copyright-notice').innerText()).toContain('Copyright notice');

  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => page.locator('.status').innerText()).toBe('Please enter a video URL.');

  await page.getByLabel('Video URL:').fill(`https://www.pinterest.com/pin/${PIN.redux}/`);
  await select.selectOption('480');
  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => page.locator('.status').innerText()).toBe('Video ready for download.');
  const file = await followDownloadLink(page);
  expect(file.name).toBe(`pinterest-${PIN.redux}-480p.mp4`);
  expect([file.bytes.length, file.bytes.subarray(4, 8).toString()]).toEqual([60_000, 'ftyp']);
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('pinterest: an image pin reports "Error downloading video: ..." and clears the old link', async () => {
  const { page, problems } = await openPage(browser, '/PinterestDownloader');
  await waitForIslands(page);
  await page.getByLabel('Video URL:').fill(`https://www.pinterest.com/pin/${PIN.redux}/`);
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('link', { name: 'Click here to download the video' }).waitFor();
  await page.getByLabel('Video URL:').fill(`https://www.pinterest.com/pin/${PIN.image}/`);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect
    .poll(() => page.locator('.status').innerText())
    .toBe('Error downloading video: This pin has no downloadable video (it may be an image pin).');
  expect(await page.getByRole('link', { name: 'Click here to download the video' }).count()).toBe(0);
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('instagram: URL field only; a public reel downloads, a private one explains why not', async () => {
  const { page, problems } = await openPage(browser, '/InstagramReelDownloader');
  await waitForIslands(page);
  expect(await page.locator('select').count()).toBe(0);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => page.locator('.status').innerText()).toBe('Please enter a video URL.');
  await page.getByLabel('Video URL:').fill(`https://www.instagram.com/reel/${IG.ok}/`);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => page.locator('.status').innerText()).toBe('Video ready for download.');
  const file = await followDownloadLink(page);
  expect([file.name, file.bytes.length]).toEqual([`instagram-${IG.ok}-1080p.mp4`, 80_000]);

  await page.getByLabel('Video URL:').fill(`https://www.instagram.com/reel/${IG.private}/`);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect
    .poll(() => page.locator('.status').innerText())
    .toBe(
      "Error downloading video: Instagram asked this server to log in, so the reel could not be read. Either the reel is private (only its followers can see it), or Instagram is turning away requests from this server's address; for the second, the site's operator can set MEDIA_PROXY_URL to a proxy with another address.",
    );
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('youtube shorts: disabled while blank, busy label, green on success, red on error', async () => {
  const { page, problems } = await openPage(browser, '/YouTubeShortsDownloader');
  await waitForIslands(page);
  const button = page.locator('button[type=submit]');
  expect(await button.innerText()).toBe('Get Download Link');
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Video URL:').fill('   ');
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Video URL:').press('Enter');
  await expect.poll(() => page.locator('.status').innerText()).toBe('Please enter a YouTube Shorts video URL.');

  await page.getByLabel('Video URL:').fill(`https://youtube.com/shorts/${YT.ok}`);
  // Record every status text the page shows, so the brief busy state is seen however fast the answer is.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.status')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const busyLabel = page.waitForFunction(
    () => document.querySelector('button[type=submit]')?.textContent === 'Downloading...',
  );
  await button.click();
  await busyLabel;
  await expect.poll(() => page.locator('.status').innerText()).toBe('Video ready for download.');
  expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual([
    'Downloading video...',
    'Video ready for download.',
  ]);
  const green = await page.locator('.status').evaluate((el) => getComputedStyle(el).color);
  const file = await followDownloadLink(page);
  expect([file.name, file.bytes.length]).toEqual([`youtube-short-${YT.ok}-720p.mp4`, 90_000]);

  await page.getByLabel('Video URL:').fill(`https://youtube.com/shorts/${YT.cipherOnly}`);
  await button.click();
  await expect
    .poll(() => page.locator('.status').innerText())
    .toBe('Error downloading video: YouTube does not offer a single downloadable file for this video.');
  const red = await page.locator('.status').evaluate((el) => getComputedStyle(el).color);

  // YouTube's bot wall is a refusal of this server: said plainly, with what the operator can do.
  await page.getByLabel('Video URL:').fill(`https://youtube.com/shorts/${YT.botCheck}`);
  await button.click();
  await expect
    .poll(() => page.locator('.status').innerText())
    .toBe(
      "Error downloading video: YouTube refused this server's request (it asked the server to sign in to confirm it is not a bot). Your link is fine: YouTube blocks or challenges requests from some server addresses, such as data centres. The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.",
    );
  expect(green).toBe('rgb(22, 101, 52)');
  expect(red).toBe('rgb(185, 28, 28)');
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('youtube shorts page: five benefits, four FAQ entries, and a call to action that scrolls to the top', async () => {
  const { page, problems } = await openPage(browser, '/YouTubeShortsDownloader', { width: 390, height: 844 });
  expect(await page.locator('ul.benefits > li').count()).toBe(5);
  expect(await page.locator('.faq details').count()).toBe(4);
  await page.locator('.cta-band').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('link', { name: 'Download a YouTube Short now' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(problems).toEqual([]);
});
