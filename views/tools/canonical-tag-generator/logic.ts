import { MAX_URL_LENGTH, typedUrl } from '#views/model/url-input.ts';

export const URL_REQUIRED = 'URL is required';
export const URL_INVALID =
  'Please enter a valid URL starting with http:// or https://, for example https://example.com/page.';
export { MAX_URL_LENGTH };
export const URL_TOO_LONG = `The URL must be ${MAX_URL_LENGTH} characters or fewer.`;

export type CanonicalResult = { ok: true; href: string; tag: string; notes: string[] } | { ok: false; error: string };

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A canonical must be absolute, so a bare `example.com/page` gets https://. The URL is normalised
 * by the URL parser (punycode host, percent-encoded path); a #fragment is dropped because search
 * engines ignore it in canonicals.
 */
export function buildCanonicalTag(raw: string): CanonicalResult {
  const text = raw.trim();
  if (!text) return { ok: false, error: URL_REQUIRED };
  const typed = typedUrl(text);
  if (!typed.ok) return { ok: false, error: typed.problem === 'too-long' ? URL_TOO_LONG : URL_INVALID };
  const url = new URL(typed.url);
  if (!/[.:\]]/.test(url.hostname.replace(/\.$/, '')) && url.hostname !== 'localhost')
    return { ok: false, error: URL_INVALID };
  const notes: string[] = [];
  if (!typed.schemeTyped) notes.push('No scheme was given, so https:// was added.');
  if (url.hash) {
    url.hash = '';
    notes.push('The #fragment was removed: search engines ignore it in canonical URLs.');
  }
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
    notes.push('The user name and password were removed from the URL.');
  }
  const href = url.href;
  return { ok: true, href, tag: `<link rel="canonical" href="${escapeAttribute(href)}">`, notes };
}
