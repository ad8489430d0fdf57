/**
 * URL normalisation for the crawler: one spelling per page, so the "seen" set and the
 * sitemap never hold the same page twice. Pure functions, no I/O.
 */

/** Query parameters that only carry campaign attribution; they never change the page. */
const TRACKING_EXACT = new Set([
  'gclid',
  'fbclid',
  'msclkid',
  'dclid',
  'gbraid',
  'wbraid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_EXACT.has(lower);
}

/**
 * Resolves `raw` against `base` and returns the normalised absolute URL, or null for links
 * that are not web pages (mailto:, tel:, javascript:, data:, a bare fragment, garbage).
 * Host is lower-cased and default ports dropped by the WHATWG parser; we also drop the
 * fragment and tracking parameters, and upper-case percent escapes so `%2f` and `%2F` meet.
 * Paths keep their trailing slash as written: `/a` and `/a/` can be different resources,
 * and the redirect/canonical rules fold them together when the site says they are one.
 */
export function normalizeUrl(raw: string, base?: string): string | null {
  const trimmed = raw.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  let url: URL;
  try {
    url = base ? new URL(trimmed, base) : new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  // Each setter serializes the whole URL again (a crawl's thread spent 1.5% of its time there): only what is there
  // is taken off. A fragment can only come from `raw` (a base's is never inherited), even an empty one ("/a#").
  if (trimmed.includes('#')) url.hash = '';
  if (url.username) url.username = '';
  if (url.password) url.password = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  if (url.search) {
    const kept = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
    if (kept.length !== [...url.searchParams].length) {
      url.search = kept.length ? new URLSearchParams(kept).toString() : '';
    }
  }
  const href = url.href;
  const text = href.includes('%') ? href.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()) : href;
  // A lone "?" with nothing after it is the same page as no query at all.
  return text.endsWith('?') ? text.slice(0, -1) : text;
}

/** The part of a URL that identifies the site regardless of http/https: host plus explicit port. */
export function hostKey(url: string): string {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  return parsed.port && parsed.port !== defaultPort ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
}

/**
 * `hosts.has(hostKey(url))` for `hosts` of host keys, without parsing a URL spelled `http(s)://<a key>/…`: a key is
 * the parser's own spelling of a host, which it reads back unchanged, so that authority is that key, unless its
 * port is the scheme's default (the parser drops it). Anything else is parsed. A crawl asks this of every link it
 * reads: the parse was 0.9% of a site audit's crawling thread.
 */
export function isHostIn(url: string, hosts: ReadonlySet<string>): boolean {
  const from = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
  if (from > 0) {
    const end = url.indexOf('/', from);
    const authority = end < 0 ? url.slice(from) : url.slice(from, end);
    if (hosts.has(authority) && !authority.endsWith(from === 8 ? ':443' : ':80')) return true;
  }
  return hosts.has(hostKey(url));
}

/**
 * Rewrites an in-host URL onto the site's scheme when the site is https, so `http://` links to
 * an https site are crawled (and listed) once, as https. Other URLs are returned unchanged.
 */
export function upgradeScheme(url: string, siteOrigin: string): string {
  if (!siteOrigin.startsWith('https:') || !url.startsWith('http:')) return url;
  const parsed = new URL(url);
  if (parsed.port) return url;
  parsed.protocol = 'https:';
  return parsed.href;
}

/** True when `url` belongs to the site being crawled (same host, http or https). */
export function isSameSite(url: string, siteHost: string): boolean {
  try {
    return hostKey(url) === siteHost;
  } catch {
    return false;
  }
}

/** Extensions that are never HTML; skipping them saves a request per image or download. */
const NON_HTML_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'pdf',
  'zip',
  'gz',
  'tgz',
  'rar',
  '7z',
  'tar',
  'bz2',
  'xz',
  'dmg',
  'exe',
  'msi',
  'apk',
  'mp3',
  'mp4',
  'm4a',
  'm4v',
  'avi',
  'mov',
  'wmv',
  'webm',
  'ogg',
  'wav',
  'flac',
  'mkv',
  'css',
  'js',
  'mjs',
  'json',
  'xml',
  'rss',
  'atom',
  'txt',
  'csv',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
]);

/** The lower-case extension of the last path segment when it marks a non-HTML file, else null. */
export function nonHtmlExtension(url: string): string | null {
  const path = new URL(url).pathname;
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = segment.slice(dot + 1).toLowerCase();
  return NON_HTML_EXTENSIONS.has(extension) ? extension : null;
}
