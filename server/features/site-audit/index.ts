import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { pickPdfFont, reportBrand } from '#server/lib/pdf/index.ts';
import { reportCardRouter } from './card-router.ts';
import { siteAuditRouter } from './router.ts';
import { createSiteAuditService } from './service.ts';

// What other features reuse: the branded PDF (the monitoring feature's monthly client report).
export { auditPdf, auditPdfLines, renderAuditPdf } from './pdf.ts';

// What site monitoring (server/features/monitoring) uses of the audit: its job, its input, its issue groups.
export { SITE_AUDIT_JOB } from './job.ts';
export { UNEXPECTED_FAILURE, type AuditInput } from './run.ts';
export { groupIssues } from './issues.ts';
export { issueSummary } from './issue-reads.ts';

/**
 * The whole-site audit: each audit a `site-audit` job (job.ts) that crawls in a job thread of any
 * process that runs jobs, its report stored in the database, a branded PDF.
 */
export function siteAuditFeature({ config, db, log, jobs }: AppDeps): Feature {
  const settings = config.siteAudit;
  const service = createSiteAuditService({ db, log, jobs, settings, allowPrivate: config.fetchAllowPrivate });
  const brand = reportBrand(config);
  return {
    api: siteAuditRouter({
      service,
      db,
      settings,
      brand,
      fontPath: pickPdfFont(config.pdf.fontPath),
      pdfCapacity: createCapacity(config.limits.toolMaxRunning),
    }),
    // The shared report's Open Graph image, beside the report's page.
    mounts: [{ path: '/', router: reportCardRouter(service, brand) }],
    stop: () => service.close(),
  };
}
