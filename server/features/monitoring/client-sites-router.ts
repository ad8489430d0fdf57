import type { AppDeps, Feature } from '#server/deps.ts';
import { auditPdfLines, renderAuditPdf, reportBrand } from '#server/features/site-audit/index.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { pickPdfFont } from '#server/lib/youtube/transcript-pdf.ts';
import { CLIENT_REPORT_LOOK_MS, queueMonthlyReports } from './client-report.ts';
import { clientSitesSection, type ClientSitesSectionOptions } from './client-sites-section.ts';
import { CLIENT_SITE_LIMITS } from './client-sites.ts';

/**
 * The operator's client sites as a feature of its own: its section of the admin (/admin/client-sites,
 * with ADMIN_PASSWORD: client-sites-section.ts) and the hourly look for monthly reports to send.
 */
export function clientSitesFeature(
  deps: Pick<AppDeps, 'config' | 'db' | 'log' | 'jobs'>,
  service: ClientSitesSectionOptions['service'],
): Feature {
  const { config, db, log, jobs } = deps;
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    queueMonthlyReports(db, jobs, new Date()).catch((error: unknown) =>
      log.error({ err: error }, 'client sites: could not look for monthly reports to send'),
    );
  };
  return {
    admin: [
      clientSitesSection({
        db,
        log,
        service,
        brand: reportBrand(config),
        pdf: { lines: auditPdfLines, render: renderAuditPdf },
        fontPath: pickPdfFont(config.youtube.pdfFontPath),
        pdfCapacity: createCapacity(CLIENT_SITE_LIMITS.pdfsAtOnce),
        mailEnabled: Boolean(config.leadDelivery.email),
      }),
    ],
    start: () => {
      // Without mail (SMTP_URL with NOTIFY_EMAIL_TO) there is nobody to send reports to.
      if (!config.leadDelivery.email) return;
      look();
      timer = setInterval(look, CLIENT_REPORT_LOOK_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
