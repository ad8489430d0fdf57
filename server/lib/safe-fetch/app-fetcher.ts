import type { Config } from '#server/config/index.ts';
import { createSafeFetcher, type SafeFetcher } from './index.ts';

/** The app's guarded fetcher for a config: FETCH_ALLOW_PRIVATE and an identifying User-Agent (one per app, in AppDeps). */
export function createAppFetcher(config: Pick<Config, 'fetchAllowPrivate' | 'siteUrl'>): SafeFetcher {
  return createSafeFetcher({
    allowPrivate: config.fetchAllowPrivate,
    userAgent: `DelhiSeoToolsBot/1.0 (+${config.siteUrl})`,
  });
}
