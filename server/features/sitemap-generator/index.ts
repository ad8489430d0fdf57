import type { AppDeps, Feature } from '#server/deps.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { sitemapGeneratorRouter } from './router.ts';
import { createSitemapGenerator } from './service.ts';

/** The sitemap generator: a crawl of the visitor's site as our crawler, the XML kept in the database. */
export function sitemapGeneratorFeature({ config, db, log }: AppDeps): Feature {
  const settings = config.sitemapGenerator;
  const service = createSitemapGenerator({
    db,
    siteUrl: config.siteUrl,
    settings,
    log,
    fetcher: createSafeFetcher({
      allowPrivate: config.fetchAllowPrivate,
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+${config.siteUrl}/sitemap-tool)`,
    }),
  });
  return {
    api: sitemapGeneratorRouter({ service, rateLimitPer10Min: settings.rateLimitPer10Min }),
    stop: () => service.close(),
  };
}
