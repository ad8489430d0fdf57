import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { MEDIA_FILE_PATH, videoDownloaderRouter } from './router.ts';
import { createVideoDownloader } from './service.ts';
import { loadSigningKey } from './signing-key.ts';

/** The Pinterest, Instagram and YouTube Shorts downloaders and the signed relay their links point at. */
export function videoDownloaderFeature({ config, db, log, platforms }: AppDeps): Feature {
  const settings = config.videoDownloader;
  // MEDIA_SIGNING_KEY, or the key every process on the database shares: read by prepare(), before listening.
  let signingKey: Buffer | undefined;
  const downloader = createVideoDownloader({
    fetcher: platforms.fetcher,
    youtube: platforms.youtube,
    origins: settings.origins,
    relay: {
      basePath: MEDIA_FILE_PATH,
      maxBytes: settings.maxBytes,
      secret: () => {
        if (!signingKey)
          throw new Error('the media signing key is read by app.locals.prepare(): run it before serving');
        return signingKey;
      },
      streams: createCapacity(settings.maxStreams),
      bytesInFlight: createCapacity(settings.maxBytesInFlight),
    },
  });
  return {
    api: videoDownloaderRouter({ downloader, capacity: createCapacity(config.limits.toolMaxRunning), log }),
    async prepare() {
      signingKey = await loadSigningKey({ configured: settings.signingKey, db, dataDir: config.dataDir });
    },
  };
}
