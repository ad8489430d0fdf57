import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { operatorServerEnv, startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';
import { launchBrowser } from './browser.ts';

// The posts editor on a phone and a desktop (issue 37): a picture being uploaded is shown and holds
// Save until it is in the text.
const PASSWORD = 'editor password 2026';
let browser: Browser;
let server: ServerProcess;
let origin = '';

beforeAll(async () => {
  // SITE_URL is the browser's address: the admin's cookies and same-origin checks hold there.
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  const env = { ...operatorServerEnv('posts-editor'), SITE_URL: origin, PORT: String(port) };
  server = startServerProcess({ ...env, ADMIN_PASSWORD: PASSWORD });
  await server.port;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

async function newPostPage(width: number): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.goto(`${origin}/admin/login`);
  await page.fill('#admin-password', PASSWORD);
  await page.click('button[type=submit]');
  await page.goto(`${origin}/admin/posts/new`);
  return { page, problems, close: () => context.close() };
}

/** Holds the picture's upload at the server's door until `release()`: the readiness signal, no waiting on a clock. */
async function holdUploads(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/admin/posts/images', async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { held, release };
}

describe.each([390, 1366])('%i px', (width) => {
  test('a picture being uploaded is shown, Save waits for it, and the post is saved with it', async () => {
    const { page, problems, close } = await newPostPage(width);
    await page.fill('#post-title', `Shop photos that sell ${width}`);
    await page.fill('#post-slug', `shop-photos-that-sell-${width}`);
    await page.fill(
      '#post-description',
      'How a shop in Delhi NCR can take product photos with a phone that make people want to visit and buy.',
    );
    await page.fill('#post-body', 'Before the picture.\n\nAfter the picture.');
    await page.locator('#post-body').evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(19, 19));
    const upload = await holdUploads(page);
    const photo = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    await page.setInputFiles('#post-picture-file', { name: 'shop-front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await upload.held;
    const save = page.locator('#post-save');
    expect(await page.locator('#post-picture-status').innerText()).toBe(
      'Uploading shop-front.jpg… Save waits until it is in the text.',
    );
    expect(await save.isDisabled()).toBe(true);
    expect(await save.innerText()).toBe('Save (waiting for the picture)');
    // Enter in a field submits the form: held too.
    await page.locator('#post-title').press('Enter');
    expect(page.url()).toBe(`${origin}/admin/posts/new`);
    await page.locator('#post-picture-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/journey-post-upload-${width}.png` });
    upload.release();
    await page.getByText('shop-front.jpg is in the text.').waitFor();
    expect(await save.isDisabled()).toBe(false);
    expect(await page.inputValue('#post-body')).toMatch(
      /^Before the picture\.\n\n!\[shop front\]\(\/media\/posts\/[0-9a-f]{32}\)\n\n\n\nAfter the picture\.$/,
    );
    await save.click();
    await expect.poll(() => page.locator('p.success').textContent()).toBe('Saved.');
    expect(await page.inputValue('#post-body')).toContain('![shop front](/media/posts/');
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each([390, 1366])('%i px', (width) => {
  test('the slug follows the title of a new post; a Save the browser refuses says why, by the button', async () => {
    const { page, problems, close } = await newPostPage(width);
    await page.fill('#post-title', 'Diwali offers: 10 ideas for Delhi shops');
    expect(await page.inputValue('#post-slug')).toBe('diwali-offers-10-ideas-for-delhi-shops');
    // Typed by hand, the slug stays as typed.
    await page.fill('#post-slug', 'diwali-offers');
    await page.fill('#post-title', 'Diwali offers for shops');
    expect(await page.inputValue('#post-slug')).toBe('diwali-offers');
    // No description: the browser refuses the Save, and the form says why next to the button.
    await page.click('#post-save');
    const status = page.locator('#post-save-status');
    await status.waitFor();
    expect(await status.innerText()).toMatch(/^Not saved\. Description: .+/);
    expect(page.url()).toBe(`${origin}/admin/posts/new`);
    await status.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/journey-post-refused-${width}.png` });
    expect(problems).toEqual([]);
    await close();
  });
});
