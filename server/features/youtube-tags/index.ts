import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { youtubeTagsRouter } from './router.ts';

/** The YouTube tag generator and tags extractor, on the app's one YouTube client. */
export function youtubeTagsFeature({ config, platforms }: AppDeps): Feature {
  return {
    api: youtubeTagsRouter({ youtube: platforms.youtube, capacity: createCapacity(config.limits.toolMaxRunning) }),
  };
}
