import type { Config } from './config/index.ts';
import { mobileTestJob } from './features/mobile-test/job.ts';
import { sitemapCrawlJob } from './features/sitemap-generator/job.ts';
import { createAppFetcher } from './lib/safe-fetch/app-fetcher.ts';
import { directoryCheckJob } from './features/directories/job.ts';
import type { AnyJobDefinition, JobDeps } from './lib/jobs/index.ts';
import { siteAuditJob } from './features/site-audit/job.ts';
import { withMonitoredRuns } from './features/monitoring/job.ts';
import { indexNowJob } from './features/posts/indexnow-job.ts';
import { clientReportJob } from './features/monitoring/client-report.ts';
import { auditPdfLines, renderAuditPdf } from './features/site-audit/pdf.ts';
import { logFilesJob } from './features/log-files/job.ts';

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
  logFilesJob,
];

/** What a job's work may use, built once per thread: its own database connection and fetcher. */
export interface AppJobDeps extends JobDeps {
  config: Config;
  fetcher: ReturnType<typeof createAppFetcher>;
}

export function createDeps(base: JobDeps): AppJobDeps {
  const config = base.config as Config;
  return { ...base, config, fetcher: createAppFetcher(config) };
}
