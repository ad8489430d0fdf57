import { randomBytes } from 'node:crypto';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { keepMonitorSigningKey } from '#db/monitoring/signing-key.ts';
import { createTokens } from '#server/features/monitoring/tokens.ts';
import { watchTick } from '#server/features/monitoring/watch.ts';
import { readSitemaps } from '#server/features/site-audit/sitemaps.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { freeLoopbackPort, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { startWatchedSite, watchedSiteState } from '#test/fixtures/watched-site.ts';
import { clientMonitorRow, CYCLE_MS, EPOCH, plantTenChanges, type WatchApp } from '#test/helpers/monitor-watch.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { clippedContent, launchBrowser, waitForIslands } from './browser.ts';

// Issue 35: the manage page's timeline of the change watch, read without JavaScript on a phone and a
// desktop. The history is the watch's own: three cycles over a loopback company site with the ten
// changes planted before the third, recorded in the database the server then opens.
let browser: Browser;
let server: ChildProcess;
let site: LoopbackServer;
let origin = '';
let dataDir = '';
let manageUrl = '';
const MONITOR = 'timelineMonitor0000001';

beforeAll(async () => {
  const state = watchedSiteState();
  site = await startWatchedSite(state);
  dataDir = mkdtempSync(join(tmpdir(), 'monitor-timeline-'));
  const db = await openDatabase(databaseFile(dataDir));
  await insertMonitor(
    db,
    clientMonitorRow(
      MONITOR,
      site.origin,
      'https://hooks.slack.com/services/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',
    ),
  );
  const options = {
    db,
    fetcher: createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: 'test' }),
    settings: {
      intervalMs: CYCLE_MS,
      maxPages: 500,
      wordChange: 50,
      hostConcurrency: 2,
      recheckMs: 60_000,
      historyDays: 365,
      historyBytes: 10 << 20,
    },
    log: { info: () => undefined, warn: () => undefined },
    sitemaps: readSitemaps,
    wait: () => Promise.resolve(),
  };
  for (const cycle of [0, 1]) await watchTick(options, new Date(EPOCH + cycle * CYCLE_MS));
  plantTenChanges({ state } as WatchApp);
  await watchTick(options, new Date(EPOCH + 2 * CYCLE_MS));
  // The new 404 is held at that look and recorded at the page's re-read a minute later.
  await watchTick(options, new Date(EPOCH + 2 * CYCLE_MS + 60_000));
  const tokens = createTokens(await keepMonitorSigningKey(db, randomBytes(32).toString('base64url')));
  const token = tokens.issue(MONITOR, 'manage', Date.now());
  await db.destroy();

  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  manageUrl = `${origin}/monitor/${MONITOR}?token=${encodeURIComponent(token)}`;
  server = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SITE_URL: origin,
      SITE_PROFILE: 'test/fixtures/profiles/operator.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE: site.hostPort,
      MONITOR_WATCH_INTERVAL_S: '0',
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
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the timeline at ${viewport.width} px, without JavaScript: per site and per page, and one page's history field by field`, async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(manageUrl);
    expect(res?.status()).toBe(200);
    const timeline = page.locator('section.monitor-timeline');
    await expect.poll(() => timeline.getByRole('heading', { name: 'Changes on your pages' }).isVisible()).toBe(true);
    const groups = await timeline.locator('.monitor-change-group h3').allInnerTexts();
    // The site's own group and the nine pages that changed, nothing for the untouched ones.
    expect(groups.map((text) => text.replace(/\s*History$/, '')).sort()).toEqual(
      [
        'The whole site',
        ...['/about', '/blog', '/careers', '/contact', '/docs', '/faq', '/legal', '/pricing', '/team'].map(
          (path) => `${site.origin}${path}`,
        ),
      ].sort(),
    );
    const team = timeline.locator('.monitor-change-group', { hasText: `${site.origin}/team` });
    expect(await team.locator('li').innerText()).toMatch(/critical\s+Indexability: indexable → noindex/);
    expect(await clippedContent(page)).toEqual([]);
    await timeline.screenshot({ path: join(tmpdir(), `monitor-timeline-${viewport.width}.png`) });

    await team.getByRole('link', { name: 'History' }).click();
    await expect
      .poll(() => page.locator('section.monitor-timeline p').first().innerText())
      .toBe(`History of ${site.origin}/team · All changes`);
    expect(await page.locator('section.monitor-timeline h3').allInnerTexts()).toEqual(['Indexability']);
    expect(await clippedContent(page)).toEqual([]);
    await context.close();
  });
}

/** Ticks exactly `fields` among the boxes of the fields that alert, and exactly `muted` among the pages. */
async function choose(page: Page, fields: string[], muted: string[], format: string) {
  const alerts = page.locator('section.monitor-alerts');
  for (const box of await alerts.locator('input[name=alertFields]').all())
    await box.setChecked(fields.includes((await box.getAttribute('value'))!));
  for (const box of await alerts.locator('input[name=muted]').all())
    await box.setChecked(muted.includes((await box.getAttribute('value'))!));
  await alerts.locator(`input[name=webhookFormat][value=${format}]`).check();
}

/** What the form shows ticked: the fields, the muted pages and the format. */
const shown = (page: Page) =>
  page.locator('section.monitor-alerts').evaluate((section) => {
    const ticked = (name: string) =>
      [...section.querySelectorAll<HTMLInputElement>(`input[name=${name}]:checked`)].map((box) => box.value);
    return { fields: ticked('alertFields'), muted: ticked('muted'), format: ticked('webhookFormat') };
  });

for (const [viewport, javaScriptEnabled] of [
  [{ width: 390, height: 844 }, false],
  [{ width: 1366, height: 900 }, true],
] as const) {
  test(`"Change alerts" at ${viewport.width} px, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: the choices are saved and shown on reload`, async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    expect((await page.goto(manageUrl))?.status()).toBe(200);
    if (javaScriptEnabled) await waitForIslands(page);
    const alerts = page.locator('section.monitor-alerts');
    expect(await alerts.getByRole('heading').innerText()).toBe('Change alerts');
    expect(await alerts.locator('label', { hasText: 'Indexability' }).innerText()).toBe(
      'Indexability: the page can or can no longer appear in search results (noindex)',
    );
    const fields = javaScriptEnabled ? ['status', 'h1', 'sitemap'] : ['title', 'description', 'certificate'];
    const muted = [`${site.origin}${javaScriptEnabled ? '/faq' : '/about'}`, `${site.origin}/team`];
    const format = javaScriptEnabled ? 'teams' : 'slack';
    await choose(page, fields, muted, format);
    await alerts.getByRole('button', { name: 'Save alert choices' }).click();
    await expect.poll(() => alerts.locator('p.success').textContent()).toBe('Your alert choices are saved.');
    // Without JavaScript the browser posted the form and came back; with it, the page stayed where it was.
    expect(new URL(page.url()).searchParams.get('alerts')).toBe(javaScriptEnabled ? null : 'saved');
    expect(await clippedContent(page)).toEqual([]);
    await alerts.screenshot({ path: join(tmpdir(), `monitor-alerts-${viewport.width}.png`) });

    await page.goto(manageUrl);
    expect(await shown(page)).toEqual({ fields, muted, format: [format] });
    expect(errors).toEqual([]);
    await context.close();
  });
}
