/**
 * Include and exclude patterns for the sitemap generator (docs/decisions/0046). A pattern is a
 * path that starts with `/`, matched against the path and query of each URL on the site:
 * - it matches every URL whose path starts with it (`/blog/` matches `/blog/` and `/blog/post-1`);
 * - `*` stands for any characters, `/` included (`/*.html`; `/shop/` then `*` then `/reviews`);
 * - a `$` at the end stops it matching longer paths (`/about$` matches `/about` only).
 * The same syntax as robots.txt rules, so people who know one know the other. Pure, shared by the
 * widget (to check what is typed) and the crawl (to match).
 */

/** Patterns one field may hold. */
export const MAX_PATTERNS = 20;
/** Characters one pattern may have. */
export const MAX_PATTERN_LENGTH = 200;

// Printable ASCII without spaces, quotes, `<`, `>`, backslash and `#` (a fragment is never part of a crawled URL).
const PATTERN_CHARS = /^[!$%&(-;=?-[\]^_a-z|~]+$/i;

/** What is wrong with one pattern, in words a person can act on, or null when it is fine. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'is empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  if (!pattern.startsWith('/')) return 'must start with / (a path such as /blog/)';
  if (!PATTERN_CHARS.test(pattern)) return 'may only hold the characters of a URL path (no spaces, quotes or #)';
  if (pattern.slice(0, -1).includes('$')) return 'may have $ only at its very end';
  return null;
}

/** The lines of a text box as patterns: trimmed, blank lines dropped, each pattern once. */
export function patternsFromText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** The first problem of a list of patterns, naming the field and the pattern, or null. */
export function patternListProblem(field: 'Include' | 'Exclude', patterns: readonly string[]): string | null {
  if (patterns.length > MAX_PATTERNS) return `${field} patterns: at most ${MAX_PATTERNS}, one per line.`;
  for (const [index, pattern] of patterns.entries()) {
    const problem = patternProblem(pattern);
    if (problem) return `${field} pattern ${index + 1} ("${pattern.slice(0, 60)}") ${problem}.`;
  }
  return null;
}

function toRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`);
}

/** The path and query of a URL as patterns see them; null for a URL that does not parse. */
function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return null;
  }
}

/** A compiled list: the first pattern that matches a URL, or null. */
export function compilePatterns(patterns: readonly string[]): (url: string) => string | null {
  const compiled = patterns.map((pattern) => ({ pattern, regexp: toRegExp(pattern) }));
  return (url) => {
    const path = pathOf(url);
    if (path === null) return null;
    return compiled.find(({ regexp }) => regexp.test(path))?.pattern ?? null;
  };
}
