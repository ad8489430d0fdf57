import type { Config } from '#server/config/index.ts';
import { createSafeFetcher, type SafeFetcher } from './index.ts';

const fetchers = new WeakMap<object, SafeFetcher>();

/** The app's one guarded fetcher for a config: FETCH_ALLOW_PRIVATE and an identifying User-Agent. */
export function appFetcher(config: Pick<Config, 'fetchAllowPrivate' | 'siteUrl'>): SafeFetcher {
  let fetcher = fetchers.get(config);
  if (!fetcher) {
    fetcher = createSafeFetcher({ allowPrivate: config.fetchAllowPrivate, userAgent: `DelhiSeoToolsBot/1.0 (+${config.siteUrl})` });
    fetchers.set(config, fetcher);
  }
  return fetcher;
}
