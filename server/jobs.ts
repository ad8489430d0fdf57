import type { JobModules } from './lib/jobs/index.ts';

/**
 * The app's jobs: the module every job thread imports (docs/decisions/0032), each job by its name
 * with the loader of its module. A thread imports a job's module on its first job of that name, so a
 * site audit's thread never holds the mobile test's or the sitemap generator's code (decision 0059,
 * "A job thread's fixed cost"); the main thread loads them all (server/job-system.ts). A feature adds
 * its long work here, one line: its job's name and `async () => (await import('./features/x/job.ts')).xJob`.
 * Keep this file's own imports type-only: every thread pays for what it imports statically.
 */
export const jobModules: JobModules = {
  // A monitored run is a site audit whose thread then compares and alerts (features/monitoring/job.ts).
  'site-audit': async () =>
    (await import('./features/monitoring/job.ts')).withMonitoredRuns(
      (await import('./features/site-audit/job.ts')).siteAuditJob,
    ),
  // A shared audit's parts read its pages on the workers (decision 0071).
  'site-audit-part': async () => (await import('./features/site-audit/shared/part-job.ts')).siteAuditPartJob,
  'sitemap-crawl': async () => (await import('./features/sitemap-generator/job.ts')).sitemapCrawlJob,
  'mobile-test': async () => (await import('./features/mobile-test/job.ts')).mobileTestJob,
  'seo-audit': async () => (await import('./features/seo-audit/job.ts')).seoAuditJob,
  'directory-check': async () => (await import('./features/directories/job.ts')).directoryCheckJob,
  'indexnow-ping': async () => (await import('./features/posts/indexnow-job.ts')).indexNowJob,
  'markdown-render': async () => (await import('./features/posts/render-job.ts')).markdownRenderJob,
  // The monthly client report: drawn in a thread, site-audit's PDF handed in (features do not import each other).
  'monitor-client-report': async () =>
    (await import('./features/monitoring/client-report.ts')).clientReportJob(
      (await import('./features/site-audit/pdf.ts')).auditPdf,
    ),
  'log-files': async () => (await import('./features/log-files/job.ts')).logFilesJob,
  // Periodic work, as repeatable jobs: the one delivery of everything the site sends (a mail to the
  // operator in the leads' words), the monitors' schedule (its runs are site audits), the monthly
  // reports' look, and the IndexNow ping of scheduled posts going live.
  'message-delivery': async () =>
    (await import('./lib/messaging/job.ts')).messageDeliveryJob((await import('./features/leads/email.ts')).leadEmail),
  'monitor-schedule': async () => {
    const { SITE_AUDIT_JOB } = await import('./features/site-audit/job.ts');
    const { UNEXPECTED_FAILURE } = await import('./features/site-audit/run.ts');
    return (await import('./features/monitoring/scheduler.ts')).monitorScheduleJob({
      job: SITE_AUDIT_JOB,
      failure: UNEXPECTED_FAILURE,
    });
  },
  // The monitors' change watch (issue 35): due pages re-read and compared; the site audit's sitemap reader handed in.
  'monitor-watch': async () =>
    (await import('./features/monitoring/watch-job.ts')).monitorWatchJob(
      (await import('./features/site-audit/sitemaps.ts')).readSitemaps,
    ),
  'monitor-client-report-look': async () =>
    (await import('./features/monitoring/client-report.ts')).clientReportLookJob,
  'indexnow-scheduled': async () => (await import('./features/posts/indexnow-job.ts')).indexNowScheduledJob,
};

// Each thread builds its deps (its database connection, fetchers, browser) once: server/job-deps.ts.
export { createDeps } from './job-deps.ts';
