import { Parser } from 'htmlparser2';

export interface Refresh {
  delaySeconds: number;
  /** As written (relative or absolute); null for a refresh that reloads the same page. */
  url: string | null;
}

/**
 * A `Refresh` header or meta refresh `content`, read the way browsers do (HTML's "shared
 * declarative refresh steps"): `5`, `0; url=/next`, `0;URL='/next'`, `3, /next`. Null when it is
 * not a refresh at all (no leading number, junk after it).
 */
export function parseRefresh(value: string): Refresh | null {
  const match = /^\s*(\d+)[\d.]*([\s\S]*)$/.exec(value);
  if (!match) return null;
  let rest = match[2];
  if (rest !== '' && !/^[\s;,]/.test(rest)) return null;
  rest = rest.replace(/^\s*[;,]?\s*/, '');
  const prefix = /^url\s*=\s*/i.exec(rest);
  if (prefix) rest = rest.slice(prefix[0].length);
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    rest = end === -1 ? rest.slice(1) : rest.slice(1, end);
  }
  rest = rest.trim();
  return { delaySeconds: Number(match[1]), url: rest === '' ? null : rest };
}

/** The first `<meta http-equiv="refresh" content>` of an HTML text, or null. */
export function metaRefreshOf(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (found !== null || name !== 'meta') return;
        if ((attribs['http-equiv'] ?? '').trim().toLowerCase() === 'refresh' && attribs.content !== undefined)
          found = attribs.content;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** The target of the first `rel="canonical"` entry of a `Link` header, resolved against `base`; null when none. */
export function linkCanonical(link: string | undefined, base: string): string | null {
  if (!link) return null;
  for (const entry of link.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;\s,]*))/i.exec(entry[2]);
    const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!values.includes('canonical')) continue;
    try {
      return new URL(entry[1].trim(), base).href;
    } catch {
      return entry[1].trim();
    }
  }
  return null;
}
