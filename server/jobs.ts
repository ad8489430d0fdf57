import { mobileTestJob } from './features/mobile-test/job.ts';
import { sitemapCrawlJob } from './features/sitemap-generator/job.ts';
import { directoryCheckJob } from './features/directories/job.ts';
import type { AnyJobDefinition } from './lib/jobs/index.ts';
import { siteAuditJob } from './features/site-audit/job.ts';
import { withMonitoredRuns } from './features/monitoring/job.ts';
import { indexNowJob } from './features/posts/indexnow-job.ts';
import { clientReportJob } from './features/monitoring/client-report.ts';
import { auditPdfLines, renderAuditPdf } from './features/site-audit/pdf.ts';

/**
 * The app's job definitions: the module every job thread imports (docs/decisions/0032). A feature
 * adds its long work here (a crawl, an audit, a directory check); the work runs in a worker thread
 * with the deps below, never on the event loop that serves pages.
 */
export const definitions: readonly AnyJobDefinition[] = [
  // A monitored run is a site audit whose thread then compares and alerts (features/monitoring/job.ts).
  withMonitoredRuns(siteAuditJob),
  sitemapCrawlJob,
  mobileTestJob,
  directoryCheckJob,
  indexNowJob,
  // The monthly client report: drawn in a thread, site-audit's PDF handed in (features do not import each other).
  clientReportJob({ lines: auditPdfLines, render: renderAuditPdf }),
];

// Each thread builds its deps (its database connection, fetchers, browser) once: server/job-deps.ts.
export { createDeps } from './job-deps.ts';
