import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { startReportSite } from '#test/fixtures/site-audit-report-site.ts';
import { DEFAULT_TIME_ZONE } from '#views/business.ts';
import { reportDate } from '#views/model/site-audit-report.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { launchBrowser, waitForIslands } from './browser.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

// Its own server: the journey ends in the admin inbox (ADMIN_PASSWORD, SITE_URL = the browser's
// address) and crawls its own fixture site, which holds one page until the test lets it answer.
const PASSWORD = 'report journey password 2026';
const shots = 'test-results/screenshots';
let browser: Browser;
let server: ChildProcess;
let site: Awaited<ReturnType<typeof startReportSite>>;
let origin = '';

beforeAll(async () => {
  site = await startReportSite();
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
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-audit-report-')),
      FETCH_ALLOW_PRIVATE: site.hostPort,
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
});

const linkRows = (page: Page, issue = 'Page links to a broken internal URL') =>
  page
    .locator('.audit-issue')
    .filter({ hasText: issue })
    .locator('.audit-link')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        where: row.querySelector('.audit-link-where')?.textContent,
        from: row.querySelector('.audit-link-sources')?.textContent,
        target: row.querySelector('dd a')?.textContent,
        anchor: row.querySelector('.audit-link-anchor')?.textContent,
        position: row.querySelector('.audit-link-position')?.textContent,
      })),
    );

/** Where a report page opens: is the score above the fold (and the phone's Call/WhatsApp bar), how many screens down "Want these fixed?" starts. */
const reportFold = (page: Page) =>
  page.evaluate(() => {
    const score = document.querySelector('.audit-score')!.getBoundingClientRect();
    const bar = document.querySelector('.quick-contact')?.getBoundingClientRect();
    const visibleBottom = bar && bar.height > 0 && bar.top < window.innerHeight ? bar.top : window.innerHeight;
    const help = document.querySelector('.audit-cta')!.getBoundingClientRect();
    return {
      scoreInView: window.scrollY === 0 && score.top >= 0 && score.bottom <= visibleBottom,
      helpScreens: (help.top + window.scrollY) / window.innerHeight,
      formFolded: document.querySelector<HTMLDetailsElement>('details.audit-another')?.open === false,
    };
  });

