import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { MEDIA_FILE_PATH, videoDownloaderRouter } from './router.ts';
import { createVideoDownloader } from './service.ts';
import { loadSigningKey } from './signing-key.ts';

/** The Pinterest, Instagram and YouTube Shorts downloaders and the signed relay their links point at. */
export function videoDownloaderFeature({ config, log, platforms }: AppDeps): Feature {
  const settings = config.videoDownloader;
  const downloader = createVideoDownloader({
    fetcher: platforms.fetcher,
    youtube: platforms.youtube,
    origins: settings.origins,
    relay: {
      basePath: MEDIA_FILE_PATH,
      maxBytes: settings.maxBytes,
      // Read (or generated and kept under DATA_DIR) on the first link signed, not at build time.
      secret: () => loadSigningKey({ configured: settings.signingKey, dataDir: config.dataDir }),
      streams: createCapacity(settings.maxStreams),
      bytesInFlight: createCapacity(settings.maxBytesInFlight),
    },
  });
  return { api: videoDownloaderRouter({ downloader, capacity: createCapacity(config.limits.toolMaxRunning), log }) };
}
