/*
 * What the nginx and Apache writers share: the old URL as the servers see it, the limits both
 * servers put on it, and the escaping of a literal as a regular expression. The limits and their
 * sources are in docs/decisions/0054.
 */

/**
 * The longest request target (path and query, as sent) Apache takes in `GET <target> HTTP/1.1` by
 * default (LimitRequestLine 8190); nginx takes one byte less (nginx-rules.ts). Longer: 414.
 */
export const REQUEST_TARGET_MAX_BYTES = 8178;
/** The longest path segment a file system takes (NAME_MAX): Apache maps the path to files before .htaccess. */
export const PATH_SEGMENT_MAX_BYTES = 255;

export interface OldUrl {
  host: string;
  /** The path as sent on the wire (still percent-encoded). */
  rawPath: string;
  /** The raw query without `?`, or '' when the old URL has none. */
  query: string;
  /** The path percent-decoded to bytes, as both servers match it; null when an escape is malformed. */
  bytes: Uint8Array | null;
}

/** The path's bytes once `%XX` escapes are decoded; null for a `%` not followed by two hex digits. */
function decodePath(rawPath: string): Uint8Array | null {
  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i++) {
    const char = rawPath[i];
    if (char !== '%') {
      bytes.push(...new TextEncoder().encode(char));
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return Uint8Array.from(bytes);
}

export function oldUrl(from: string): OldUrl {
  const url = new URL(from);
  return { host: url.host, rawPath: url.pathname, query: url.search.slice(1), bytes: decodePath(url.pathname) };
}

/** The old URL's request target as a client sends it: path, then `?query` when there is one. */
export function requestTarget(old: OldUrl): string {
  return old.query === '' ? old.rawPath : `${old.rawPath}?${old.query}`;
}

export function targetBytes(old: OldUrl): number {
  return new TextEncoder().encode(requestTarget(old)).length;
}

/** Why neither server could ever pass this old URL to a rule (it answers 400, 404 or 414 first), or null. */
export function unreachableReason(old: OldUrl): string | null {
  if (old.bytes === null) return 'its path has a % that is not followed by two hex digits (both answer 400)';
  if (old.bytes.includes(0)) return 'its path holds an encoded NUL, %00 (nginx answers 400, Apache 404)';
  const bytes = targetBytes(old);
  if (bytes > REQUEST_TARGET_MAX_BYTES)
    return `at ${bytes.toLocaleString('en-US')} bytes it is longer than the ${REQUEST_TARGET_MAX_BYTES.toLocaleString('en-US')} a request line leaves for it (both answer 414)`;
  return null;
}

const REGEX_META = new Set([...'\\^$.|?*+()[]{}'].map((char) => char.charCodeAt(0)));
const QUOTE_OR_HASH = new Set([...`"'#`].map((char) => char.charCodeAt(0)));

/**
 * Bytes as a PCRE pattern of themselves: metacharacters get a backslash; spaces, quotes, `#` and
 * anything not printable ASCII become `\xHH`, so the pattern is one unquoted config word whatever
 * the bytes are (control characters and bytes that are not UTF-8 text included).
 */
export function bytePattern(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (REGEX_META.has(byte)) out += `\\${char}`;
    else if (byte >= 0x21 && byte <= 0x7e && !QUOTE_OR_HASH.has(byte)) out += char;
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A literal text (as its UTF-8 bytes) as a PCRE pattern: see bytePattern. */
export function regexLiteral(text: string): string {
  return bytePattern(new TextEncoder().encode(text));
}

/** What happens to one old → new row on one server: its rule's lines, a note, or both. */
export interface ServerRule {
  /** The rule's lines; absent when no rule is written (the note says why). */
  lines?: string[];
  /** Written before rules of a higher rank: a more specific rule first. */
  rank?: number;
  note?: string;
}
