import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { launchBrowser } from './browser.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

// The inbox checks every form's Origin against SITE_URL, so this journey runs its own server whose
// SITE_URL is exactly the address the browser uses.
const PASSWORD = 'journey password 2026';
let browser: Browser;
let server: ChildProcess;
let origin = '';

beforeAll(async () => {
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  server = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SITE_URL: origin,
      SITE_PROFILE: 'test/fixtures/profiles/operator.json',
      ADMIN_PASSWORD: PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'admin-journey-')),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await untilListening(server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

test('admin journey: sign in, read and handle a lead, export CSV, sign out', async () => {
  const lead = await fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Journey Lead',
      email: 'journey@example.in',
      phone: '011 2345 6789',
      message: 'Please call me about SEO for my clinic.',
    }),
  });
  expect(lead.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`${origin}/admin`);
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Wrong password.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/admin`);
  expect(await page.getByRole('link', { name: 'Contact messages (1 unread)' }).count()).toBe(1);
  expect(await page.locator('.lead-card h2').first().innerText()).toContain('Journey Lead');
  expect(await page.locator('.lead-card .lead-text').first().innerText()).toBe(
    'Please call me about SEO for my clinic.',
  );
  expect(
    await page.locator('.lead-card').first().getByRole('link', { name: 'Phone 011 2345 6789' }).getAttribute('href'),
  ).toBe('tel:01123456789');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,received,handled,name,email,message,phone,website,site_audit,source_page,form_page',
  );
  expect(csv).toContain(
    'Journey Lead,journey@example.in,Please call me about SEO for my clinic.,011 2345 6789,,,,\r\n',
  );

  await page.getByRole('button', { name: 'Mark handled' }).click();
  await page.waitForURL(/done=handled/);
  expect(await page.getByRole('status').innerText()).toBe('Marked handled.');
  expect(await page.getByRole('link', { name: 'Contact messages (0 unread)' }).count()).toBe(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${origin}/admin/login`);
  await page.goto(`${origin}/admin`);
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  // The wrong password was provoked on purpose: the browser logs its 401; nothing else may fail.
  expect(problems.filter((line) => !/status of 401/.test(line))).toEqual([]);
  expect(problems).toHaveLength(1);
  await context.close();
});
