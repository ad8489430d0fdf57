import { readFile } from 'node:fs/promises';
import type { Browser, Download } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { MANY_TAGS, OK_CAPTIONS, OK_KEYWORDS, OK_TITLE, YT } from '#test/fixtures/media-upstream/index.ts';
import { youtubeTagsLength } from '#views/tools/youtube-tags/logic.ts';
import { launchBrowser, openPage, waitForIslands } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Failed API calls are part of these journeys; only unexpected problems count. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/^http [45]\d\d: .*\/api\//.test(problem));

test('image compressor: asks for a file, compresses, shows the real percentage and downloads compressed-image.jpg', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor');
  await waitForIslands(page);
  expect(await page.locator('input[type=range]').getAttribute('min')).toBe('10');
  expect(await page.locator('input[type=range]').getAttribute('max')).toBe('100');
  expect(await page.locator('input[type=range]').inputValue()).toBe('70');
  await page.getByRole('button', { name: 'Compress Image' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('Please select an image file');

  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } })
    .composite([{ input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#f60"/></svg>') }])
    .jpeg({ quality: 100 })
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  const submit = page.locator('button[type=submit]');
  await submit.click();
  await page.locator('.compression-stats').waitFor();
  const stats = await page.locator('.compression-stats').innerText();
  const percent = /Compression: (-?\d+\.\d\d)%/.exec(stats)?.[1];
  expect(percent).toBeDefined();
  expect(await submit.innerText()).toBe('Compress Image');
  expect(await page.locator('.compare img').count()).toBe(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download compressed-image\.jpg/ }).click()]);
  expect(download.suggestedFilename()).toBe('compressed-image.jpg');
  const saved = await readFile((await download.path())!);
  expect((await sharp(saved).metadata()).format).toBe('jpeg');
  expect(percent).toBe((((photo.length - saved.length) / photo.length) * 100).toFixed(2));
  expect(unexpected(problems)).toEqual([]);
});

