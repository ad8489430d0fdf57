import { isValidHreflang } from '#server/lib/page-facts/hreflang.ts';
import { MAX_LOC_LENGTH } from './frontier.ts';

/** An absolute http(s) URL of at most MAX_LOC_LENGTH characters resolved from `raw`, or null. */
function absolute(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href.length <= MAX_LOC_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

/** The page's images as sitemap entries: absolute http(s) URLs (data: and the like dropped), each once. */
export function resolveImages(raw: readonly string[], base: string): string[] {
  const images = new Set<string>();
  for (const src of raw) {
    const url = absolute(src, base);
    if (url) images.add(url);
  }
  return [...images];
}

/** The page's hreflang alternates with a valid language value and an absolute http(s) URL, each pair once. */
export function resolveAlternates(
  raw: readonly { hreflang: string; href: string }[],
  base: string,
): { hreflang: string; href: string }[] {
  const seen = new Set<string>();
  const alternates: { hreflang: string; href: string }[] = [];
  for (const { hreflang, href } of raw) {
    const url = absolute(href, base);
    if (!url || !isValidHreflang(hreflang)) continue;
    const key = `${hreflang.toLowerCase()} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    alternates.push({ hreflang, href: url });
  }
  return alternates;
}
