import type { Config } from '#server/config/index.ts';
import { createSafeFetcher, type SafeFetcher } from './safe-fetch/index.ts';
import { createYouTubeClient, type YouTubeClient } from './youtube/client.ts';

export interface PlatformClients {
  /** The guarded fetcher the video platforms are read with. */
  fetcher: SafeFetcher;
  youtube: YouTubeClient;
}

/**
 * The YouTube transcript, YouTube tags and video downloader features share one YouTube client (and
 * so one cache of player data); createApp builds it once and hands it down in AppDeps.
 */
export function createPlatformClients(
  config: Pick<Config, 'fetchAllowPrivate' | 'videoDownloader' | 'youtube'>,
): PlatformClients {
  // The platforms serve their normal public page (with the player data) to a desktop browser.
  // MEDIA_PROXY_URL, when set, carries every platform request (targets are still checked first).
  const fetcher = createSafeFetcher({
    allowPrivate: config.fetchAllowPrivate,
    proxy: config.videoDownloader.proxyUrl,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  });
  return { fetcher, youtube: createYouTubeClient({ fetcher, origin: config.youtube.origin }) };
}

/** Each YouTube call may reach YouTube; cached answers are cheap but a flood would get this server blocked. */
export const YOUTUBE_RATE_LIMIT = { windowMs: 60_000, limit: 60 };
