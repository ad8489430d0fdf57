import type { AppDeps, Feature } from '#server/deps.ts';
import { sitemapGeneratorRouter } from './router.ts';
import { createSitemapGenerator } from './service.ts';

/**
 * The sitemap generator: a crawl of the visitor's site as our crawler, run as a job (job.ts) in a
 * job thread of whichever process works the queue; the XML is kept in the database.
 */
export function sitemapGeneratorFeature({ config, db, jobs }: AppDeps): Feature {
  const settings = config.sitemapGenerator;
  const service = createSitemapGenerator({ db, jobs, settings });
  return {
    api: sitemapGeneratorRouter({ service, rateLimitPer10Min: settings.rateLimitPer10Min }),
    stop: () => service.close(),
  };
}
