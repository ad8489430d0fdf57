import request from 'supertest';
import { afterEach } from 'vitest';
import type { Dialect } from '#db/index.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import type { MonitoringService } from '#server/features/monitoring/service.ts';
import { watchTick, type WatchOptions } from '#server/features/monitoring/watch.ts';
import { readSitemaps } from '#server/features/site-audit/sitemaps.ts';
import { createAppFetcher } from '#server/lib/safe-fetch/app-fetcher.ts';
import type { LoopbackServer } from '#test/fixtures/loopback.ts';
import { startWatchedSite, watchedSiteState, type WatchedSiteState } from '#test/fixtures/watched-site.ts';
import { createTestApp, type TestApp } from './app.ts';

/** The watch's cycle in these tests: 15 minutes, driven by hand (`tick(n)` looks at the n-th cycle's end). */
export const CYCLE_MS = 900_000;
/** A time no real clock reaches during a test: the app's own repeatable runs never find these pages due. */
export const EPOCH = Date.parse('2031-01-01T00:00:00.000Z');

export type WatchApp = TestApp & {
  site: LoopbackServer;
  state: WatchedSiteState;
  monitorId: string;
  manage: string;
  options: WatchOptions;
  /** Runs the watch's look at the end of cycle `n` (0: the pages are chosen; 1: first readings). */
  tick(n: number): ReturnType<typeof watchTick>;
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
  async function setup(env: Record<string, string> = {}): Promise<WatchApp> {
    const state = watchedSiteState();
    const site = await startWatchedSite(state);
    cleanup.push(() => site.close());
    const made = await createTestApp({
      dialect,
      env: { FETCH_ALLOW_PRIVATE: site.hostPort, MONITOR_WATCH_INTERVAL_S: '0', ...env },
    });
    cleanup.push(() => made.close());
    const monitorId = 'watchedMonitor00000001';
    await insertMonitor(made.db, {
      id: monitorId,
      kind: 'client',
      url: `${site.origin}/`,
      origin: site.origin,
      email: 'owner@widgets.test',
      recipients: ['owner@widgets.test'],
      schedule: 'monthly',
      webhookUrl: null,
      status: 'active',
      verificationToken: 'token',
      scoreDrop: 5,
      digest: false,
      nextRunAt: new Date(EPOCH * 2).toISOString(),
      createdAt: new Date().toISOString(),
      ipHash: null,
    });
    const { service } = made.app.locals.monitoring as { service: MonitoringService };
    const manage = (await service.tokens()).issue(monitorId, 'manage', Date.now());
    const options: WatchOptions = {
      db: made.db,
      fetcher: createAppFetcher(made.config),
      settings: { ...made.config.monitoring.watch, intervalMs: CYCLE_MS },
      log: { info: () => undefined, warn: () => undefined },
      sitemaps: readSitemaps,
      wait: () => Promise.resolve(),
    };
    return {
      ...made,
      site,
      state,
      monitorId,
      manage,
      options,
      tick: (n) => watchTick(options, new Date(EPOCH + n * CYCLE_MS)),
      changes: (query = {}) =>
        request(made.app)
          .get(`/api/monitors/${monitorId}/changes`)
          .query({ token: manage, ...query }),
    };
  }
  return { setup, cleanup };
}
