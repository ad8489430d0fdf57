import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { pickPdfFont } from '#server/lib/youtube/transcript-pdf.ts';
import { siteAuditRouter } from './router.ts';
import { createSiteAuditService } from './service.ts';

/** The whole-site audit: crawls queued as jobs, reports stored in the database, a branded PDF. */
export function siteAuditFeature({ config, db, log }: AppDeps): Feature {
  const settings = config.siteAudit;
  const service = createSiteAuditService({
    db,
    log,
    settings,
    fetcher: createSafeFetcher({
      allowPrivate: config.fetchAllowPrivate,
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+${config.siteUrl}/site-audit)`,
    }),
  });
  const { business } = config.siteProfile;
  const brand = {
    name: business.name,
    tagline: business.tagline,
    email: business.email,
    phone: business.phone,
    website: config.siteUrl,
  };
  return {
    api: siteAuditRouter({
      service,
      db,
      settings,
      brand,
      fontPath: pickPdfFont(config.youtube.pdfFontPath),
      pdfCapacity: createCapacity(config.limits.toolMaxRunning),
    }),
    prepare: async () => {
      await service.recover();
    },
    stop: () => service.close(),
  };
}
