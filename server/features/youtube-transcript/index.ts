import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { youtubeTranscriptRouter } from './router.ts';

/** The YouTube transcript tool (text, SRT, VTT, PDF), on the app's one YouTube client. */
export function youtubeTranscriptFeature({ config, platforms }: AppDeps): Feature {
  return {
    api: youtubeTranscriptRouter({
      youtube: platforms.youtube,
      capacity: createCapacity(config.limits.toolMaxRunning),
      pdfFontPath: config.pdf.fontPath,
    }),
  };
}
