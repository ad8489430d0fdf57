import { InvalidInputError, NotAllowedError, NotFoundError, UpstreamError } from '#server/lib/domain-errors.ts';
import { findObjectsWithKey, jsonScripts } from '#server/lib/media/json-in-html.ts';
import { assertUpstreamOk, BROWSER_HEADERS, fetchUpstream, type UpstreamFetcher } from '#server/lib/media/upstream.ts';
import type { FoundVideo } from './pinterest.ts';
import { pickVariant, resolutionOf, type VideoVariant } from './pick-variant.ts';
import { parseInstagramUrl } from './platform-urls.ts';

export const INVALID_INSTAGRAM_URL = 'Please enter an Instagram reel or video post link (instagram.com/reel/...).';
const PLATFORM = 'Instagram';
// Instagram sends private posts and refused servers to the same login page; both are said, with the fix for the second.
const PRIVATE =
  "Instagram asked this server to log in, so the reel could not be read. Either the reel is private (only its followers can see it), or Instagram is turning away requests from this server's address; for the second, the site's operator can set MEDIA_PROXY_URL to a proxy with another address.";

/**
 * Video files in an Instagram page (formats in test/fixtures/media-upstream/instagram.ts):
 * `video_versions` [{width, height, url}] in the reel page's JSON script blocks, then any
 * `"video_url":"..."` (embed page's shortcode_media, JSON-escaped), then an og:video meta tag.
 */
export function instagramVideoVariants(html: string): VideoVariant[] {
  const variants: VideoVariant[] = [];
  const add = (variant: VideoVariant) => {
    if (/^https?:\/\//.test(variant.url) && !variants.some((known) => known.url === variant.url))
      variants.push(variant);
  };
  for (const data of jsonScripts(html)) {
    for (const holder of findObjectsWithKey(data, 'video_versions')) {
      if (!Array.isArray(holder.video_versions)) continue;
      for (const version of holder.video_versions as Array<{ url?: unknown; width?: unknown; height?: unknown }>) {
        if (typeof version.url === 'string')
          add({
            url: version.url,
            width: Number(version.width) || undefined,
            height: Number(version.height) || undefined,
          });
      }
    }
  }
  for (const match of html.matchAll(/\\?"video_url\\?"\s*:\s*\\?"((?:[^"\\]|\\.)*?)\\?"/g)) {
    const raw = match[1].replace(/\\\\\//g, '/');
    try {
      add({ url: JSON.parse(`"${raw}"`) as string });
    } catch {
      // An escaped form this parser does not know; the other sources may still hold the file.
    }
  }
  const og = /<meta[^>]+property=["']og:video(?::secure_url)?["'][^>]+content=["']([^"']+)["']/i.exec(html);
  if (og) add({ url: og[1].replace(/&amp;/g, '&') });
  return variants;
}

export function createInstagramDownloader(options: { fetcher: UpstreamFetcher; origin?: string }) {
  const origin = (options.origin ?? 'https://www.instagram.com').replace(/\/+$/, '');

  async function page(path: string): Promise<string> {
    const response = await fetchUpstream(options.fetcher, `${origin}${path}`, PLATFORM, {
      headers: BROWSER_HEADERS,
      maxRedirects: 0,
    });
    // Instagram sends anonymous visitors of private (or login-walled) posts to /accounts/login/.
    if (response.status >= 300 && response.status < 400) {
      if (/\/accounts\/login/.test(response.headers.location ?? '')) throw new NotAllowedError(PRIVATE);
      throw new UpstreamError('Instagram answered with an unexpected redirect. Please try again later.');
    }
    assertUpstreamOk(response.status, PLATFORM, 'This reel could not be found. It may have been deleted.');
    return response.body.toString('utf8');
  }

  async function find(videoUrl: string): Promise<FoundVideo> {
    const code = parseInstagramUrl(videoUrl);
    if (!code) throw new InvalidInputError(INVALID_INSTAGRAM_URL);
    let variants = instagramVideoVariants(await page(`/reel/${code}/`));
    if (variants.length === 0) variants = instagramVideoVariants(await page(`/p/${code}/embed/captioned/`));
    const chosen = pickVariant(variants);
    if (!chosen) throw new NotFoundError('This post has no video to download.');
    const p = resolutionOf(chosen);
    return { url: chosen.url, filename: `instagram-${code}${p ? `-${p}p` : ''}.mp4`, resolution: p };
  }

  return { find };
}
