/** Pure builders for sitemaps.org XML. No I/O. */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** sitemaps.org limits per file, uncompressed. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;
export const MAX_LOC_CHARS = 2048;
/** Google's image sitemap extension: at most 1,000 `image:image` per `<url>`. */
export const MAX_IMAGES_PER_URL = 1000;
/** hreflang alternates kept per URL: more languages than any site publishes, and a bound on the file. */
export const MAX_ALTERNATES_PER_URL = 200;
/** Google's image sitemap extension (https://developers.google.com/search/docs/crawling-indexing/sitemaps/image-sitemaps). */
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** hreflang alternates in a sitemap are XHTML `link` elements (Google's localized versions guide). */
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** One URL of any sitemap this app writes: the site's own /sitemap.xml and generated ones. */
export interface SitemapEntry {
  url: string;
  lastmod?: string;
  /** 0.0-1.0; omitted when unknown. */
  priority?: number;
  /** Absolute URLs of the page's images: `image:image` entries (at most MAX_IMAGES_PER_URL written). */
  images?: readonly string[];
  /** hreflang alternates: `xhtml:link rel="alternate"` entries (at most MAX_ALTERNATES_PER_URL written). */
  alternates?: readonly { hreflang: string; href: string }[];
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

/** The urlset's start tag, declaring the extension namespaces the entries use (none: the plain one). */
export function urlsetOpen(extensions: { images?: boolean; alternates?: boolean } = {}): string {
  if (!extensions.images && !extensions.alternates) return URLSET_OPEN;
  const image = extensions.images ? ` xmlns:image="${IMAGE_NS}"` : '';
  const xhtml = extensions.alternates ? ` xmlns:xhtml="${XHTML_NS}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${image}${xhtml}>\n`;
}

/** Which extension namespaces a list of entries needs. */
export function extensionsOf(entries: readonly SitemapEntry[]): { images: boolean; alternates: boolean } {
  return {
    images: entries.some((entry) => (entry.images?.length ?? 0) > 0),
    alternates: entries.some((entry) => (entry.alternates?.length ?? 0) > 0),
  };
}
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n`;
export const INDEX_CLOSE = '</sitemapindex>\n';

export function urlElement(entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  const priority = entry.priority === undefined ? '' : `<priority>${entry.priority.toFixed(1)}</priority>`;
  // The sitemaps.org schema puts other namespaces' elements after loc, lastmod, changefreq and priority.
  const alternates = (entry.alternates ?? [])
    .slice(0, MAX_ALTERNATES_PER_URL)
    .map(
      ({ hreflang, href }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(encodeLoc(href))}"/>`,
    )
    .join('');
  const images = (entry.images ?? [])
    .slice(0, MAX_IMAGES_PER_URL)
    .map((image) => `<image:image><image:loc>${escapeXml(encodeLoc(image))}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${escapeXml(encodeLoc(entry.url))}</loc>${lastmod}${priority}${alternates}${images}</url>\n`;
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
  const wrapperBytes = Buffer.byteLength(urlsetOpen(extensionsOf(entries))) + Buffer.byteLength(URLSET_CLOSE);
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
