/** Parsing of robots directives from `<meta name="robots">` and `X-Robots-Tag`. Pure. */

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

const KNOWN = new Set([
  'all',
  'none',
  'noindex',
  'nofollow',
  'index',
  'follow',
  'noarchive',
  'nosnippet',
  'noimageindex',
  'notranslate',
  'unavailable_after',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'indexifembedded',
  'nocache',
]);

/**
 * Reads one directive list such as `noindex, follow` or, in a header, `googlebot: noindex`.
 * A `name:` prefix scopes what follows to that crawler; we obey unscoped directives and those
 * scoped to `botName`, and ignore directives meant for other crawlers.
 */
export function parseRobotsDirectives(value: string, botName: string): RobotsDirectives {
  const result: RobotsDirectives = { noindex: false, nofollow: false };
  let appliesToUs = true;
  for (const rawPart of value.toLowerCase().split(',')) {
    let part = rawPart.trim();
    const colon = part.indexOf(':');
    if (colon > 0) {
      const scope = part.slice(0, colon).trim();
      if (!KNOWN.has(scope)) {
        appliesToUs = scope === botName.toLowerCase();
        part = part.slice(colon + 1).trim();
      }
    }
    if (!appliesToUs) continue;
    if (part === 'noindex' || part === 'none') result.noindex = true;
    if (part === 'nofollow' || part === 'none') result.nofollow = true;
  }
  return result;
}

export function mergeDirectives(a: RobotsDirectives, b: RobotsDirectives): RobotsDirectives {
  return { noindex: a.noindex || b.noindex, nofollow: a.nofollow || b.nofollow };
}

/** True when a `rel` attribute value marks the link as not to be followed. */
export function relIsNofollow(rel: string | undefined): boolean {
  return rel ? rel.toLowerCase().split(/\s+/).includes('nofollow') : false;
}

/** True when a content type is an HTML document we should parse for links. */
export function isHtmlContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** The charset named in a content type, if any (for decoding the body stream). */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = contentType ? /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType) : null;
  return match ? match[1].toLowerCase() : undefined;
}
