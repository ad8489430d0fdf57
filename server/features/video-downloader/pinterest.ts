import { InvalidInputError, NotFoundError } from '#server/lib/domain-errors.ts';
import { findObjectsWithKey, jsonScripts } from '#server/lib/media/json-in-html.ts';
import { assertUpstreamOk, BROWSER_HEADERS, fetchUpstream, type UpstreamFetcher } from '#server/lib/media/upstream.ts';
import { pickVariant, resolutionOf, type VideoVariant } from './pick-variant.ts';
import { isPinterestHost, parsePinterestUrl, pinIdFromPath } from './platform-urls.ts';

export interface FoundVideo {
  url: string;
  filename: string;
  resolution: number;
}

export const INVALID_PINTEREST_URL = 'Please enter a Pinterest pin link (pinterest.com/pin/... or pin.it/...).';
const PLATFORM = 'Pinterest';

/**
 * Video renditions in a pin page. Two layouts are read (see test/fixtures/media-upstream/pinterest.ts):
 * `video_list` in __PWS_DATA__ (keys V_720P, V_EXP4..7, V_HLSV4) and `videoList` in relay responses
 * (keys v720P, vEXP7, vHLSV4). HLS playlists are skipped: only single MP4 files can be saved.
 */
export function pinVideoVariants(html: string): VideoVariant[] {
  const variants: VideoVariant[] = [];
  for (const data of jsonScripts(html)) {
    for (const holder of [...findObjectsWithKey(data, 'video_list'), ...findObjectsWithKey(data, 'videoList')]) {
      const list = (holder.video_list ?? holder.videoList) as Record<
        string,
        { url?: unknown; width?: unknown; height?: unknown }
      > | null;
      if (!list || typeof list !== 'object') continue;
      for (const [label, entry] of Object.entries(list)) {
        if (!entry || typeof entry.url !== 'string' || !/\.mp4(?:$|\?)/i.test(entry.url)) continue;
        if (variants.some((known) => known.url === entry.url)) continue;
        variants.push({
          url: entry.url,
          label,
          width: Number(entry.width) || undefined,
          height: Number(entry.height) || undefined,
        });
      }
    }
  }
  return variants;
}

export function createPinterestDownloader(options: {
  fetcher: UpstreamFetcher;
  origin?: string;
  pinItOrigin?: string;
}) {
  const origin = (options.origin ?? 'https://www.pinterest.com').replace(/\/+$/, '');
  const pinItOrigin = (options.pinItOrigin ?? 'https://pin.it').replace(/\/+$/, '');

  /** Follows pin.it's redirects one hop at a time, only ever on Pinterest's own hosts. */
  async function resolveShortLink(code: string): Promise<string> {
    let next = `${pinItOrigin}/${encodeURIComponent(code)}`;
    for (let hop = 0; hop < 4; hop++) {
      const response = await fetchUpstream(options.fetcher, next, PLATFORM, {
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        headers: BROWSER_HEADERS,
      });
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || !location) {
        assertUpstreamOk(response.status, PLATFORM, 'This pin.it link does not lead to a pin.');
        break;
      }
      const target = new URL(location, next);
      const pin = pinIdFromPath(target.pathname);
      if (pin && isPinterestHost(target.hostname)) return pin.id;
      if (!isPinterestHost(target.hostname) && target.origin !== origin) break;
      next = `${origin}${target.pathname}${target.search}`;
    }
    throw new NotFoundError('This pin.it link does not lead to a pin.');
  }

  async function find(videoUrl: string, resolution: number): Promise<FoundVideo> {
    const target = parsePinterestUrl(videoUrl);
    if (!target) throw new InvalidInputError(INVALID_PINTEREST_URL);
    const pinId = target.kind === 'pin' ? target.id : await resolveShortLink(target.code);
    const page = await fetchUpstream(options.fetcher, `${origin}/pin/${pinId}/`, PLATFORM, {
      headers: BROWSER_HEADERS,
    });
    assertUpstreamOk(page.status, PLATFORM, 'This pin could not be found. It may have been deleted.');
    const chosen = pickVariant(pinVideoVariants(page.body.toString('utf8')), resolution);
    if (!chosen) throw new NotFoundError('This pin has no downloadable video (it may be an image pin).');
    const p = resolutionOf(chosen);
    return { url: chosen.url, filename: `pinterest-${pinId}${p ? `-${p}p` : ''}.mp4`, resolution: p };
  }

  return { find };
}
