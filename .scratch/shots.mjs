import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3917';
const fport = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
for (const [name, width] of [['desktop', 1280], ['mobile', 390]]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${base}/sitemap-tool`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer'))));
  await page.screenshot({ path: `/tmp/shot-${name}-initial.png`, fullPage: false });
  await page.fill('#sitemap-url', `http://127.0.0.1:${fport}/`);
  await page.click('button[type=submit]');
  await page.waitForTimeout(700);
  await page.screenshot({ path: `/tmp/shot-${name}-progress.png` });
  await page.waitForSelector('text=Full link', { timeout: 30000 });
  await page.click('text=Check');
  await page.waitForSelector('text=✅ Sitemap is accessible and valid.');
  await page.click('text=Show skipped URLs');
  await page.screenshot({ path: `/tmp/shot-${name}-done.png`, fullPage: true });
  console.log(name, 'problems', problems);
  await ctx.close();
}
await browser.close();
