import http from 'node:http';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freeLoopbackPort, startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { launchBrowser } from './browser.ts';

// The operator's publishing journey (issue 27). The server runs in this process so its clock can be
// faked: Date is frozen and moved past the scheduled time by hand (no waiting), while timers run.
const PASSWORD = 'journey password 2026';
const KEY = 'journeykey2026abcdef';
const SLUG = 'whatsapp-marketing-for-shops';
let browser: Browser;
let testApp: TestApp;
let server: http.Server;
let indexNow: LoopbackServer;
const pings: Array<{ urlList: string[] }> = [];
const waiting: Array<() => void> = [];
let origin = '';

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-01T06:00:00Z') });
  indexNow = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      pings.push(JSON.parse(body) as { urlList: string[] });
      res.writeHead(202).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  testApp = await createTestApp({
    env: {
      SITE_URL: origin,
      ADMIN_PASSWORD: PASSWORD,
      INDEXNOW_KEY: KEY,
      INDEXNOW_ENDPOINT: `${indexNow.origin}/indexnow`,
      FETCH_ALLOW_PRIVATE: indexNow.hostPort,
    },
  });
  server = http.createServer(testApp.app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await testApp?.close();
  await indexNow?.close();
  vi.useRealTimers();
});

function pingFor(url: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (pings.some((ping) => ping.urlList.includes(url)) ? resolve() : waiting.push(check));
    check();
  });
}

test('write a post with an image, preview it, schedule it; it goes live on time, in its category, feed, sitemap and IndexNow', async () => {
  // The editor works in India's time: 14:30 IST on 1 December is 09:00 UTC, three hours after "now".
  const context = await browser.newContext({ timezoneId: 'Asia/Kolkata', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));

  await page.goto(`${origin}/admin/login`);
  await page.fill('#admin-password', PASSWORD);
  await page.click('button[type=submit]');
  await page.click('a[href="/admin/posts"]');
  await page.click('a[href="/admin/posts/new"]');

  await page.fill('#post-title', 'WhatsApp marketing for local shops');
  await page.fill('#post-slug', SLUG);
  await page.selectOption('#post-category', 'digital-marketing');
  await page.fill(
    '#post-description',
    'How a shop in Delhi NCR can use WhatsApp Business for orders and offers without annoying its customers.',
  );
  await page.fill('#post-tags', 'whatsapp, local marketing');
  await page.fill(
    '#post-body',
    '## Start with a catalogue\n\nList what you sell, with **prices**.\n\n<script>alert(1)</script>',
  );
  // The live preview: the same sanitised renderer the page uses.
  await expect.poll(() => page.locator('#post-preview h2').textContent()).toBe('Start with a catalogue#');
  expect(await page.locator('#post-preview strong').textContent()).toBe('prices');
  expect(await page.locator('#post-preview script').count()).toBe(0);

  // A picture in the text: uploaded from the editor, its Markdown goes in, the preview shows it.
  const chart = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  await page.setInputFiles('#post-picture-file', { name: 'sales-chart.jpg', mimeType: 'image/jpeg', buffer: chart });
  await expect.poll(() => page.locator('#post-preview picture img').getAttribute('width')).toBe('640');
  expect(await page.inputValue('#post-body')).toMatch(/!\[sales chart\]\(\/media\/posts\/[0-9a-f]{32}\)/);

  const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f3d91' } })
    .png()
    .toBuffer();
  await page.setInputFiles('#post-cover', { name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await page.fill('#post-cover-alt', 'A shop counter with a phone');
  await page.selectOption('#post-status', 'scheduled');
  await page.fill('#post-published', '2026-12-01T14:30');
  await page.click('#post-form button[type=submit]');
  await expect.poll(() => page.locator('p.success').textContent()).toBe('Saved.');

  const postUrl = `${origin}/digital-marketing/${SLUG}`;
  expect((await fetch(postUrl)).status).toBe(404);
  expect(await (await fetch(`${origin}/digital-marketing`)).text()).not.toContain(SLUG);

  // One millisecond before its time it is still hidden; at its time it is live.
  vi.setSystemTime(Date.parse('2026-12-01T08:59:59.999Z'));
  expect((await fetch(postUrl)).status).toBe(404);
  vi.setSystemTime(Date.parse('2026-12-01T09:00:00Z'));
  const visit = await context.newPage();
  const res = await visit.goto(postUrl);
  expect(res?.status()).toBe(200);
  expect(await visit.locator('h1').textContent()).toBe('WhatsApp marketing for local shops');
  expect(await visit.locator('.post-cover img').getAttribute('width')).toBe('1600');
  expect(
    await visit.locator('.post-cover img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  expect(await visit.locator('.prose script').count()).toBe(0);
  expect(await visit.locator('.prose picture img').getAttribute('loading')).toBe('lazy');
  // Pages ship no React: only the shell's small script.
  expect(await visit.locator('script[src*="/entry-"]').count()).toBe(0);

  await visit.goto(`${origin}/digital-marketing`);
  expect(await visit.locator(`a[href="/digital-marketing/${SLUG}"]`).count()).toBe(1);
  expect(await (await fetch(`${origin}/digital-marketing/feed.xml`)).text()).toContain(`<link>${postUrl}</link>`);
  expect(await (await fetch(`${origin}/sitemap.xml`)).text()).toContain(
    `<loc>${postUrl}</loc><lastmod>2026-12-01</lastmod>`,
  );

  // The first page asked after its time sent the ping through the job system.
  await pingFor(postUrl);
  expect(problems).toEqual([]);
  await context.close();
});
