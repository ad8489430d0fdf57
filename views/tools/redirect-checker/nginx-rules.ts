import { bytePattern, regexLiteral, requestTarget, targetBytes, type OldUrl, type ServerRule } from './rule-text.ts';

/** The longest quoted parameter nginx reads (NGX_CONF_BUFFER, 4096 bytes, less the quotes and one byte). */
export const NGINX_PARAMETER_MAX_BYTES = 4093;
/** The longest exact location nginx can match: its location tree keeps a name's length in one byte. */
const LOCATION_MAX_BYTES = 255;
/** The longest request target nginx takes in `GET <target> HTTP/1.1` (8k large_client_header_buffers); longer: 414. */
export const NGINX_REQUEST_TARGET_MAX_BYTES = 8177;

/**
 * A double-quoted nginx string. `\` and `"` are escaped; `$` would start a variable in `return` and
 * `if` (nginx has no escape for it), so it is percent-encoded, which URLs allow. A `literal` is
 * written as it is (a `location` takes no variables; a regular expression is not expanded either).
 */
function nginxString(text: string, literal = false): string {
  const safe = literal ? text : text.replace(/\$/g, '%24');
  return `"${safe.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The decoded path a `location =` can match, or null: nginx matches locations against the path
 * percent-decoded and with repeated slashes merged, so a path whose bytes are not UTF-8 text, hold
 * a control character, or hold `//` (`%2F` included) once decoded needs the raw request instead;
 * so does a path over LOCATION_MAX_BYTES, which an exact location never matches.
 */
function locationPath(old: OldUrl): string | null {
  if (!old.bytes || old.bytes.length > LOCATION_MAX_BYTES || /%2f/i.test(old.rawPath)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(old.bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what a config file cannot spell
  return /[\u0000-\u001f\u007f]|\/\//.test(text) ? null : text;
}

/**
 * The `if`'s condition on the raw request URI: equality when the URI is its own nginx string,
 * else a regular expression (a `$` in the URI, which a string cannot hold; a path `location`
 * cannot spell, which then matches with any query string or none).
 */
function requestCondition(old: OldUrl): string {
  const uri = requestTarget(old);
  if (old.query !== '') {
    if (!uri.includes('$')) return `$request_uri = ${nginxString(uri)}`;
    return `$request_uri ~ ${nginxString(`^${regexLiteral(uri)}$`, true)}`;
  }
  return `$request_uri ~ ${nginxString(`^${bytePattern(new TextEncoder().encode(old.rawPath))}(\\?|$)`, true)}`;
}

/**
 * One row's nginx rule: an exact-match `location = "/path"` for an old URL without a query string
 * (no regular expression, so nothing in a path can be misread as one), else a server-level
 * `if ($request_uri ...)` on the raw request, which leaves the path's other requests to the site's
 * own locations. Each answers `return 301` to the new URL. No rule when one of its quoted
 * parameters would pass NGINX_PARAMETER_MAX_BYTES: nginx would refuse to load the whole file.
 */
export function nginxRule(old: OldUrl, to: string): ServerRule {
  if (targetBytes(old) > NGINX_REQUEST_TARGET_MAX_BYTES)
    return {
      note: `No nginx rule: nginx answers 414 to a request for an address over ${NGINX_REQUEST_TARGET_MAX_BYTES.toLocaleString('en-US')} bytes before any rule runs.`,
    };
  const target = nginxString(to);
  const path = old.query === '' ? locationPath(old) : null;
  const line =
    path === null
      ? `if (${requestCondition(old)}) { return 301 ${target}; }`
      : `location = ${nginxString(path, true)} { return 301 ${target}; }`;
  const longest = Math.max(
    ...(line.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((quoted) => new TextEncoder().encode(quoted).length - 2),
  );
  if (longest > NGINX_PARAMETER_MAX_BYTES)
    return {
      note: `No nginx rule: it would need a parameter of ${longest.toLocaleString('en-US')} bytes, and nginx refuses a file with one over ${NGINX_PARAMETER_MAX_BYTES.toLocaleString('en-US')} (“too long parameter”).`,
    };
  // Exact queries first, then raw paths: both run before nginx picks a location.
  return { lines: [line], rank: path !== null ? 2 : old.query !== '' ? 0 : 1 };
}
