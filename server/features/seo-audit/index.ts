import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { createSeoAuditClient } from './client.ts';
import { renderLimitMs } from './job.ts';
import { seoAuditRouter } from './router.ts';

/**
 * The one-page SEO audit: a `seo-audit` job (job.ts) that fetches and parses the page in a job thread
 * (Google's PageSpeed score too, when configured) and renders it in Chromium for its page experience;
 * the request waits for its report.
 */
export function seoAuditFeature({ config, jobs }: AppDeps): Feature {
  const capacity = createCapacity(config.limits.toolMaxRunning);
  const client = createSeoAuditClient({
    jobs,
    maxPending: capacity.limit,
    pageSpeed: config.pageSpeed !== null,
    renderMs: renderLimitMs(config.mobileTest),
  });
  return {
    api: seoAuditRouter({ audit: (url, signal) => client.audit(url, signal), capacity }),
    stop: () => client.stop(),
  };
}
