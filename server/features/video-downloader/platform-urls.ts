export type PinterestTarget = { kind: 'pin'; id: string } | { kind: 'short'; code: string };

function toUrl(input: string): URL | undefined {
  const text = input.trim();
  if (!text) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

// pinterest.com and its country sites: pinterest.de, pinterest.co.uk, pinterest.com.au, in.pinterest.com ...
const PINTEREST_HOST = /^(?:[a-z0-9-]+\.)*pinterest\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

export function isPinterestHost(host: string): boolean {
  return PINTEREST_HOST.test(host.toLowerCase());
}

/** A pin id from /pin/123/ or /pin/some-title--123/, or a pin.it short code; else undefined. */
export function parsePinterestUrl(input: string): PinterestTarget | undefined {
  const url = toUrl(input);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase();
  if (host === 'pin.it' || host === 'www.pin.it') {
    const code = url.pathname.split('/').filter(Boolean)[0];
    return code && /^[A-Za-z0-9_-]{3,32}$/.test(code) ? { kind: 'short', code } : undefined;
  }
  if (!isPinterestHost(host)) return undefined;
  return pinIdFromPath(url.pathname);
}

export function pinIdFromPath(pathname: string): { kind: 'pin'; id: string } | undefined {
  const match = /^\/pin\/(?:[^/]*--)?(\d{5,25})(?:\/|$)/.exec(pathname);
  return match ? { kind: 'pin', id: match[1] } : undefined;
}

const INSTAGRAM_HOSTS = new Set([
  'instagram.com',
  'www.instagram.com',
  'm.instagram.com',
  'instagr.am',
  'www.instagr.am',
]);

/** The shortcode of a reel or video post: /reel/<code>/, /reels/<code>/, /p/<code>/, /tv/<code>/, /<user>/reel/<code>/. */
export function parseInstagramUrl(input: string): string | undefined {
  const url = toUrl(input);
  if (!url || !INSTAGRAM_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  const match = /^\/(?:[\w.]+\/)?(?:reels?|p|tv)\/([A-Za-z0-9_-]{5,40})(?:\/|$)/.exec(url.pathname);
  return match?.[1];
}
