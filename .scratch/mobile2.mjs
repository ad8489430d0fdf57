import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:3917/sitemap-tool`, { waitUntil: 'networkidle' });
await page.waitForSelector('.sitemap-list table');
const box = await page.locator('.sitemap-list').boundingBox();
await page.screenshot({ path: '/tmp/m4.png', fullPage: true, clip: { x: 0, y: box.y - 10, width: 390, height: 500 } });
await browser.close();
