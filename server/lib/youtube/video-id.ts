import { InvalidInputError } from '#server/lib/domain-errors.ts';

const ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
// Path prefixes whose next segment is the video id: shorts, embeds, live streams and the old /v/ player.
const ID_PATHS = new Set(['shorts', 'embed', 'live', 'v', 'e']);

export const INVALID_YOUTUBE_URL = 'Please enter a valid YouTube video URL (watch, youtu.be, shorts or embed link).';

/** Returns the 11-character id from any common YouTube link (or a bare id), else undefined. */
export function parseVideoId(input: string): string | undefined {
  const text = input.trim();
  if (ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch' || segments.length === 0) candidate = url.searchParams.get('v');
    else if (ID_PATHS.has(segments[0])) candidate = segments[1];
  }
  return candidate && ID.test(candidate) ? candidate : undefined;
}

export function requireVideoId(input: string): string {
  const id = parseVideoId(input);
  if (!id) throw new InvalidInputError(INVALID_YOUTUBE_URL);
  return id;
}
