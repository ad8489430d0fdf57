import type { AppJobDeps } from '#server/job-deps.ts';
import { watchHasWork } from '#db/monitoring/watch.ts';
import { defineJob } from '#server/lib/jobs/index.ts';
import { deliverSoon } from '#server/lib/messaging/index.ts';
import { alertSettingsOf } from './job.ts';
import { CHOOSE_EVERY_MS, WATCH_TICK_MS, watchTick, type WatchTickResult } from './watch.ts';
import type { SitemapReader } from './watch-read.ts';

export const MONITOR_WATCH_JOB = 'monitor-watch';

/**
 * The monitors' change watch as a repeatable job (issue 35, docs/decisions/0057): every tick (15 s) a job thread reads the pages that are
 * due, so each page is read once a cycle and a monitor's pages spread over it. `sitemaps` is the
 * site audit's sitemap reader, handed over by server/jobs.ts.
 */
export function monitorWatchJob(sitemaps: SitemapReader) {
  return defineJob<null, never, WatchTickResult, AppJobDeps>({
    name: MONITOR_WATCH_JOB,
    concurrency: 1,
    attempts: 1,
    backoffMs: 0,
    repeat: {
      everyMs: WATCH_TICK_MS,
      hasWork: async ({ db, config: settings }) =>
        settings.monitoring.watch.intervalMs > 0 &&
        watchHasWork(db, new Date().toISOString(), new Date(Date.now() - CHOOSE_EVERY_MS).toISOString()),
    },
    retentionMs: 60 * 60_000,
    async run(job, deps) {
      return watchTick(
        {
          db: deps.db,
          fetcher: deps.fetcher,
          settings: deps.config.monitoring.watch,
          log: deps.log,
          sitemaps,
          signal: job.signal,
          alerts: alertSettingsOf(deps.config),
          // A queued alert goes out at once, whichever process delivers.
          kick: () => deliverSoon(deps.jobs),
        },
        new Date(),
      );
    },
  });
}
