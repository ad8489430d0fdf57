/** Pure builders for sitemaps.org XML. No I/O. */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** sitemaps.org limits per file, uncompressed. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;
export const MAX_LOC_CHARS = 2048;

/** One URL of any sitemap this app writes: the site's own /sitemap.xml and generated ones. */
export interface SitemapEntry {
  url: string;
  lastmod?: string;
  /** 0.0-1.0; omitted when unknown. */
  priority?: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Entity-escapes the five XML specials and drops characters XML 1.0 cannot carry at all. */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- matching control characters is the point (stripping what text or XML cannot carry)
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/[&<>"']/g, (char) => ESCAPES[char])
  );
}

// Characters outside RFC 3986's unreserved and reserved sets, plus `[` `]` (legal only around an
// IPv6 host), `%` and `#`, which need a closer look; a URL without any is written as it is.
const NOT_URI_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
const ESCAPE_OR_UNSAFE = /%[0-9A-Fa-f]{2}|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu;
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

function percentEncode(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/**
 * The one spelling of a URL in a <loc> (sitemaps.org: an RFC 3986 URI, UTF-8 and URL-escaped):
 * every character a URI may not carry (`[ ] | { } ^`, spaces, non-ASCII...) is percent-encoded;
 * existing %XX escapes are kept as they are, and only the first `#` stays a fragment mark.
 */
export function encodeLoc(url: string): string {
  if (!NOT_URI_SAFE.test(url)) return url;
  const hostEnd = AUTHORITY.exec(url)?.[0].length ?? 0;
  let fragment = false;
  return url.replace(ESCAPE_OR_UNSAFE, (match: string, offset: number) => {
    if (match.length === 3 || (offset < hostEnd && (match === '[' || match === ']'))) return match;
    if (match === '#' && !fragment) {
      fragment = true;
      return match;
    }
    return percentEncode(match);
  });
}

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n`;
export const INDEX_CLOSE = '</sitemapindex>\n';

export function urlElement(entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  const priority = entry.priority === undefined ? '' : `<priority>${entry.priority.toFixed(1)}</priority>`;
  return `<url><loc>${escapeXml(encodeLoc(entry.url))}</loc>${lastmod}${priority}</url>\n`;
}

export function sitemapElement(loc: string, lastmod?: string): string {
  const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  return `<sitemap><loc>${escapeXml(encodeLoc(loc))}</loc>${modified}</sitemap>\n`;
}

/**
 * Splits entries into files that each respect both the URL-count and byte limits (counting the
 * XML wrapper), preserving order. Entries whose URL is too long or unparsable are returned in
 * `rejected` instead of producing an invalid file.
 */
export function planParts(
  entries: readonly SitemapEntry[],
  limits: { maxUrls?: number; maxBytes?: number } = {},
): { parts: SitemapEntry[][]; rejected: SitemapEntry[] } {
  const maxUrls = limits.maxUrls ?? MAX_URLS_PER_FILE;
  const maxBytes = limits.maxBytes ?? MAX_BYTES_PER_FILE;
  const wrapperBytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const parts: SitemapEntry[][] = [];
  const rejected: SitemapEntry[] = [];
  let current: SitemapEntry[] = [];
  let bytes = wrapperBytes;
  for (const entry of entries) {
    if (encodeLoc(entry.url).length > MAX_LOC_CHARS || !/^https?:\/\//i.test(entry.url)) {
      rejected.push(entry);
      continue;
    }
    const size = Buffer.byteLength(urlElement(entry));
    if (current.length > 0 && (current.length >= maxUrls || bytes + size > maxBytes)) {
      parts.push(current);
      current = [];
      bytes = wrapperBytes;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return { parts, rejected };
}