test('image compressor: a file that is not an image shows "Failed to compress image"', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor');
  await waitForIslands(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not pixels') });
  await page.getByRole('button', { name: 'Compress Image' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toContain('Failed to compress image');
  expect(unexpected(problems)).toEqual([]);
});

async function savedText(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

test('transcript: shows the text in a 400px scroll box, switches language and downloads TXT, SRT and PDF', async () => {
  const { page, problems } = await openPage(browser, '/youtube-transcript-tool');
  await waitForIslands(page);
  const button = page.getByRole('button', { name: 'Get Transcript' });
  expect(await button.isDisabled()).toBe(true);
  await page.locator('input[type=url]').fill(`https://www.youtube.com/watch?v=${YT.ok}`);
  await button.click();
  const box = page.locator('pre.transcript-box');
  await box.waitFor();
  expect(await box.innerText()).toBe(OK_CAPTIONS.join('\n'));
  expect(await box.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
  expect(await page.locator('.video-meta').innerText()).toContain(OK_TITLE);

  const txt = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download TXT' }).click()]).then(([d]) => d);
  expect(txt.suggestedFilename()).toBe(`transcript-${YT.ok}-en.txt`);
  expect(await savedText(txt)).toBe(`${OK_CAPTIONS.join('\n')}\n`);
  const srt = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SRT' }).click()]).then(([d]) => d);
  expect((await savedText(srt)).startsWith(`1\n00:00:00,000 --> 00:00:02,500\n${OK_CAPTIONS[0]}\n`)).toBe(true);
  const pdf = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]).then(([d]) => d);
  expect(pdf.suggestedFilename()).toBe(`transcript-${YT.ok}-en.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.locator('select').selectOption('.hi');
  await expect.poll(() => box.innerText()).toContain('स्थानीय एसईओ');
  expect(unexpected(problems)).toEqual([]);
});

test('transcript: a video without captions shows the reason; a broken YouTube shows it too', async () => {
  const { page, problems } = await openPage(browser, '/youtube-transcript-tool');
  await waitForIslands(page);
  await page.locator('input[type=url]').fill(`https://youtu.be/${YT.noCaptions}`);
  await page.getByRole('button', { name: 'Get Transcript' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('This video has no captions or subtitles to read.');
  await page.locator('input[type=url]').fill(`https://youtu.be/${YT.serverError}`);
  await page.getByRole('button', { name: 'Get Transcript' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('YouTube answered with an error (HTTP 500). Please try again later.');
  expect(unexpected(problems)).toEqual([]);
});

test('tag generator: real tags as chips first, copy all, and "Failed to generate tags" on errors', async () => {
  const { page, problems } = await openPage(browser, '/youtube-tag-generator');
  await waitForIslands(page);
  await page.locator('input[type=url]').fill(`https://www.youtube.com/shorts/${YT.ok}`);
  await page.getByRole('button', { name: 'Generate Tags' }).click();
  await page.locator('.tag-chips').waitFor();
  const chips = await page.locator('.tag-chip').allInnerTexts();
  expect(chips.slice(0, OK_KEYWORDS.length)).toEqual(OK_KEYWORDS);
  expect(chips.length).toBeGreaterThan(OK_KEYWORDS.length);
  expect(await page.locator('.tag-chip.own').count()).toBe(OK_KEYWORDS.length);
  expect(await page.getByTestId('tag-count').innerText()).toContain(`${chips.length} tags · ${youtubeTagsLength(chips)} / 500 characters as YouTube counts them`);
  expect(await page.locator('.tag-limit-warning').count()).toBe(0);
  await page.getByRole('button', { name: 'Copy all tags' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);

  // 40 creator tags of 19 counted characters each: only the first 25 fit (25 × 19 + 24 = 499).
  await page.locator('input[type=url]').fill(`https://www.youtube.com/watch?v=${YT.manyTags}`);
  await page.getByRole('button', { name: 'Generate Tags' }).click();
  await page.locator('.tag-limit-warning').waitFor();
  const all = await page.locator('.tag-chip').allInnerTexts();
  expect(all.slice(0, MANY_TAGS.length)).toEqual(MANY_TAGS);
  expect(await page.locator('.tag-limit-warning').innerText()).toBe(
    `Over YouTube's limit by ${youtubeTagsLength(all) - 500} characters: only the first 25 tags fit (499 characters). Remove the faded ones or others before pasting.`,
  );
  expect(await page.locator('.tag-chip.over-limit').count()).toBe(all.length - 25);
  expect(await page.getByRole('button', { name: 'Copy the 25 that fit' }).count()).toBe(1);

  await page.locator('input[type=url]').fill('https://example.com/not-youtube');
  await page.getByRole('button', { name: 'Generate Tags' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toContain('Failed to generate tags');
  expect(await page.locator('.tag-chips').count()).toBe(0);
  expect(unexpected(problems)).toEqual([]);
});

test('tags extractor: title, channel and tags; a private video explains itself', async () => {
  const { page, problems } = await openPage(browser, '/youtube-video-tags-extractor');
  await waitForIslands(page);
  await page.locator('input[type=url]').fill(`https://m.youtube.com/watch?v=${YT.ok}`);
  await page.getByRole('button', { name: 'Extract Tags' }).click();
  await page.locator('.tag-chips').waitFor();
  expect(await page.locator('.video-meta').innerText()).toBe(`${OK_TITLE} · Delhi SEO Hub`);
  expect(await page.locator('.tag-chip').allInnerTexts()).toEqual(OK_KEYWORDS);
  await page.locator('input[type=url]').fill(`https://youtu.be/${YT.private}`);
  await page.getByRole('button', { name: 'Extract Tags' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('Failed to extract tags: This video is private.');
  expect(unexpected(problems)).toEqual([]);
});

test('old spellings of the media tool paths answer 301 to the canonical pages', async () => {
  const { page } = await openPage(browser, '/YouTubeTranscriptTool');
  expect(new URL(page.url()).pathname).toBe('/youtube-transcript-tool');
  for (const [alias, target] of [
    ['/ImageCompressor', '/image-compressor'],
    ['/YouTubeTagGenerator', '/youtube-tag-generator'],
    ['/YouTubeVideoTagsExtractor', '/youtube-video-tags-extractor'],
    ['/youtube-tags-extractor', '/youtube-video-tags-extractor'],
  ]) {
    const response = await page.request.get(new URL(alias, inject('baseUrl')).href, { maxRedirects: 0 });
    expect([alias, response.status(), response.headers().location]).toEqual([alias, 301, target]);
  }
});
