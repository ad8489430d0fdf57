import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, inject, test } from 'vitest';
import { MANY_TAGS, OK_CAPTIONS, OK_KEYWORDS, OK_TITLE, YT } from '#test/fixtures/media-upstream/index.ts';
import { youtubeTagsLength } from '#views/tools/youtube-tags/logic.ts';
import { fileBrowser, openPage, unexpectedProblems, waitForIslands } from './browser.ts';

const browser = fileBrowser();

function photoJpeg(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f60"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 100 })
    .toBuffer();
}

test('image compressor: a batch by picker and drop, per-file results with kept names, before/after slider and one zip', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor');
  await waitForIslands(page);
  const quality = page.locator('input[type=range]').first();
  expect([await quality.getAttribute('min'), await quality.getAttribute('max'), await quality.inputValue()]).toEqual([
    '10',
    '100',
    '70',
  ]);
  await page.getByRole('button', { name: 'Compress Image' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('Please select an image file');

  const photo = await photoJpeg(900, 600, '#2a6');
  const holiday = await photoJpeg(640, 480, '#36c');
  const dropped = await photoJpeg(500, 500, '#a3a');
  await page.locator('input[type=file]').setInputFiles([
    { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'holiday-photo.jpg', mimeType: 'image/jpeg', buffer: holiday },
  ]);
  // Drag and drop: the same DataTransfer a browser builds when files are dropped on the box.
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dropped.jpg', { type: 'image/jpeg' }));
    return data;
  }, dropped.toString('base64'));
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  expect(await page.getByTestId('batch-item').count()).toBe(3);

  await page.getByLabel('Output format').selectOption('webp');
  await page.getByRole('button', { name: 'Compress 3 Images' }).click();
  await expect.poll(() => page.locator('.batch-item.status-done').count(), { timeout: 30_000 }).toBe(3);
  expect(await page.getByRole('button', { name: 'Compress 3 Images' }).isEnabled()).toBe(true);

  const originals: Record<string, Buffer> = {
    'photo.webp': photo,
    'holiday-photo.webp': holiday,
    'dropped.webp': dropped,
  };
  for (const [name, original] of Object.entries(originals)) {
    const row = page
      .getByTestId('batch-item')
      .filter({ has: page.locator('.batch-name', { hasText: new RegExp(`^${name.replace('.webp', '\\.jpg')}$`) }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await readFile((await download.path())!);
    expect((await sharp(saved).metadata()).format).toBe('webp');
    const percent = /Compression: (-?\d+)%/.exec(await row.innerText())?.[1];
    expect(percent).toBe(String(Math.round(((original.length - saved.length) / original.length) * 100)));
  }

  // Before/after: both pictures on one stage, the slider moves the split.
  const slider = page.getByTestId('compare-slider');
  expect(await slider.locator('img').count()).toBe(2);
  await slider.getByLabel('Before and after').fill('20');
  expect(await slider.locator('.compare-after').getAttribute('style')).toContain('inset(0px 0px 0px 20%)');

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all (.zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('compressed-images.zip');
  const entries = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  expect(Object.keys(entries).sort()).toEqual(['dropped.webp', 'holiday-photo.webp', 'photo.webp']);
  expect((await sharp(Buffer.from(entries['photo.webp'])).metadata()).format).toBe('webp');
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('image compressor on a phone: the before/after comparison opens in view', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor', {
    width: 390,
    height: 844,
    reducedMotion: 'reduce',
  });
  await waitForIslands(page);
  await page
    .locator('input[type=file]')
    .setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(900, 600, '#2a6') }]);
  await page.getByRole('button', { name: 'Compress Image' }).click();
  const slider = page.getByTestId('compare-slider');
  await slider.waitFor();
  const inView = () =>
    slider.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight && box.bottom > 0;
    });
  await expect.poll(inView).toBe(true);
  expect(await slider.getByLabel('Before and after').isVisible()).toBe(true);
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('image compressor: resize by longest side, baseline JPEG, copyright kept, and the smallest format', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor');
  await waitForIslands(page);
  const photo = await sharp(await photoJpeg(900, 600, '#2a6'))
    .withExif({ IFD0: { Copyright: 'Copyright 2026 Example Studio', Make: 'PhoneMaker' } })
    .jpeg({ quality: 100 })
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await page.getByLabel(/Resize: longest side/).fill('300');
  await page.getByLabel(/Progressive JPEG/).uncheck();
  await page.getByLabel('Photo details (EXIF)').selectOption('copyright');
  await page.getByRole('button', { name: 'Compress Image' }).click();
  const row = page.getByTestId('batch-item');
  await expect.poll(() => page.locator('.batch-item.status-done').count(), { timeout: 30_000 }).toBe(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download photo.jpg' }).click(),
  ]);
  const saved = await readFile((await download.path())!);
  const meta = await sharp(saved).metadata();
  expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 300, 200, false]);
  const exif = meta.exif?.toString('latin1') ?? '';
  expect(exif).toContain('Copyright 2026 Example Studio');
  expect(exif).not.toContain('PhoneMaker');

  await page.getByLabel('Output format').selectOption('auto');
  await page.getByRole('button', { name: 'Compress Image' }).click();
  await expect.poll(() => page.locator('.batch-item.status-done').count(), { timeout: 30_000 }).toBe(1);
  expect(await row.innerText()).toMatch(/photo\.(webp|avif|jpg)/);
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('image compressor: a non-image fails on its own row; an image that cannot shrink comes back unchanged and says so', async () => {
  const { page, problems } = await openPage(browser, '/image-compressor');
  await waitForIslands(page);
  // Noise squeezed at quality 10: re-encoding it at 100 can only make it bigger.
  const squeezed = await sharp({
    create: {
      width: 300,
      height: 200,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 10 })
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not pixels') },
    { name: 'squeezed.jpg', mimeType: 'image/jpeg', buffer: squeezed },
  ]);
  await page.locator('input[type=range]').first().fill('100');
  await page.getByRole('button', { name: 'Compress 2 Images' }).click();
  const failed = page.locator('.batch-item.status-error');
  await failed.waitFor();
  expect(await failed.locator('.batch-status').innerText()).toBe(
    'Failed to compress image: Unsupported image type. Please upload a JPEG, PNG, WebP, AVIF or GIF image.',
  );
  const kept = page.locator('.batch-item.status-done');
  await kept.waitFor();
  expect(await kept.locator('.batch-status').innerText()).toBe(
    'Already well compressed: your original file is kept unchanged (it was smaller).',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    kept.getByRole('link', { name: 'Download squeezed.jpg' }).click(),
  ]);
  expect((await readFile((await download.path())!)).equals(squeezed)).toBe(true);
  expect(unexpectedProblems(problems)).toEqual([]);
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

  const txt = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download TXT' }).click(),
  ]).then(([d]) => d);
  expect(txt.suggestedFilename()).toBe(`transcript-${YT.ok}-en.txt`);
  expect(await savedText(txt)).toBe(`${OK_CAPTIONS.join('\n')}\n`);
  const srt = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download SRT' }).click(),
  ]).then(([d]) => d);
  expect((await savedText(srt)).startsWith(`1\n00:00:00,000 --> 00:00:02,500\n${OK_CAPTIONS[0]}\n`)).toBe(true);
  const pdf = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]).then(([d]) => d);
  expect(pdf.suggestedFilename()).toBe(`transcript-${YT.ok}-en.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.locator('select').selectOption('.hi');
  await expect.poll(() => box.innerText()).toContain('स्थानीय एसईओ');
  expect(unexpectedProblems(problems)).toEqual([]);
});

test('transcript: a video without captions shows the reason; a broken YouTube shows it too', async () => {
  const { page, problems } = await openPage(browser, '/youtube-transcript-tool');
  await waitForIslands(page);
  await page.locator('input[type=url]').fill(`https://youtu.be/${YT.noCaptions}`);
  await page.getByRole('button', { name: 'Get Transcript' }).click();
  await expect.poll(() => page.locator('.error').innerText()).toBe('This video has no captions or subtitles to read.');
  await page.locator('input[type=url]').fill(`https://youtu.be/${YT.serverError}`);
  await page.getByRole('button', { name: 'Get Transcript' }).click();
  await expect
    .poll(() => page.locator('.error').innerText())
    .toBe('YouTube answered with an error (HTTP 500). Please try again later.');
  expect(unexpectedProblems(problems)).toEqual([]);
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
  expect(await page.getByTestId('tag-count').innerText()).toContain(
    `${chips.length} tags · ${youtubeTagsLength(chips)} / 500 characters as YouTube counts them`,
  );
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
  expect(unexpectedProblems(problems)).toEqual([]);
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
  expect(unexpectedProblems(problems)).toEqual([]);
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