test('site audit report: live run survives a reload, is announced and focused, names every link, explains the score, shows the trend and diff, and leads to the inbox', async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  await page.goto(`${origin}/site-audit`);
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(`${site.origin}/`);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  // The run is held on /slow: progress shows and the address names the audit.
  await page.locator('.audit-progress').waitFor();
  await page.waitForURL(/\/site-audit\?audit=[A-Za-z0-9_-]{22}$/);
  const auditId = new URL(page.url()).searchParams.get('audit')!;

  // A reload mid-run picks the live progress up again.
  await page.reload();
  await waitForIslands(page);
  await page.locator('.audit-progress').waitFor();
  expect(await page.locator('.audit-progress p').textContent()).toMatch(
    /^(Crawled \d+ of \d+ URLs? found so far( \(\S+ pages\/s(, [^)]+)?\))?\.|Queued|Starting)/,
  );
  site.release();

  const report = page.locator('.audit-report');
  const heading = report.locator('h2').first();
  await heading.waitFor({ timeout: 30_000 });
  const title = `Site audit of 127.0.0.1, ${reportDate(new Date().toISOString(), DEFAULT_TIME_ZONE)}`;
  expect(await heading.textContent()).toBe(title);
  // Completion moves the focus to the report and is announced.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-audit-report-heading');
  await expect
    .poll(() => page.locator('.site-audit > [aria-live="polite"]').textContent())
    .toMatch(/^The audit of 127\.0\.0\.1 is complete: health score \d+ out of 100/);

  // The score's rule and, for a first audit, where its trend will be.
  const explained = report.locator('.audit-score-explained');
  expect(await explained.locator('h3').textContent()).toBe('How the score works');
  expect(await explained.textContent()).toContain('a URL with warnings but no error counts half');
  await report.locator('.audit-trend-note').waitFor();

  // Top fixes: errors first.
  expect(await report.locator('.audit-top-fixes li .audit-badge').first().textContent()).toBe('error');

  // Every link of the broken-link issue: where it is, its text, its place, the pages.
  await report.locator('.audit-issue summary', { hasText: 'Page links to a broken internal URL' }).click();
  expect(await linkRows(page)).toEqual([
    {
      where: '1 link in the footer, on 7 pages',
      from: '/, /a, /b, /c, /d, /e, /slow',
      target: '/old-offers',
      anchor: '“Old offers”',
      position: 'footer',
    },
    {
      where: '1 link in the page content, on 1 page',
      from: '/a',
      target: '/gone',
      anchor: '“read more”',
      position: 'page content',
    },
  ]);

  // The broken URL itself says where the links to it are.
  await report.locator('.audit-issue summary', { hasText: 'Internal URL answers 4xx' }).click();
  expect((await linkRows(page, 'Internal URL answers 4xx')).map((row) => [row.where, row.target])).toEqual([
    ['1 link in the footer, on 7 pages', '/old-offers'],
    ['1 link in the page content, on 1 page', '/gone'],
  ]);

  // A page of the list names the links behind its link issues.
  const pageA = report
    .locator('.audit-page-list > li')
    .filter({ has: page.locator('.audit-page-url', { hasText: /^\/a$/ }) });
  await pageA.locator('summary').click();
  await pageA.locator('.audit-page-links li').first().waitFor();
  const brokenOnA = pageA.locator('.audit-page-issues > li', { hasText: 'Page links to a broken internal URL' });
  expect(await brokenOnA.locator('.audit-page-links li').allTextContents()).toEqual([
    '“read more” → /gone, in the page content',
    '“Old offers” → /old-offers, in the footer',
  ]);
  // The same link under another of the page's issues ("read more" says nothing of where it goes).
  const vagueOnA = pageA.locator('.audit-page-issues > li', { hasText: 'Links with vague text' });
  expect(await vagueOnA.locator('.audit-page-links li').allTextContents()).toEqual([
    '“read more” → /gone, in the page content',
  ]);

  const csv = await page.request.get(`${origin}/api/site-audits/${auditId}/export.csv`);
  const lines = (await csv.text()).split('\r\n');
  expect(lines[0]).toBe('url,type,severity,detail,link_source,link_target,anchor_text,link_position');
  expect(lines).toContain(
    `${site.origin}/a,links-broken,error,"links to ${site.origin}/gone (HTTP 404), ${site.origin}/old-offers (HTTP 404)",${site.origin}/a,${site.origin}/gone,read more,content`,
  );
  const pdf = await page.request.get(`${origin}/api/site-audits/${auditId}/report.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/site-audit-report-desktop.png`, fullPage: true });

  // The shareable link is absolute (SITE_URL) and "Copy link" puts it on the clipboard, and says so.
  const shareLink = `${origin}/site-audit/${auditId}`;
  expect(await report.locator('.audit-share a').getAttribute('href')).toBe(shareLink);
  await report.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => report.locator('.audit-share-said').textContent()).toBe('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);
  await report.locator('.audit-share').screenshot({ path: `${shots}/site-audit-report-share.png` });

  // The report's own page at 1366 px opens on the report too.
  const own = await context.newPage();
  await own.goto(shareLink);
  await waitForIslands(own);
  await own.locator('.audit-report h2').first().waitFor();
  expect(await reportFold(own)).toMatchObject({ scoreInView: true, formFolded: true });
  await own.screenshot({ path: `${shots}/site-audit-report-own-desktop.png` });
  await own.close();

  // Re-run: the diff and a trend of two audits. The page's first look at the new run is held until the run
  // has ended (a small site on a busy machine ends before the browser asks): the report still takes the focus.
  await page.route(
    /\/api\/site-audits\/[A-Za-z0-9_-]{22}$/,
    async (route) => {
      const url = route.request().url();
      await expect
        .poll(async () => ((await (await page.request.get(url)).json()) as { status: string }).status, {
          timeout: 30_000,
        })
        .toBe('done');
      await route.continue();
    },
    { times: 1 },
  );
  await report.getByRole('button', { name: 'Re-run audit' }).click();
  await page.locator('.audit-diff').waitFor({ timeout: 30_000 });
  // /d went 404: its own issues went with it (not fixed), grouped under it, and so did /e's duplicate title
  // (/d was its twin); errors first.
  expect(await page.locator('.audit-diff > p').textContent()).toBe('2 new issues · 1 fixed issue');
  const [added, fixed] = await page.locator('.audit-diff details').all();
  // The badges read in capitals (CSS), as the visitor sees them.
  expect(await added!.locator(':scope > ul > li').allInnerTexts()).toEqual([
    'ERROR Internal URL answers 4xx: /d\nNo longer checked there (not fixed):\nERROR Page links to a broken internal URL: /d\nWARNING Duplicate title: /d\nNOTICE Canonical missing: /d\nNo longer compared with it (not fixed):\nWARNING Duplicate title: /e',
    'ERROR Missing title: /b',
  ]);
  expect(await fixed!.locator(':scope > ul > li').allInnerTexts()).toEqual(['WARNING Missing meta description: /c']);
  await page.locator('.audit-trend li').nth(1).waitFor();
  expect(await page.locator('.audit-trend li').count()).toBe(2);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-audit-report-heading');
  await page.locator('.audit-score-explained').screenshot({ path: `${shots}/site-audit-report-trend.png` });
  await page.locator('.audit-diff').screenshot({ path: `${shots}/site-audit-report-diff.png` });

  // The re-run's shareable report on a phone, another browser (no visitor cookie): its title names the domain
  // and date, and the score trend is the server's, the same two audits.
  const rerunId = new URL(page.url()).searchParams.get('audit')!;
  expect(rerunId).not.toBe(auditId);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // A browser without the clipboard API (any page served over plain http): "Copy link" selects the link instead.
  await phone.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  const phonePage = await phone.newPage();
  await phonePage.goto(`${origin}/site-audit/${rerunId}`);
  await waitForIslands(phonePage);
  await phonePage.locator('.audit-report h2').first().waitFor();
  await expect.poll(() => phonePage.title()).toBe(title);
  await phonePage.locator('.audit-trend li').nth(1).waitFor();
  expect(await phonePage.locator('.audit-trend li .audit-trend-score').allTextContents()).toEqual(
    await page.locator('.audit-trend li .audit-trend-score').allTextContents(),
  );
  expect(await phonePage.locator('.audit-history').count()).toBe(0);
  // It opens on the report: the score above the fold (and above the Call/WhatsApp bar), "Want these fixed?"
  // within four screens, the form to audit another site folded after the report.
  const fold = await reportFold(phonePage);
  expect(fold).toMatchObject({ scoreInView: true, formFolded: true });
  expect(fold.helpScreens).toBeLessThan(4);
  await phonePage.screenshot({ path: `${shots}/site-audit-report-phone-fold.png` });
  await phonePage.getByRole('button', { name: 'Copy link' }).click();
  await expect
    .poll(() => phonePage.locator('.audit-share-said').textContent())
    .toBe('The link is selected: copy it with Ctrl+C, or long-press and Copy on a phone.');
  expect(await phonePage.evaluate(() => window.getSelection()?.toString())).toBe(`${origin}/site-audit/${rerunId}`);
  await phonePage.locator('.audit-trend').screenshot({ path: `${shots}/site-audit-report-trend-phone.png` });
  await phonePage.locator('.audit-issue summary', { hasText: 'Page links to a broken internal URL' }).click();
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
    0,
  );
  await phonePage.screenshot({ path: `${shots}/site-audit-report-phone.png`, fullPage: true });
  await phone.close();

  // The call to action carries the site and score into the contact form, and the audit with it.
  const score = (await report.locator('.audit-score strong').textContent())!;
  await report.getByRole('link', { name: 'Ask for help with this audit' }).click();
  await page.waitForURL(/\/contact-me\?/);
  await waitForIslands(page);
  const form = page.locator('form.form-card');
  await expect.poll(() => form.locator('input[name="website"]').inputValue()).toBe(`${site.origin}/`);
  expect(await form.locator('textarea[name="message"]').inputValue()).toBe(
    `Please help me fix the problems the site audit found on 127.0.0.1 (health score ${score}/100).`,
  );
  expect(await form.locator('.contact-from-audit').textContent()).toBe(
    `Your site audit report of 127.0.0.1 (score ${score}/100) is sent with this message.`,
  );
  await form.screenshot({ path: `${shots}/site-audit-report-contact.png` });
  await form.locator('input[name="name"]').fill('Audit Lead');
  await form.locator('input[name="email"]').fill('audit.lead@example.in');
  await form.getByRole('button').click();
  await page.locator('.contact-sent').waitFor();

  // The lead in the admin inbox links the audit.
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/admin`);
  const lead = page.locator('.lead-card').filter({ hasText: 'Audit Lead' });
  const auditLinks = await lead
    .getByRole('link', { name: 'Site audit report' })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  // The lead came from the re-run's report: the latest audit of the site.
  expect(auditLinks).toHaveLength(1);
  expect(auditLinks[0]).toMatch(/^\/site-audit\/[A-Za-z0-9_-]{22}$/);
  expect(problems).toEqual([]);
  await context.close();
});
