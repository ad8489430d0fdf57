import type { MigrationPair } from './migration-csv.ts';

/** A redirect to write: the old absolute URL and the new absolute URL. */
export type RulePair = MigrationPair;

interface OldPath {
  host: string;
  /** Percent-decoded, as nginx and Apache match it (kept encoded when decoding would give a control character). */
  path: string;
  /** The path as sent on the wire (still percent-encoded), for `$request_uri`. */
  rawPath: string;
  /** The raw query without `?`, or '' when the old URL has none. */
  query: string;
}

function decodedPath(pathname: string): string {
  try {
    const decoded = decodeURIComponent(pathname);
    const control = [...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
    return control ? pathname : decoded;
  } catch {
    return pathname;
  }
}

function oldPath(from: string): OldPath {
  const url = new URL(from);
  return { host: url.host, path: decodedPath(url.pathname), rawPath: url.pathname, query: url.search.slice(1) };
}

function byHost(pairs: readonly RulePair[]): Map<string, Array<{ old: OldPath; to: string }>> {
  const hosts = new Map<string, Array<{ old: OldPath; to: string }>>();
  const seen = new Set<string>();
  for (const pair of pairs) {
    // An old URL listed twice gets one rule (the first): a second would be a duplicate location.
    const key = new URL(pair.from).href;
    if (seen.has(key)) continue;
    seen.add(key);
    const old = oldPath(pair.from);
    hosts.set(old.host, [...(hosts.get(old.host) ?? []), { old, to: pair.to }]);
  }
  return hosts;
}

/**
 * A double-quoted nginx string. `\` and `"` are escaped; `$` would start a variable in `return` and
 * `if` (nginx has no escape for it), so it is percent-encoded, which URLs allow.
 */
function nginxString(text: string, literal = false): string {
  const safe = literal ? text : text.replace(/\$/g, '%24');
  return `"${safe.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * nginx rules, per old host, to paste in its `server { }`: an old URL without a query string gets an
 * exact-match `location = "/path"` (no regular expression, so nothing in a path can be misread as
 * one); one with a query string a server-level `if ($request_uri = "/path?query")`, which leaves
 * the path's other requests to the site's own locations. Each answers `return 301` to the new URL.
 */
export function nginxRules(pairs: readonly RulePair[]): string {
  const blocks: string[] = [];
  for (const [host, entries] of byHost(pairs)) {
    const lines = [`# ${host}: paste inside the server { } block that serves ${host}.`];
    for (const { old, to } of entries)
      if (old.query !== '')
        lines.push(
          `if ($request_uri = ${nginxString(`${old.rawPath}?${old.query}`)}) { return 301 ${nginxString(to)}; }`,
        );
    for (const { old, to } of entries)
      // `location` takes no variables: the path is a literal, only `\` and `"` need escaping.
      if (old.query === '') lines.push(`location = ${nginxString(old.path, true)} { return 301 ${nginxString(to)}; }`);
    blocks.push(lines.join('\n'));
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

/**
 * A literal text as a PCRE pattern: metacharacters get a backslash; spaces, quotes and anything
 * not printable ASCII become `\xHH`, so the pattern is one unquoted config word.
 */
export function regexLiteral(text: string): string {
  let out = '';
  for (const char of text) {
    if (/[\\^$.|?*+()[\]{}]/.test(char)) out += `\\${char}`;
    else if (/[\u0021-\u007e]/.test(char) && char !== '"' && char !== "'" && char !== '#') out += char;
    else for (const byte of new TextEncoder().encode(char)) out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A RewriteRule substitution: `$` and `%` would be back-references, `\` the escape, so all three get a backslash. */
function rewriteTarget(url: string): string {
  return url.replace(/[\\$%]/g, (char) => `\\${char}`);
}

/**
 * Apache rules (mod_rewrite): a `RewriteRule ^/?path$` per old URL (anchored, every regex
 * character escaped; `/?` so it works in a VirtualHost and in the site root's .htaccess), a
 * `RewriteCond %{QUERY_STRING}` for an old URL with a query string (then `QSD` drops it unless the
 * new URL has its own), and `NE` so the new URL's %-escapes reach the browser unchanged.
 */
export function apacheRules(pairs: readonly RulePair[]): string {
  const blocks: string[] = [];
  for (const [host, entries] of byHost(pairs)) {
    const lines = [`# ${host}: paste into the <VirtualHost> for ${host}, or its root .htaccess.`, 'RewriteEngine On'];
    // Rules with a query condition first: the plain rule for the same path would catch them too.
    const ordered = [...entries.filter((e) => e.old.query !== ''), ...entries.filter((e) => e.old.query === '')];
    for (const { old, to } of ordered) {
      const flags = ['R=301', 'L', 'NE'];
      if (old.query !== '') {
        lines.push(`RewriteCond %{QUERY_STRING} ^${regexLiteral(old.query)}$`);
        if (!to.includes('?')) flags.push('QSD');
      }
      lines.push(
        `RewriteRule ^/?${regexLiteral(old.path.replace(/^\//, ''))}$ ${rewriteTarget(to)} [${flags.join(',')}]`,
      );
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
