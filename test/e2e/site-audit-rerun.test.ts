import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditPage } from '#test/fixtures/audit-pages.ts';
import { freeLoopbackPort, startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { operatorServerEnv, startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';
import { launchBrowser, waitForIslands } from './browser.ts';

// Re-run from a shared report (issue 37): the report stays until the new one is ready, the run asks
// for the options the audit was run with, and its progress shows by the button that started it.
let browser: Browser;
let server: ServerProcess;
let site: LoopbackServer;
let origin = '';
/** While set, /slow waits for it: a run is held mid-crawl until the test lets it go. */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  const pages = ['/', '/a', '/b', '/slow'];
  site = await startLoopbackServer((req, res) => {
    const path = req.url ?? '/';
    const answer = () =>
      pages.includes(path)
        ? res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(auditPage(path, { links: path === '/' ? pages.slice(1) : [] }))
        : res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (path === '/slow' && gate) void gate.then(answer);
    else answer();
  });
  // SITE_URL is the browser's address: the admin's cookies and same-origin checks hold there.
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  const env = { ...operatorServerEnv('site-audit-rerun'), SITE_URL: origin, PORT: String(port) };
  server = startServerProcess({ ...env, FETCH_ALLOW_PRIVATE: site.hostPort });
  await server.port;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  await site?.close();
});

/** An audit started through the API (a visitor's earlier run), followed until it is done: its id. */
async function finishedAudit(page: Page, body: Record<string, unknown>): Promise<string> {
  const started = await page.request.post(`${origin}/api/site-audits`, { data: body });
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${origin}/api/site-audits/${id}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('done');
  return id;
}

/** Whether the element's box is inside the viewport now. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe.each([390, 1366])('%i px', (width) => {
  test('Re-run on a shared report keeps the report and its options, and shows progress by the button', async () => {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const first = await finishedAudit(page, { url: `${site.origin}/`, render: true, checkExternalLinks: false });

    // The shared link opens the report; its form shows what the audit was run with.
    await page.goto(`${origin}/site-audit/${first}`);
    await waitForIslands(page);
    const report = page.locator('.audit-report');
    await report.waitFor();
    expect(await page.getByLabel('Render JavaScript').isChecked()).toBe(true);
    expect(await page.getByLabel('Check links to other sites (each one once, politely)').isChecked()).toBe(false);

    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const asked = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/site-audits'),
    );
    const rerun = report.getByRole('button', { name: 'Re-run audit' });
    await rerun.scrollIntoViewIfNeeded();
    await rerun.click();
    expect((await asked).postDataJSON()).toEqual({ url: `${site.origin}/`, render: true, checkExternalLinks: false });
    // Held on /slow: the old report stays, the button is still on screen and progress shows by it.
    const progress = report.locator('.audit-progress');
    await progress.getByText(/^(Starting: reading robots\.txt|Crawled [1-9]\d* of)/).waitFor();
    expect(await progress.innerText()).not.toContain('Crawled 0 of 0');
    expect(await page.locator('.audit-progress').count()).toBe(1);
    expect(await report.getByRole('heading', { level: 2 }).count()).toBe(1);
    expect(await inView(page, '.audit-report .audit-actions')).toBe(true);
    expect(await inView(page, '.audit-report .audit-progress')).toBe(true);
    await page.screenshot({ path: `test-results/journey-rerun-${width}.png` });

    gate = null;
    release();
    // The new report replaces the old one, takes the focus, and the address names it.
    await expect
      .poll(() => page.evaluate(() => window.location.pathname), { timeout: 60_000 })
      .not.toBe(`/site-audit/${first}`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''), { timeout: 60_000 })
      .toMatch(/report-heading$/);
    expect(await page.locator('.audit-progress').count()).toBe(0);
    expect(page.url()).toMatch(/\/site-audit\/[A-Za-z0-9_-]{22}$/);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

test('the first run on a phone brings its progress into view, clear of the Call/WhatsApp buttons, and says it is starting', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.goto(`${origin}/site-audit`);
  await waitForIslands(page);
  let release!: () => void;
  gate = new Promise<void>((resolve) => (release = resolve));
  await page.getByLabel('Website URL').fill(`${site.origin}/`);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  // Held on /slow: the progress is on screen, above the fixed buttons, and never says "0 of 0". It is measured
  // once it has grown (it was brought into view while it still said "Queued").
  const progress = page.locator('.audit-progress');
  await progress.getByText(/^Crawled [1-9]\d* of/).waitFor();
  expect(await progress.innerText()).not.toContain('Crawled 0 of 0');
  await expect.poll(() => inView(page, '.audit-progress')).toBe(true);
  const clear = await page.evaluate(() => {
    const box = document.querySelector('.audit-progress')!.getBoundingClientRect();
    const buttons = document.querySelector('.quick-contact')?.getBoundingClientRect();
    return { visible: buttons !== undefined && buttons.height > 0, below: !buttons || box.bottom <= buttons.top };
  });
  expect(clear).toEqual({ visible: true, below: true });
  await page.screenshot({ path: 'test-results/journey-first-run-390.png' });
  gate = null;
  release();
  await page.locator('.audit-report h2').first().waitFor({ timeout: 60_000 });
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
