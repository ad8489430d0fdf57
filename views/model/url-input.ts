/**
 * The one rule for turning what a person typed into a web address, shared by every tool's form,
 * schema and service (browser and server). The WHATWG URL parser (the same everywhere) does the
 * parsing; this decides the scheme and refuses what can never be fetched before any request.
 */

/** Longest URL any tool accepts as typed (the common browser and sitemaps.org limit). */
export const MAX_URL_LENGTH = 2048;

export type TypedUrl =
  /** `schemeTyped` is false when the person wrote no scheme: https was assumed, http may be tried next. */
  { ok: true; url: string; schemeTyped: boolean } | { ok: false; problem: TypedUrlProblem; reason: string };

export type TypedUrlProblem = 'empty' | 'too-long' | 'scheme' | 'invalid';

export const TYPED_URL_EMPTY = 'Please enter a URL.';
export const TYPED_URL_TOO_LONG = `URLs are limited to ${MAX_URL_LENGTH} characters.`;
export const TYPED_URL_INVALID = 'Please enter a valid URL (for example https://example.com/).';

const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WEB_SCHEME = /^https?:/i;
/** `example.com:8080/x` and `localhost:3000` look like a scheme to the parser but are a host and port. */
const HOST_AND_PORT = /^[^/:?#\s]+:\d+(?:[/?#]|$)/;
/** `user:pw@example.com` is a bare address with credentials (the fetcher refuses those), not a `user:` scheme. */
const USER_INFO = /^[^/:@\s]+:[^/@\s]*@/;
/** Schemes that are never a user name, whatever follows them (`mailto:a@example.com`). */
const NEVER_USER = /^(?:mailto|tel|sms|javascript|vbscript|data|file|ftp|blob|about):/i;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

function validHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  const labels = hostname.replace(/\.$/, '').split('.');
  return labels.every((label) => LABEL.test(label));
}

/**
 * What a person typed as a URL: trimmed; a bare `example.com/page` or `//example.com` becomes
 * https; an explicit http:// or https:// is kept; other schemes, an empty or over-long text and a
 * text with no usable host name (`../../etc/passwd`, `http://`, `a b c`) are refused with a reason.
 */
export function typedUrl(text: string): TypedUrl {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: 'empty', reason: TYPED_URL_EMPTY };
  if (trimmed.length > MAX_URL_LENGTH) return { ok: false, problem: 'too-long', reason: TYPED_URL_TOO_LONG };
  const schemeTyped =
    NEVER_USER.test(trimmed) || (ANY_SCHEME.test(trimmed) && !HOST_AND_PORT.test(trimmed) && !USER_INFO.test(trimmed));
  if (schemeTyped && !WEB_SCHEME.test(trimmed)) {
    const scheme = trimmed.slice(0, trimmed.indexOf(':')).toLowerCase();
    return { ok: false, problem: 'scheme', reason: `Only http and https URLs can be fetched (got ${scheme}).` };
  }
  const candidate = schemeTyped ? trimmed : trimmed.startsWith('//') ? `https:${trimmed}` : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, problem: 'invalid', reason: TYPED_URL_INVALID };
  }
  if (!url.hostname || !validHost(url.hostname)) return { ok: false, problem: 'invalid', reason: TYPED_URL_INVALID };
  return { ok: true, url: url.href, schemeTyped };
}
