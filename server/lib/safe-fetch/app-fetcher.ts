import type { Config } from '#server/config/index.ts';
import { createSafeFetcher, type SafeFetcher, type SafeFetcherOptions } from './index.ts';

/**
 * The one factory of the app's guarded fetchers: FETCH_ALLOW_PRIVATE, and a User-Agent naming the site and, for a
 * tool that crawls, that tool's page (`/site-audit`), so a site's owner can see who crawled them and why. The web
 * process makes one (AppDeps), each job thread its own (server/job-deps.ts), once. A crawler's asks for `keepAlive`.
 */
export function createAppFetcher(
  config: Pick<Config, 'fetchAllowPrivate' | 'siteUrl'>,
  toolPath = '',
  options: Pick<SafeFetcherOptions, 'keepAlive' | 'clock'> = {},
): SafeFetcher {
  return createSafeFetcher({
    allowPrivate: config.fetchAllowPrivate,
    userAgent: `DelhiSeoToolsBot/1.0 (+${config.siteUrl}${toolPath})`,
    ...options,
  });
}
