import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { plantedCombinedLog } from '#test/fixtures/access-logs.ts';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { BEFORE_PAGES, serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { axeViolations, clippedContent, launchBrowser } from './browser.ts';

// Issue 36's operator journey: sign in → add a client site → "Check now" → attach its access log →
// the row lists it, analysed with the site's audit → its report opens → delete. Its own server: the
// admin checks every form's Origin against SITE_URL, which must be the address the browser uses.
const PASSWORD = 'client logs journey password';
const LOG_LABEL = 'Access logs (plain or .gz, one or more)';

let browser: Browser;
let server: ChildProcess;
let site: MonitoringSite;
let origin = '';
let dataDir = '';

beforeAll(async () => {
  site = await serveMonitoringSite();
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'client-logs-journey-'));
  server = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SITE_URL: origin,
      SITE_PROFILE: 'test/fixtures/profiles/operator.json',
      ADMIN_PASSWORD: PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE: site.hostPort,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await untilListening(server);
  browser = await launchBrowser();
  mkdirSync('test-results/screenshots', { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height },
    ...(width < 500 ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/admin`);
  await page.goto(`${origin}/admin/client-sites`);
  return { context, page, problems };
}

/** The site's row (its card) on the client sites page. */
const row = (page: Page) => page.locator('.lead-card', { hasText: `${site.origin}/` });

test('client site logs at 1366 px: attach a log, analysed with the latest audit, its report, delete', async () => {
  const { context, page, problems } = await signedIn(1366, 900);
  await page.getByLabel('Site address (the page the audit starts from)').fill(`${site.origin}/`);
  await page.getByLabel(/^Recipients/).fill('owner@client-shop.test');
  await page.getByRole('button', { name: 'Add client site' }).click();
  await page.getByText('Client site added').waitFor();
  await expect.poll(() => row(page).getByText('No log yet').count()).toBe(1);

  // A check gives the site an audit to compare the log with.
  await row(page).getByRole('button', { name: 'Check now' }).click();
  await expect
    .poll(
      async () => {
        await page.reload();
        return row(page).locator('.client-check').innerText();
      },
      { timeout: 150_000, interval: 2000 },
    )
    .toMatch(/Last check .*: \d+\/100/);

  // The page's script sends the files (its progress shown) with the token in X-CSRF-Token; a
  // refusal is shown at the form.
  await row(page)
    .getByLabel(LOG_LABEL)
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
  await row(page).getByRole('button', { name: 'Attach logs' }).click();
  await expect.poll(() => row(page).locator('.client-log-status.error').innerText()).toMatch(/^notes\.pdf is /);
  await row(page)
    .getByLabel(LOG_LABEL)
    .setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(plantedCombinedLog()) });
  const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/logs'));
  await row(page).getByRole('button', { name: 'Attach logs' }).click();
  expect((await sent).headers()['x-csrf-token']).toMatch(/^[\w-]{43}$/);
  await page.getByText("Log attached: it is being analysed with the site's latest audit.").waitFor();
  const logRow = row(page).locator('.client-log');
  await expect
    .poll(
      async () => {
        await page.reload();
        return logRow.innerText();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toMatch(/access\.log · 18 lines, compared with the site's audit · report/);
  await page.screenshot({ path: 'test-results/screenshots/client-site-logs-1366.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await clippedContent(page)).toEqual([]);

  // The report is the log analyser's, joined with the site's audit.
  const [report] = await Promise.all([
    context.waitForEvent('page'),
    logRow.getByRole('link', { name: 'report' }).click(),
  ]);
  await report.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
  expect(report.url()).toMatch(/\/log-file-analyser\/[A-Za-z0-9_-]{22}$/);
  // Verified hits fetched / and /blog of the audit's pages.
  await report.getByText(`Pages bots never crawl: ${BEFORE_PAGES.length - 2}`, { exact: true }).waitFor();
  await report.close();

  await logRow.getByText('Delete', { exact: true }).click();
  await logRow.getByRole('button', { name: 'Delete this log' }).click();
  await page.getByText('Log deleted.').waitFor();
  expect(await row(page).getByText('No log yet').count()).toBe(1);
  // Only the refusal provoked above.
  expect(problems).toEqual([
    'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await context.close();
}, 240_000);

test('client site logs at 390 px: the row, its logs and the upload fit a phone', async () => {
  const { context, page, problems } = await signedIn(390, 844);
  await row(page)
    .getByLabel(LOG_LABEL)
    .setInputFiles([
      { name: 'access-2026-11-01.log', mimeType: 'text/plain', buffer: Buffer.from(plantedCombinedLog()) },
      { name: 'access-2026-11-02.log', mimeType: 'text/plain', buffer: Buffer.from(plantedCombinedLog()) },
    ]);
  await row(page).getByRole('button', { name: 'Attach logs' }).click();
  await page.getByText("Log attached: it is being analysed with the site's latest audit.").waitFor();
  await expect
    .poll(
      async () => {
        await page.reload();
        return row(page).locator('.client-log').innerText();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toMatch(/access-2026-11-01\.log, access-2026-11-02\.log · 36 lines, compared with the site's audit · report/);
  await page.screenshot({ path: 'test-results/screenshots/client-site-logs-390.png', fullPage: true });
  expect(await clippedContent(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
