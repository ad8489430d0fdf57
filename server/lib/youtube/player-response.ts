import { z } from 'zod';
import { NotAllowedError, NotFoundError } from '#server/lib/domain-errors.ts';
import { platformRefused } from '#server/lib/media/refusals.ts';
import { isBotCheck } from './watch-page.ts';

/*
 * The public "player response" YouTube embeds in every watch page as `var ytInitialPlayerResponse = {...}`
 * and returns from the innertube endpoint `POST /youtubei/v1/player`. Only the fields used here are
 * declared; everything else is ignored (zod objects strip unknown keys). Field names are YouTube's.
 */
const text = z.union([
  z.object({ simpleText: z.string() }),
  z.object({ runs: z.array(z.object({ text: z.string() })) }),
]);

const captionTrack = z.object({
  baseUrl: z.string(),
  name: text.optional(),
  languageCode: z.string(),
  kind: z.string().optional(), // "asr" marks auto-generated captions
  vssId: z.string().optional(),
});

const format = z.object({
  itag: z.number(),
  url: z.string().optional(), // absent when the stream is protected by `signatureCipher`
  mimeType: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  qualityLabel: z.string().optional(),
  contentLength: z.string().optional(),
});

export const playerResponseSchema = z.object({
  playabilityStatus: z.object({ status: z.string(), reason: z.string().optional() }),
  videoDetails: z
    .object({
      videoId: z.string(),
      title: z.string().default(''),
      author: z.string().default(''),
      channelId: z.string().optional(),
      keywords: z.array(z.string()).default([]),
      shortDescription: z.string().default(''),
      lengthSeconds: z.string().optional(),
    })
    .optional(),
  captions: z
    .object({
      playerCaptionsTracklistRenderer: z.object({ captionTracks: z.array(captionTrack).default([]) }).optional(),
    })
    .optional(),
  streamingData: z
    .object({ formats: z.array(format).default([]), adaptiveFormats: z.array(format).default([]) })
    .optional(),
});

export type PlayerResponse = z.infer<typeof playerResponseSchema>;
export type CaptionTrack = z.infer<typeof captionTrack>;
export type StreamFormat = z.infer<typeof format>;

export function textOf(value: z.infer<typeof text> | undefined): string {
  if (!value) return '';
  return 'simpleText' in value ? value.simpleText : value.runs.map((run) => run.text).join('');
}

export interface PlayableVideo {
  videoId: string;
  title: string;
  channel: string;
  keywords: string[];
  description: string;
  captionTracks: CaptionTrack[];
  formats: StreamFormat[];
}

/** Maps YouTube's playability verdict to what the person is told; only "OK" goes on. */
export function toPlayableVideo(response: PlayerResponse, videoId: string): PlayableVideo {
  const { status, reason } = response.playabilityStatus;
  // "Sign in to confirm you're not a bot" is YouTube refusing this server, not a property of the video.
  if (isBotCheck(reason)) throw platformRefused('YouTube', 'bot-check');
  if (status === 'LOGIN_REQUIRED') {
    throw new NotAllowedError(
      reason && /private/i.test(reason)
        ? 'This video is private.'
        : 'This video requires sign-in (for example age-restricted), so it cannot be read.',
    );
  }
  if (status !== 'OK' || !response.videoDetails) {
    throw new NotFoundError(reason ? `This video is unavailable: ${reason}` : 'This video is unavailable.');
  }
  const details = response.videoDetails;
  return {
    videoId: details.videoId || videoId,
    title: details.title,
    channel: details.author,
    keywords: details.keywords,
    description: details.shortDescription,
    captionTracks: response.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [],
    formats: response.streamingData?.formats ?? [],
  };
}
