import type http from 'node:http';
import request from 'supertest';
import { afterEach, expect } from 'vitest';
import type { Dialect } from '#db/index.ts';
import type { Messaging } from '#server/lib/messaging/index.ts';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { startSmtpFixture, type ReceivedMail, type SmtpFixture } from '#test/fixtures/smtp.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * The monitoring API against a real app, a real SMTP server and the owner's loopback site (issue 25;
 * router, requests and pages tests share it). Mails go out on their own, at once; `deliver` waits for a delivery.
 */
export type App = TestApp['app'];

export const ADMIN_PASSWORD = 'correct horse battery';

export interface OwnerSiteState {
  /** What the start page's <head> carries (a verification tag, or nothing). */
  head: string;
  /** Files at the site's root, by path. */
  files: Record<string, string>;
}

/** The owner's site: its start page carries `state.head`; `state.files` are served at the root. */
export async function ownerSite(state: OwnerSiteState): Promise<LoopbackServer> {
  return startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Shop</title>${state.head}</head><body><h1>Shop</h1></body></html>`);
      return;
    }
    const file = state.files[path];
    res.writeHead(file === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(file ?? 'Not found');
  });
}

export type MonitoringApp = TestApp & { smtp: SmtpFixture; site: LoopbackServer; state: OwnerSiteState };

/** An app with mail (SMTP fixture), the owner's site reachable, and the admin password set; `cleanup` gets the closers. */
export async function monitoringApp(
  dialect: Dialect,
  cleanup: Array<() => Promise<void>>,
  env: Record<string, string> = {},
): Promise<MonitoringApp> {
  const smtp = await startSmtpFixture();
  cleanup.push(() => smtp.close());
  const state: OwnerSiteState = { head: '', files: {} };
  const site = await ownerSite(state);
  cleanup.push(() => site.close());
  const made = await createTestApp({
    dialect,
    env: {
      FETCH_ALLOW_PRIVATE: site.hostPort,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'operator@agency.test',
      ADMIN_PASSWORD,
      // The change watch (issue 35) has its own tests (watch.test.ts); here it would read the owner's site between requests.
      MONITOR_WATCH_INTERVAL_S: '0',
      ...env,
    },
  });
  cleanup.push(() => made.close());
  return { ...made, smtp, site, state };
}

/**
 * For a describe block: `setup(env)` makes a monitoring app on `dialect`; it (its SMTP server and site
 * too) and whatever else the test adds to `cleanup` is closed after each test.
 */
export function monitoringApps(dialect: Dialect) {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  return { setup: (env: Record<string, string> = {}) => monitoringApp(dialect, cleanup, env), cleanup };
}

/** A delivery of the outbox that starts now, awaited: every message due has had its attempt (server/lib/messaging). */
export async function deliver(app: App): Promise<void> {
  await (app.locals.messaging as Messaging).deliverNow();
}

export function createMonitor(app: App, body: Record<string, unknown>) {
  return request(app).post('/api/monitors').send(body);
}

/** A signed link of this site in a mail's text, by its path: the token decoded. */
export function linkTokenOf(text: string, path: RegExp): string {
  const match = new RegExp(`${path.source}\\?token=([^\\s]+)`).exec(text);
  expect(match, `a link to ${path.source}`).not.toBeNull();
  return decodeURIComponent(match![match!.length - 1]!);
}

/** The confirmation link's token from the mail as the SMTP server received it. */
export function confirmTokenOf(text: string): string {
  return linkTokenOf(text, /\/monitor\/confirm/);
}

/**
 * The nth confirmation mail received (other mails, such as the operator's lead email, may come
 * between): waits for the mails one by one, the SMTP server's arrivals being the readiness signal.
 */
export async function confirmationMail(smtp: SmtpFixture, n: number): Promise<ReceivedMail> {
  for (let seen = 1; ; seen += 1) {
    await smtp.nth(seen);
    const confirmations = smtp.received.filter((mail) => mail.mail.subject?.startsWith('Confirm monitoring'));
    if (confirmations.length >= n) return confirmations[n - 1]!;
  }
}

/** Creates a monitor and confirms it from the mail that arrives (the nth confirmation): its id and manage token. */
export async function confirmedMonitor(made: MonitoringApp, n = 1, email = 'owner@shop.test') {
  const res = await createMonitor(made.app, { url: `${made.site.origin}/`, email, schedule: 'weekly' });
  expect(res.status).toBe(202);
  await deliver(made.app);
  const mail = await confirmationMail(made.smtp, n);
  const confirm = await request(made.app)
    .post('/api/monitors/confirm')
    .send({ token: confirmTokenOf(mail.mail.text!) });
  expect(confirm.status).toBe(200);
  return { id: res.body.id as string, manage: confirm.body.manageToken as string, created: res, confirm, mail };
}
