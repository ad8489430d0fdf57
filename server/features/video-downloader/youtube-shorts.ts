import { NotPossibleError } from '#server/lib/domain-errors.ts';
import type { YouTubeClient } from '#server/lib/youtube/client.ts';
import { requireVideoId } from '#server/lib/youtube/video-id.ts';
import type { FoundVideo } from './pinterest.ts';
import { pickVariant, resolutionOf } from './pick-variant.ts';

/**
 * A public video's player data lists `streamingData.formats`: progressive MP4s (video and audio in one
 * file, e.g. itag 18 = 360p) with a direct `url`. Formats that carry only a `signatureCipher` are
 * left alone: this tool does not decipher or work around YouTube's protections.
 */
export function createYouTubeShortsDownloader(options: { youtube: YouTubeClient }) {
  async function find(videoUrl: string): Promise<FoundVideo> {
    const videoId = requireVideoId(videoUrl);
    const video = await options.youtube.video(videoId);
    const files = video.formats
      .filter((format) => format.url && format.mimeType.startsWith('video/mp4'))
      .map((format) => ({
        url: format.url as string,
        width: format.width,
        height: format.height,
        label: format.qualityLabel,
      }));
    const chosen = pickVariant(files);
    if (!chosen) throw new NotPossibleError('YouTube does not offer a single downloadable file for this video.');
    const p = resolutionOf(chosen);
    return { url: chosen.url, filename: `youtube-short-${videoId}${p ? `-${p}p` : ''}.mp4`, resolution: p };
  }
  return { find };
}
