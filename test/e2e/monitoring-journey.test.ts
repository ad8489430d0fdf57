import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditPage, html, sitemapXml } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type ServedFixture } from '#test/fixtures/crawl-site.ts';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { startSmtpFixture, type ReceivedMail, type SmtpFixture } from '#test/fixtures/smtp.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { axeViolations, clippedContent, launchBrowser, waitForIslands } from './browser.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

// Issue 25's browser journey: audit → "Monitor this site" → the confirmation mail's link → verify →
// "Check now" after the site broke → the alert mail, whose manage and report links open → unsubscribe
// in one click. Its own server: mail goes to a local SMTP server, and the monitored site is a loopback
// fixture that serves the verification tag once the visitor "adds" it, and breaks on request.
const VISITOR = 'owner@monitored-shop.test';
const OPERATOR = 'leads@agency.test';
const PAGES = ['/', '/about', '/services', '/contact'];

interface JourneySite extends ServedFixture {
  /** The meta tag the start page carries (what the visitor pastes into <head>). */
  meta: string;
  /** Broken: the home page links to a page that is gone. */
  broken: boolean;
}

async function startJourneySite(): Promise<JourneySite> {
  const state = { meta: '', broken: false };
  const served = await serveFixture((path, origin) => {
    if (path === '/robots.txt')
      return {
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: `User-agent: *\nSitemap: ${origin}/sitemap.xml\n`,
      };
    if (path === '/sitemap.xml') return sitemapXml(origin, PAGES);
    if (!PAGES.includes(path)) return undefined;
    const links =
      path === '/'
        ? [...PAGES.slice(1), ...(state.broken ? [['/spring-sale', 'Spring sale'] as [string, string]] : [])]
        : ['/'];
    return html(auditPage(path, { links, head: path === '/' ? state.meta : '' }));
  });
  return Object.defineProperties(served, {
    meta: { get: () => state.meta, set: (value: string) => (state.meta = value) },
    broken: { get: () => state.broken, set: (value: boolean) => (state.broken = value) },
  }) as JourneySite;
}

let browser: Browser;
let server: ChildProcess;
let site: JourneySite;
let smtp: SmtpFixture;
let origin = '';
let dataDir = '';

beforeAll(async () => {
  site = await startJourneySite();
  smtp = await startSmtpFixture({ user: OPERATOR });
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'monitoring-journey-'));
  server = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SITE_URL: origin,
      SITE_PROFILE: 'test/fixtures/profiles/operator.json',
      ADMIN_PASSWORD: 'monitoring journey password',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE: site.hostPort,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: OPERATOR,
      NOTIFY_EMAIL_FROM: `Agency <${OPERATOR}>`,
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
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The visitor's mails so far (the operator gets the lead mails on the same server). */
const visitorMails = () => smtp.received.filter((mail) => mail.to.includes(VISITOR));

