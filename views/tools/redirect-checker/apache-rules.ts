import { bytePattern, PATH_SEGMENT_MAX_BYTES, regexLiteral, type OldUrl, type ServerRule } from './rule-text.ts';

/** The longest line Apache reads from .htaccess; one longer fails every request under it (500 “Line too long”). */
export const HTACCESS_LINE_MAX_BYTES = 8191;

/**
 * A RewriteRule substitution. Apache expands `${NAME}` in any configuration line before mod_rewrite
 * reads it (Define and environment variables), and a `\` before the space that follows would join
 * the flags to the URL, so `$` and `\` are percent-encoded (as the nginx writer does); `%` then
 * gets a backslash, since `%N` and `%{...}` are mod_rewrite's own references.
 */
export function rewriteTarget(url: string): string {
  return url.replace(/\$/g, '%24').replace(/\\/g, '%5C').replace(/%/g, '\\%');
}

/** The longest path segment, in bytes once decoded. */
function longestSegment(bytes: Uint8Array): number {
  let longest = 0;
  let current = 0;
  for (const byte of bytes) {
    current = byte === 0x2f ? 0 : current + 1;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** The rule's lines and rank: a condition on the query or on the raw request line, then the RewriteRule. */
function ruleLines(old: OldUrl, bytes: Uint8Array, to: string): { lines: string[]; rank: number } {
  const flags = ['R=301', 'L', 'NE'];
  if (old.query !== '' && !to.includes('?')) flags.push('QSD');
  const rule = (pattern: string) => `RewriteRule ${pattern} ${rewriteTarget(to)} [${flags.join(',')}]`;
  // Apache merges repeated slashes before rules see the path (MergeSlashes): only the request line keeps them.
  if (old.rawPath.includes('//')) {
    const query = old.query === '' ? '[\\s?]' : `\\?${regexLiteral(old.query)}\\s`;
    return { lines: [`RewriteCond %{THE_REQUEST} ^\\S+\\s${regexLiteral(old.rawPath)}${query}`, rule('^')], rank: 1 };
  }
  const path = rule(`^/?${bytePattern(bytes.subarray(1))}$`);
  if (old.query === '') return { lines: [path], rank: 2 };
  return { lines: [`RewriteCond %{QUERY_STRING} ^${regexLiteral(old.query)}$`, path], rank: 0 };
}

/**
 * One row's Apache rule (mod_rewrite): a `RewriteRule ^/?path$` (anchored, every regex character
 * escaped, bytes that are not printable ASCII as `\xHH`, as Apache matches the decoded path; `/?` so
 * it works in a VirtualHost and in the site root's .htaccess), a `RewriteCond %{QUERY_STRING}` for
 * an old URL with a query string (then `QSD` drops it unless the new URL has its own), and `NE` so
 * the new URL's %-escapes reach the browser unchanged. No rule for a path with an encoded slash
 * (Apache answers 404 to it before any rule runs), nor one whose line .htaccess could not read.
 */
export function apacheRule(old: OldUrl, to: string): ServerRule {
  const bytes = old.bytes ?? new Uint8Array();
  if (/%2f/i.test(old.rawPath))
    return {
      note: 'No Apache rule: Apache answers 404 to a path with an encoded slash (%2F) before any rule runs, unless the server sets AllowEncodedSlashes.',
    };
  const written = ruleLines(old, bytes, to);
  const longest = Math.max(...written.lines.map((line) => new TextEncoder().encode(line).length));
  if (longest > HTACCESS_LINE_MAX_BYTES)
    return {
      note: `No Apache rule: its line would be ${longest.toLocaleString('en-US')} bytes, and Apache fails every request under an .htaccess with a line over ${HTACCESS_LINE_MAX_BYTES.toLocaleString('en-US')} (500, “Line too long”).`,
    };
  if (longestSegment(bytes) <= PATH_SEGMENT_MAX_BYTES) return written;
  return {
    ...written,
    note: `Apache: put this rule in the <VirtualHost>: a path segment over ${PATH_SEGMENT_MAX_BYTES} bytes may be refused (403, “File name too long”) before .htaccess is read.`,
  };
}
