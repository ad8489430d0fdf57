import request from 'supertest';
import { afterEach } from 'vitest';
import type { Dialect } from '#db/index.ts';
import { insertMonitor, type NewMonitor } from '#db/monitoring/monitors.ts';
import { alertSettingsOf } from '#server/features/monitoring/job.ts';
import type { MonitoringService } from '#server/features/monitoring/service.ts';
import { watchTick, type WatchOptions } from '#server/features/monitoring/watch.ts';
import { readSitemaps } from '#server/features/site-audit/sitemaps.ts';
import { createAppFetcher } from '#server/lib/safe-fetch/app-fetcher.ts';
import type { LoopbackServer } from '#test/fixtures/loopback.ts';
import { startWatchedSite, watchedSiteState, type WatchedSiteState } from '#test/fixtures/watched-site.ts';
import { createTestApp, type TestApp } from './app.ts';

/** The watch's cycle in these tests: 15 minutes, driven by hand (`tick(n)` looks at the n-th cycle's end). */
export const CYCLE_MS = 900_000;
/**
 * The tests' cycles start ten cycles ago, on a cycle boundary: an alert stored at a cycle's end is
 * due for the outbox's delivery now (the app's own watch job is off, so nothing else reads the site).
 */
export const EPOCH = Math.floor(Date.now() / CYCLE_MS) * CYCLE_MS - 10 * CYCLE_MS;

/** The end of cycle `n`, as ISO text. */
export const cycleEnd = (n: number) => new Date(EPOCH + n * CYCLE_MS).toISOString();

/** An operator's client monitor of `origin`, active, its audits scheduled far ahead: the watch covers it. */
export function clientMonitorRow(id: string, origin: string, webhookUrl: string | null = null): NewMonitor {
  return {
    id,
    kind: 'client',
    url: `${origin}/`,
    origin,
    email: 'owner@widgets.test',
    recipients: ['owner@widgets.test'],
    schedule: 'monthly',
    webhookUrl,
    status: 'active',
    verificationToken: 'token',
    scoreDrop: 5,
    digest: false,
    nextRunAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    createdAt: new Date().toISOString(),
    ipHash: null,
  };
}

export type WatchApp = TestApp & {
  site: LoopbackServer;
  state: WatchedSiteState;
  monitorId: string;
  manage: string;
  options: WatchOptions;
  /** Runs the watch's look at the end of cycle `n` (0: the pages are chosen; 1: first readings). */
  tick(n: number): ReturnType<typeof watchTick>;
  /** Runs the look that re-reads, MONITOR_WATCH_RECHECK_S after cycle `n`'s end, a page whose new error is held. */
  recheck(n: number): ReturnType<typeof watchTick>;
  changes(query?: Record<string, string>): request.Test;
};

/**
 * An app (its own watch job off: MONITOR_WATCH_INTERVAL_S=0) with a client monitor of a loopback
 * company site, scheduled far ahead (no audit runs), and the watch's look run by the test.
 */
export function watchApps(dialect: Dialect) {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  async function setup(env: Record<string, string> = {}, webhookUrl: string | null = null): Promise<WatchApp> {
    const state = watchedSiteState();
    const site = await startWatchedSite(state);
    cleanup.push(() => site.close());
    const made = await createTestApp({
      dialect,
      env: {
        MONITOR_WATCH_INTERVAL_S: '0',
        ...env,
        FETCH_ALLOW_PRIVATE: [site.hostPort, env.FETCH_ALLOW_PRIVATE].filter(Boolean).join(','),
      },
    });
    cleanup.push(() => made.close());
    const monitorId = 'watchedMonitor00000001';
    await insertMonitor(made.db, clientMonitorRow(monitorId, site.origin, webhookUrl));
    const { service } = made.app.locals.monitoring as { service: MonitoringService };
    const manage = (await service.tokens()).issue(monitorId, 'manage', Date.now());
    const options: WatchOptions = {
      db: made.db,
      fetcher: createAppFetcher(made.config),
      settings: { ...made.config.monitoring.watch, intervalMs: CYCLE_MS },
      log: { info: () => undefined, warn: () => undefined },
      sitemaps: readSitemaps,
      wait: () => Promise.resolve(),
      alerts: alertSettingsOf(made.config),
    };
    return {
      ...made,
      site,
      state,
      monitorId,
      manage,
      options,
      tick: (n) => watchTick(options, new Date(EPOCH + n * CYCLE_MS)),
      recheck: (n) => watchTick(options, new Date(EPOCH + n * CYCLE_MS + options.settings.recheckMs)),
      changes: (query = {}) =>
        request(made.app)
          .get(`/api/monitors/${monitorId}/changes`)
          .query({ token: manage, ...query }),
    };
  }
  return { setup, cleanup };
}

/**
 * The issue's ten changes, planted at once on the watched site: title, description, H1, canonical,
 * noindex, a 404, a new redirect, a robots.txt Disallow, a structured-data type removed and a URL
 * dropped from the sitemap.
 */
export function plantTenChanges(made: WatchApp): void {
  const { pages } = made.state;
  pages['/pricing']!.title = 'Pricing plans from ₹499 | Lotus Widgets';
  pages['/about']!.description = 'Who we are: a workshop of twelve widget makers in Jaipur.';
  pages['/blog']!.h1 = 'Stories from the workshop';
  pages['/docs']!.canonical = '/help';
  pages['/team']!.noindex = true;
  pages['/careers']!.status = 404;
  pages['/faq']!.redirect = '/help';
  pages['/legal']!.types = ['WebPage'];
  made.state.robots = 'User-agent: *\nDisallow: /admin/\nDisallow: /contact\n';
  made.state.sitemap = made.state.sitemap.filter((path) => path !== '/news');
}