async function nextVisitorMail(count: number): Promise<ReceivedMail> {
  await expect.poll(() => visitorMails().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return visitorMails()[count - 1]!;
}

/** A header as the mail carries it, folded lines joined (mailparser parses List-* headers into objects). */
function rawHeader(mail: ReceivedMail, name: string): string {
  const line = mail.mail.headerLines.find((header) => header.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** The links of a mail's text part that point at this site. */
function siteLinks(mail: ReceivedMail): string[] {
  return [...(mail.mail.text ?? '').matchAll(/https?:\/\/\S+/g)]
    .map((match) => match[0].replace(/[>).,]+$/, ''))
    .filter((link) => link.startsWith(origin));
}

/** What a phone or a desktop shows wrong on the page now: clipped content and axe's findings. */
async function pageProblems(page: Page): Promise<string[]> {
  return [...(await clippedContent(page)), ...(await axeViolations(page))];
}

test('monitoring journey: audit → Monitor this site → confirmation mail → verify → Check now on a broken site → alert mail whose links open → one-click unsubscribe → settings → delete', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  // 1. A whole-site audit of the fixture site, typed as a bare domain (it has no TLS: crawled over
  // http, and filed there), then "Monitor this site" under its report.
  await page.goto(`${origin}/site-audit`);
  await waitForIslands(page);
  await page.getByLabel('Website URL').fill(site.hostPort);
  await page.getByRole('button', { name: 'Run Site Audit' }).click();
  const panel = page.getByRole('region', { name: 'Monitor this site' });
  await panel.waitFor({ timeout: 60_000 });
  expect(await page.locator('.audit-report-url').innerText()).toBe(`Audit report for ${site.origin}/`);
  expect(await pageProblems(page)).toEqual([]);
  await panel.getByLabel('Email address').fill(VISITOR);
  await panel.getByRole('radio', { name: 'Daily' }).check();
  await panel.getByRole('button', { name: 'Start monitoring' }).click();
  await panel.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  expect(await panel.getByRole('status').innerText()).toContain(`A confirmation email is on its way to ${VISITOR}`);
  const meta = await panel.locator('.monitor-code code').first().innerText();
  expect(meta).toMatch(/^<meta name="[a-z0-9-]+-site-verification" content="[A-Za-z0-9_-]+">$/);
  expect(await pageProblems(page)).toEqual([]);

  // 2. The confirmation mail: its link opens the confirmation page, which confirms and says what is next.
  // The mail also links to the monitor's page (the same manage link the confirmation page gives).
  const confirmation = await nextVisitorMail(1);
  const confirmLink = siteLinks(confirmation).find((link) => link.includes('/monitor/confirm?token='));
  const mailedManageLink = siteLinks(confirmation).find((link) => /\/monitor\/[A-Za-z0-9_-]{22}\?token=/.test(link));
  expect([confirmLink, mailedManageLink].every(Boolean)).toBe(true);
  await page.goto(confirmLink!);
  await page.getByRole('heading', { name: 'Your address is confirmed' }).waitFor();
  expect(await page.getByRole('status').innerText()).toContain('One step is left: prove the site is yours');
  expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
  expect(await pageProblems(page)).toEqual([]);
  expect(await page.getByRole('link', { name: 'Verify your site' }).getAttribute('href')).toBe(
    new URL(mailedManageLink!).pathname + new URL(mailedManageLink!).search,
  );

  // The confirmation link used again (a second click, a forwarded mail) confirms nothing more and gives no link.
  const again = await context.newPage();
  await again.goto(confirmLink!);
  await again.getByRole('heading', { name: 'Your address is already confirmed' }).waitFor();
  expect(await again.locator('a[href^="/monitor/"]').count()).toBe(0);
  await again.close();

  // 3. "Verify now" before the tag is there says why, whole on a phone; the visitor adds the tag and it is found.
  await page.getByRole('link', { name: 'Verify your site' }).click();
  await waitForIslands(page);
  const manageUrl = page.url();
  expect(manageUrl).toMatch(new RegExp(`^${origin}/monitor/[A-Za-z0-9_-]+\\?token=`));
  await page.getByText('Waiting for site verification').waitFor();
  expect(await page.locator('.monitor-code code').first().innerText()).toBe(meta);
  await page.getByRole('button', { name: 'Verify now' }).click();
  await page.getByText(/^Not verified yet: /).waitFor();
  await page.getByText(/^Not verified yet: /).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/journey-verify-error-390.png' });
  expect(await pageProblems(page)).toEqual([]);
  site.meta = meta;
  await page.getByRole('button', { name: 'Verify now' }).click();
  await page.getByText('Verified: the site is yours.').waitFor();
  await page.getByText('Active', { exact: true }).waitFor();

  // 4. Verified, the monitor's first scheduled check runs at once (verifying asks the scheduler to look
  // now, not at its next minute): it is the baseline. The manage page shows it once it is there.
  const firstRun = page.locator('.monitor-run').first();
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await firstRun.count()) ? firstRun.innerText() : '';
      },
      { timeout: 150_000, interval: 2000 },
    )
    .toMatch(/Scheduled · score \d+ · No regressions · 0 fixed/);

  // 5. The site breaks; "Check now" shows it is busy, then the run with the new broken link.
  site.broken = true;
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Check now' }).click();
  await page.getByRole('button', { name: 'Checking…' }).waitFor();
  await page.getByText(/^Check finished: \d+ regressions? · \d+ fixed\.$/).waitFor({ timeout: 90_000 });
  const latest = page.locator('.monitor-run').first();
  expect(await latest.innerText()).toContain(`${site.origin}/ → ${site.origin}/spring-sale`);
  expect(await pageProblems(page)).toEqual([]);

  // 6. The alert mail: unsubscribe headers, and its manage and report links open in the browser.
  const alert = await nextVisitorMail(2);
  const unsubscribeHeader = rawHeader(alert, 'list-unsubscribe');
  expect(rawHeader(alert, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = /<(https?:[^>]+\/unsubscribe\?token=[^>]+)>/.exec(unsubscribeHeader)?.[1];
  expect(oneClick).toBeDefined();
  const links = siteLinks(alert);
  const manageLink = links.find((link) => /\/monitor\/[A-Za-z0-9_-]+\?token=/.test(link));
  const reportLink = links.find((link) => /\/site-audit\/[A-Za-z0-9_-]+$/.test(link));
  const unsubscribePage = links.find((link) => link.includes('/monitor/unsubscribe?'));
  expect([manageLink, reportLink, unsubscribePage].every(Boolean)).toBe(true);
  expect(alert.mail.text).toContain(`${site.origin}/spring-sale`);

  await page.goto(manageLink!);
  await waitForIslands(page);
  expect(await page.locator('.monitor-summary h2').innerText()).toBe(`${site.origin}/`);
  expect(await page.locator('.monitor-run').first().innerText()).toContain(`${site.origin}/spring-sale`);
  // The trend follows the site: the visitor's own audit the monitor was made from, then its two checks.
  const trend = page.locator('.monitor-trend figcaption');
  expect(await trend.innerText()).toMatch(/ over 3 audits of this site: 2 checks by monitoring, 1 run by hand\.$/);
  await trend.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/journey-monitor-trend-390.png' });
  await page.goto(reportLink!);
  await page
    .getByRole('heading', { name: /Website SEO Audit Report|audit/i })
    .first()
    .waitFor();
  await page.locator('.audit-report').waitFor({ timeout: 30_000 });
  expect(await page.locator('.audit-report').innerText()).toContain('/spring-sale');

  // 7. Unsubscribe in one click as a mail client does it (RFC 8058): the monitor is paused.
  const posted = await fetch(oneClick!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  await page.goto(manageLink!);
  await waitForIslands(page);
  await page.getByText('Paused', { exact: true }).waitFor();
  // Resumed on the manage page, then stopped again from the mail's unsubscribe page: its one button.
  await page.getByRole('button', { name: 'Resume monitoring' }).click();
  await page.getByText('Monitoring is resumed.').waitFor();
  await page.getByText('Active', { exact: true }).waitFor();
  await page.goto(unsubscribePage!);
  await waitForIslands(page);
  expect(await page.getByRole('button').filter({ hasText: 'Unsubscribe' }).count()).toBe(1);
  expect(await pageProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
  expect(await pageProblems(page)).toEqual([]);
  await page.goto(manageLink!);
  await waitForIslands(page);
  await page.getByText('Paused', { exact: true }).waitFor();

  // 8. Settings are saved and shown again; a bad webhook gets the API's message beside the form.
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByLabel('Weekly digest: fixed issues and the score trend, once a week').check();
  await page.getByLabel('Alert when the score drops by at least (points)').fill('12');
  await page.getByLabel('Webhook URL (optional)').fill('ftp://hooks.example.com/x');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('#monitor-settings ~ form [role=alert]').waitFor();
  await page.getByLabel('Webhook URL (optional)').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Your changes are saved.').waitFor();
  await page.reload();
  await waitForIslands(page);
  expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Weekly digest: fixed issues and the score trend, once a week').isChecked()).toBe(true);
  expect(await page.getByLabel('Alert when the score drops by at least (points)').inputValue()).toBe('12');
  // The owner moves the monitor to another page of the site: same origin, still verified.
  await page.getByLabel('Address audited').fill(`${site.origin}/about`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Your changes are saved.').waitFor();
  await page.reload();
  await waitForIslands(page);
  expect(await page.getByLabel('Address audited').inputValue()).toBe(`${site.origin}/about`);
  expect(await page.locator('#monitor-site').innerText()).toBe(`${site.origin}/about`);
  await page.screenshot({ path: 'test-results/journey-monitor-address-390.png', fullPage: true });

  // 9. Delete, after a second press: the link then says the monitor is gone (410).
  await page.getByRole('button', { name: 'Delete monitor…' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await page.getByText(/The monitor of .* is deleted/).waitFor();
  const gone = await page.goto(manageLink!);
  expect(gone?.status()).toBe(410);
  await page.getByText('This monitor has been deleted').waitFor();
  expect(await pageProblems(page)).toEqual([]);

  expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  await context.close();
}, 300_000);
