import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { createPageSpeedClient } from './pagespeed.ts';
import { seoAuditRouter } from './router.ts';
import { auditUrl } from './service.ts';

/** The one-page SEO audit: the page through the app's guarded fetcher, PageSpeed Insights when configured. */
export function seoAuditFeature({ config, fetcher }: AppDeps): Feature {
  const pageSpeed = config.pageSpeed ? createPageSpeedClient({ ...config.pageSpeed, fetcher }) : null;
  return {
    api: seoAuditRouter({
      audit: (url) => auditUrl(url, { fetcher, pageSpeed }),
      capacity: createCapacity(config.limits.toolMaxRunning),
    }),
  };
}
