import { mobileTestJob } from './features/mobile-test/job.ts';
import { seoAuditJob } from './features/seo-audit/job.ts';
import { sitemapCrawlJob } from './features/sitemap-generator/job.ts';
import { directoryCheckJob } from './features/directories/job.ts';
import type { AnyJobDefinition } from './lib/jobs/index.ts';
import { SITE_AUDIT_JOB, siteAuditJob } from './features/site-audit/job.ts';
import { siteAuditPartJob } from './features/site-audit/shared/part-job.ts';
import { UNEXPECTED_FAILURE } from './features/site-audit/run.ts';
import { withMonitoredRuns } from './features/monitoring/job.ts';
import { indexNowJob, indexNowScheduledJob } from './features/posts/indexnow-job.ts';
import { markdownRenderJob } from './features/posts/render-job.ts';
import { clientReportJob, clientReportLookJob } from './features/monitoring/client-report.ts';
import { monitorScheduleJob } from './features/monitoring/scheduler.ts';
import { monitorWatchJob } from './features/monitoring/watch-job.ts';
import { readSitemaps } from './features/site-audit/sitemaps.ts';
import { leadEmail } from './features/leads/email.ts';
import { messageDeliveryJob } from './lib/messaging/job.ts';
import { auditPdf } from './features/site-audit/pdf.ts';
import { logFilesJob } from './features/log-files/job.ts';

/**
 * The app's job definitions: the module every job thread imports (docs/decisions/0032). A feature
 * adds its long work here (a crawl, an audit, a directory check); the work runs in a worker thread
 * with the deps of server/job-deps.ts, never on the event loop that serves pages.
 */
export const definitions: readonly AnyJobDefinition[] = [
  // A monitored run is a site audit whose thread then compares and alerts (features/monitoring/job.ts).
  withMonitoredRuns(siteAuditJob),
  // A shared audit's parts read its pages on the workers (decision 0071).
  siteAuditPartJob,
  sitemapCrawlJob,
  mobileTestJob,
  seoAuditJob,
  directoryCheckJob,
  indexNowJob,
  markdownRenderJob,
  // The monthly client report: drawn in a thread, site-audit's PDF handed in (features do not import each other).
  clientReportJob(auditPdf),
  logFilesJob,
  // Periodic work, as repeatable jobs: the one delivery of everything the site sends (a mail to the
  // operator in the leads' words), the monitors' schedule (its runs are site audits), the monthly
  // reports' look, and the IndexNow ping of scheduled posts going live.
  messageDeliveryJob(leadEmail),
  monitorScheduleJob({ job: SITE_AUDIT_JOB, failure: UNEXPECTED_FAILURE }),
  // The monitors' change watch (issue 35): due pages re-read and compared; the site audit's sitemap reader handed in.
  monitorWatchJob(readSitemaps),
  clientReportLookJob,
  indexNowScheduledJob,
];

// Each thread builds its deps (its database connection, fetchers, browser) once: server/job-deps.ts.
export { createDeps } from './job-deps.ts';
