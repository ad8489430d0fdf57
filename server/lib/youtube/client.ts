import { InvalidInputError, NotFoundError, UpstreamError } from '#server/lib/domain-errors.ts';
import { platformRefused } from '#server/lib/media/refusals.ts';
import { createTtlCache } from '#server/lib/media/ttl-cache.ts';
import { assertUpstreamOk, BROWSER_HEADERS, fetchUpstream, type UpstreamFetcher } from '#server/lib/media/upstream.ts';
import { parseTimedText, type Segment } from './captions.ts';
import {
  playerResponseSchema,
  textOf,
  toPlayableVideo,
  type CaptionTrack,
  type PlayableVideo,
} from './player-response.ts';
import { mergeTags, suggestTags } from './tags.ts';
import { toPlainText } from './transcript-format.ts';
import { readWatchPage } from './watch-page.ts';

export interface YouTubeClientOptions {
  fetcher: UpstreamFetcher;
  /** YOUTUBE_ORIGIN; tests point it at a loopback fixture. */
  origin?: string;
  cacheTtlMs?: number;
}

export interface CaptionLanguage {
  id: string;
  code: string;
  name: string;
  generated: boolean;
}

export interface Transcript {
  videoId: string;
  title: string;
  channel: string;
  transcript: string;
  segments: Segment[];
  language: string;
  trackId: string;
  languages: CaptionLanguage[];
}

export interface YouTubeClient {
  video(videoId: string): Promise<PlayableVideo>;
  transcript(videoId: string, trackId?: string): Promise<Transcript>;
  tags(
    videoId: string,
  ): Promise<{ tags: string[]; videoTags: string[]; suggestions: string[]; title: string; channel: string }>;
}

const PLATFORM = 'YouTube';
const UNAVAILABLE = 'This video is unavailable.';
const UNREADABLE = 'YouTube sent a page this tool could not read. Please try again later.';

export function createYouTubeClient(options: YouTubeClientOptions): YouTubeClient {
  const origin = (options.origin ?? 'https://www.youtube.com').replace(/\/+$/, '');
  const ttlMs = options.cacheTtlMs ?? 10 * 60_000;
  const videos = createTtlCache<PlayableVideo>({ ttlMs, maxEntries: 500 });
  const transcripts = createTtlCache<Transcript>({ ttlMs, maxEntries: 200 });

  async function loadPlayerResponse(videoId: string): Promise<unknown> {
    const page = await fetchUpstream(options.fetcher, `${origin}/watch?v=${videoId}&hl=en`, PLATFORM, {
      headers: BROWSER_HEADERS,
    });
    assertUpstreamOk(page.status, PLATFORM, UNAVAILABLE);
    const watch = readWatchPage(page.body.toString('utf8'), page.url);
    if (watch.playerResponse) return watch.playerResponse;
    if (watch.consentWall) throw platformRefused(PLATFORM, 'consent');
    // Some layouts omit the inline object; the InnerTube API answers the same shape, asked as the
    // web client version this very page names (docs/decisions/0018).
    if (!watch.clientVersion) throw new UpstreamError(UNREADABLE);
    const api = await fetchUpstream(options.fetcher, `${origin}/youtubei/v1/player?prettyPrint=false`, PLATFORM, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-youtube-client-name': '1',
        'x-youtube-client-version': watch.clientVersion,
      },
      body: JSON.stringify({
        context: { client: { clientName: 'WEB', clientVersion: watch.clientVersion, hl: 'en', gl: 'US' } },
        videoId,
      }),
    });
    assertUpstreamOk(api.status, PLATFORM, UNAVAILABLE);
    try {
      return JSON.parse(api.body.toString('utf8'));
    } catch {
      throw new UpstreamError(UNREADABLE);
    }
  }

  async function video(videoId: string): Promise<PlayableVideo> {
    const cached = videos.get(videoId);
    if (cached) return cached;
    const parsed = playerResponseSchema.safeParse(await loadPlayerResponse(videoId));
    if (!parsed.success) throw new UpstreamError(UNREADABLE);
    const playable = toPlayableVideo(parsed.data, videoId);
    videos.set(videoId, playable);
    return playable;
  }

  async function transcript(videoId: string, trackId?: string): Promise<Transcript> {
    const info = await video(videoId);
    if (info.captionTracks.length === 0) throw new NotFoundError('This video has no captions or subtitles to read.');
    const languages = info.captionTracks.map(describeTrack);
    const chosen = chooseTrack(info.captionTracks, trackId);
    const chosenId = describeTrack(chosen).id;
    const key = `${videoId}\n${chosenId}`;
    const cached = transcripts.get(key);
    if (cached) return cached;

    const url = new URL(chosen.baseUrl, origin);
    url.searchParams.set('fmt', 'json3');
    const response = await fetchUpstream(options.fetcher, url.href, PLATFORM, {
      headers: { accept: 'application/json,text/xml' },
    });
    assertUpstreamOk(response.status, PLATFORM, 'The captions for this video could not be found.');
    const segments = parseTimedText(response.body.toString('utf8'));
    if (segments.length === 0) throw new NotFoundError('The captions for this video are empty.');
    const result: Transcript = {
      videoId: info.videoId,
      title: info.title,
      channel: info.channel,
      transcript: toPlainText(segments),
      segments,
      language: chosen.languageCode,
      trackId: chosenId,
      languages,
    };
    transcripts.set(key, result);
    return result;
  }

  async function tags(videoId: string) {
    const info = await video(videoId);
    const suggestions = suggestTags({ title: info.title, description: info.description, channel: info.channel });
    return {
      tags: mergeTags(info.keywords, suggestions),
      videoTags: info.keywords,
      suggestions,
      title: info.title,
      channel: info.channel,
    };
  }

  return { video, transcript, tags };
}

export function describeTrack(track: CaptionTrack): CaptionLanguage {
  const generated = track.kind === 'asr';
  const name = textOf(track.name) || track.languageCode;
  return {
    id: track.vssId ?? `${generated ? 'a' : ''}.${track.languageCode}`,
    code: track.languageCode,
    name,
    generated,
  };
}

/** The requested track, else English written by a person, else any English, else the first track. */
export function chooseTrack(tracks: CaptionTrack[], trackId?: string): CaptionTrack {
  if (trackId) {
    const exact =
      tracks.find((track) => describeTrack(track).id === trackId) ??
      tracks.find((track) => track.languageCode === trackId);
    if (!exact) throw new InvalidInputError('That caption language is not available for this video.');
    return exact;
  }
  const english = (track: CaptionTrack) => /^en\b/i.test(track.languageCode);
  return (
    tracks.find((track) => english(track) && track.kind !== 'asr') ??
    tracks.find(english) ??
    tracks.find((track) => track.kind !== 'asr') ??
    tracks[0]
  );
}
