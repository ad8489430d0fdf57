import type { AppDeps } from '../deps.ts';
import { createDownloaders, type Downloaders } from '../services/downloaders/index.ts';
import { createImageService, type ImageService } from '../services/images/index.ts';
import { createSafeFetcher } from '../services/safe-fetch/index.ts';
import { createYouTubeClient, type YouTubeClient } from '../services/youtube/client.ts';

export const MEDIA_FILE_PATH = '/api/media/file';

export interface MediaServices {
  images: ImageService;
  youtube: YouTubeClient;
  downloaders: Downloaders;
}

// The image, YouTube and downloader routers share one YouTube cache and one job queue per app.
const built = new WeakMap<AppDeps['config'], MediaServices>();

export function mediaServices(deps: AppDeps): MediaServices {
  const existing = built.get(deps.config);
  if (existing) return existing;
  const { imageCompressor, videoDownloader } = deps.config;
  // The platforms serve their normal public page (with the player data) to a desktop browser.
  const fetcher = createSafeFetcher({
    allowPrivate: deps.config.fetchAllowPrivate,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  });
  const youtube = createYouTubeClient({ fetcher, origin: deps.config.youtube.origin });
  const services: MediaServices = {
    images: createImageService(imageCompressor),
    youtube,
    downloaders: createDownloaders({
      fetcher,
      youtube,
      origins: videoDownloader.origins,
      relay: { basePath: MEDIA_FILE_PATH, maxBytes: videoDownloader.maxBytes },
    }),
  };
  built.set(deps.config, services);
  return services;
}
