import type { AppDeps, Feature } from '#server/deps.ts';
import { auditPdf } from '#server/features/site-audit/index.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { pickPdfFont, reportBrand } from '#server/lib/pdf/index.ts';
import { clientSitesSection, type ClientSitesSectionOptions } from './client-sites-section.ts';
import { CLIENT_SITE_LIMITS } from './client-sites.ts';

/**
 * The operator's client sites as a feature of its own: its section of the admin (/admin/client-sites,
 * with ADMIN_PASSWORD: client-sites-section.ts). The hourly look for monthly reports to send is a
 * repeatable job (client-report.ts).
 */
export function clientSitesFeature(
  deps: Pick<AppDeps, 'config' | 'db' | 'log'>,
  service: ClientSitesSectionOptions['service'],
  logs?: ClientSitesSectionOptions['logs'],
): Feature {
  const { config, db, log } = deps;
  return {
    admin: [
      clientSitesSection({
        db,
        log,
        service,
        brand: reportBrand(config),
        pdf: auditPdf,
        fontPath: pickPdfFont(config.pdf.fontPath),
        pdfCapacity: createCapacity(CLIENT_SITE_LIMITS.pdfsAtOnce),
        mailEnabled: Boolean(config.leadDelivery.email),
        logs,
      }),
    ],
  };
}
