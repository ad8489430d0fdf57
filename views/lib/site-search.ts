/** One page as the site search sees it: the route table's title and description. */
export interface SiteIndexEntry {
  path: string;
  title: string;
  description: string;
}

/** Words too common to tell pages apart (every page is about SEO). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'how',
  'in',
  'is',
  'it',
  'not',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'what',
  'with',
  'my',
  'your',
  'page',
  'html',
  'php',
  'www',
]);

export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
    (word) => word.length > 1 && !STOP_WORDS.has(word),
  );
}

/**
 * Pages matching a query, best first: a word in the title counts three times one in the
 * description or address. `all` (what a visitor typed) needs every word somewhere. `any` (words
 * guessed from a mistyped address) needs one, ignores words most pages contain (every page here
 * says "SEO") and forgives a slip at the end of a long word (`packagess`).
 */
export function searchSite(
  index: readonly SiteIndexEntry[],
  query: string,
  options: { mode?: 'all' | 'any'; limit?: number } = {},
): SiteIndexEntry[] {
  const any = options.mode === 'any';
  const texts = index.map((entry) => ({
    entry,
    title: entry.title.toLowerCase(),
    rest: `${entry.description} ${entry.path}`.toLowerCase(),
  }));
  let words = searchWords(query);
  if (any) {
    words = words
      .filter((word) => word.length >= 3)
      .map((word) => (word.length > 5 ? word.slice(0, Math.max(5, word.length - 2)) : word))
      .filter(
        (word) =>
          texts.filter((text) => text.title.includes(word) || text.rest.includes(word)).length <= index.length / 2,
      );
  }
  if (words.length === 0) return [];
  const scored = texts.flatMap(({ entry, title, rest }) => {
    let score = 0;
    let matched = 0;
    for (const word of words) {
      const inTitle = title.includes(word);
      const inRest = rest.includes(word);
      if (inTitle || inRest) matched += 1;
      score += (inTitle ? 3 : 0) + (inRest ? 1 : 0);
    }
    const keep = any ? matched > 0 : matched === words.length;
    return keep ? [{ entry, score }] : [];
  });
  scored.sort((a, b) => b.score - a.score || a.entry.path.length - b.entry.path.length);
  return scored.slice(0, options.limit ?? 10).map((item) => item.entry);
}
