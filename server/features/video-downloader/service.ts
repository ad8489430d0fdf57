import type { UpstreamFetcher } from '#server/lib/media/upstream.ts';
import type { YouTubeClient } from '#server/lib/youtube/client.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { requireVideoId } from '#server/lib/youtube/video-id.ts';
import { createInstagramDownloader, INVALID_INSTAGRAM_URL } from './instagram.ts';
import { createPinterestDownloader, INVALID_PINTEREST_URL } from './pinterest.ts';
import { parseInstagramUrl, parsePinterestUrl } from './platform-urls.ts';
import { createMediaRelay, type MediaRelay, type RelayOptions } from './relay.ts';
import { createYouTubeShortsDownloader } from './youtube-shorts.ts';

export { type MediaRelay } from './relay.ts';

export interface VideoDownloaderOptions {
  fetcher: UpstreamFetcher;
  youtube: YouTubeClient;
  origins: { pinterest?: string; pinIt?: string; instagram?: string };
  relay: Omit<RelayOptions, 'fetcher'>;
}

export type VideoPlatform = 'pinterest' | 'instagram' | 'youtube';

/** Throws invalid-input for a link that is not one of `platform`'s video links, before any fetching (or quota). */
export function checkVideoLink(platform: VideoPlatform, videoUrl: string): void {
  if (platform === 'pinterest' && !parsePinterestUrl(videoUrl)) throw new InvalidInputError(INVALID_PINTEREST_URL);
  if (platform === 'instagram' && !parseInstagramUrl(videoUrl)) throw new InvalidInputError(INVALID_INSTAGRAM_URL);
  if (platform === 'youtube') requireVideoId(videoUrl);
}

export interface VideoDownloader {
  pinterest(videoUrl: string, resolution: number): Promise<{ downloadUrl: string }>;
  instagram(videoUrl: string): Promise<{ downloadUrl: string }>;
  youtube(videoUrl: string): Promise<{ downloadUrl: string }>;
  relay: MediaRelay;
}

/** Each finder locates the public file; the answer is always a link to this app's own relay. */
export function createVideoDownloader(options: VideoDownloaderOptions): VideoDownloader {
  const relay = createMediaRelay({ fetcher: options.fetcher, ...options.relay });
  const pinterest = createPinterestDownloader({
    fetcher: options.fetcher,
    origin: options.origins.pinterest,
    pinItOrigin: options.origins.pinIt,
  });
  const instagram = createInstagramDownloader({ fetcher: options.fetcher, origin: options.origins.instagram });
  const shorts = createYouTubeShortsDownloader({ youtube: options.youtube });
  return {
    pinterest: async (videoUrl, resolution) => {
      const found = await pinterest.find(videoUrl, resolution);
      return { downloadUrl: relay.link({ url: found.url, filename: found.filename, platform: 'Pinterest' }) };
    },
    instagram: async (videoUrl) => {
      const found = await instagram.find(videoUrl);
      return { downloadUrl: relay.link({ url: found.url, filename: found.filename, platform: 'Instagram' }) };
    },
    youtube: async (videoUrl) => {
      const found = await shorts.find(videoUrl);
      return { downloadUrl: relay.link({ url: found.url, filename: found.filename, platform: 'YouTube' }) };
    },
    relay,
  };
}
