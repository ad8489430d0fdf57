import ISO6391 from 'iso-639-1';
import { whereAlpha2 } from 'iso-3166-1';
import { MINHASH_SIZE, minhashSimilarity } from '#server/lib/page-facts/text-fingerprint.ts';
import {
  duplicatesBy,
  type Finding,
  isIndexable,
  listDetailOf,
  type Page,
  pageRule,
  pages,
  type Rule,
  siteRule,
} from './context.ts';
import {
  DESCRIPTION_MAX_CHARS,
  LARGE_HTML_BYTES,
  NEAR_DUPLICATE_MIN_WORDS,
  NEAR_DUPLICATE_SIMILARITY,
  THIN_CONTENT_WORDS,
  TITLE_MAX_CHARS,
} from '../thresholds.ts';

const chars = (text: string) => [...text].length;

/**
 * A BCP 47 language tag as pages use it: a known 2-letter or any 3-letter language, optional
 * 4-letter script, optional ISO 3166-1 region or 3-digit UN M.49 area, optional variants.
 */
export function isValidLangTag(value: string): boolean {
  const match = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-([a-z]{2}|\d{3}))?(?:-(?:[a-z0-9]{5,8}|\d[a-z0-9]{3}))*$/i.exec(value);
  if (!match) return false;
  if (match[1].length === 2 && !ISO6391.validate(match[1].toLowerCase())) return false;
  return !match[2] || /^\d{3}$/.test(match[2]) || Boolean(whereAlpha2(match[2].toUpperCase()));
}

/** width=device-width, or an initial-scale without a fixed pixel width. */
export function isResponsiveViewport(content: string): boolean {
  const value = content.toLowerCase();
  if (/width\s*=\s*device-width/.test(value)) return true;
  if (/(^|[\s,;])width\s*=\s*\d/.test(value)) return false;
  return /initial-scale\s*=\s*\d/.test(value);
}

/** 16 bands of 8 MinHash values: pages at 0.9 similarity share a band with near certainty, unrelated pages almost never. */
export const BANDS = 16;
export const ROWS = 8;
/** Pairs compared at most: pathological sites (thousands of near-identical pages) would make this quadratic. */
export const NEAR_DUPLICATE_BUDGET = 5_000_000;
/** Partners a near-duplicate detail names. */
export const NEAR_DUPLICATE_NAMED = 3;

/** A page's near-duplicate detail: its partners' first URLs (sorted) and how many it has in all. */
export function nearDuplicateDetail(first: readonly string[], count: number): string {
  return `almost the same text as ${listDetailOf(first, count, NEAR_DUPLICATE_NAMED)}`;
}

/** A 31-bit FNV-1a hash of one band's values: a number key (a small integer for V8), not a string. */
export function bandKey(minhash: Uint32Array, band: number): number {
  let hash = 0x811c9dc5;
  for (let row = band * ROWS; row < band * ROWS + ROWS; row += 1) hash = Math.imul(hash ^ minhash[row], 0x01000193);
  return hash >>> 1;
}

export function sameBand(a: Uint32Array, b: Uint32Array, band: number): boolean {
  for (let row = band * ROWS; row < band * ROWS + ROWS; row += 1) if (a[row] !== b[row]) return false;
  return true;
}

/**
 * Locality-sensitive hashing over the pages' MinHash signatures: two pages are compared when one band of
 * theirs is equal. One band at a time, keyed by a number (a page in a bucket whose hash collides but whose
 * band differs is skipped): at 20,000 pages a map of every band's values as strings held ~60 MB at once.
 */
function nearDuplicates(list: Page[]): Finding[] {
  const candidates = list.filter(
    (node) => node.page.words >= NEAR_DUPLICATE_MIN_WORDS && node.page.minhash.length === MINHASH_SIZE,
  );
  const partners = new Map<Page, Set<string>>();
  let budget = NEAR_DUPLICATE_BUDGET;
  for (let band = 0; band < BANDS && budget > 0; band += 1) {
    const buckets = new Map<number, Page[]>();
    for (const node of candidates) {
      const key = bandKey(node.page.minhash, band);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(node);
      else buckets.set(key, [node]);
    }
    for (const bucket of buckets.values()) {
      for (let i = 0; i < bucket.length - 1 && budget > 0; i += 1) {
        for (let j = i + 1; j < bucket.length && budget > 0; j += 1) {
          const a = bucket[i];
          const b = bucket[j];
          // A pair sharing several bands is compared once per band: cheap, and no per-pair memory.
          if (partners.get(a)?.has(b.url) || !sameBand(a.page.minhash, b.page.minhash, band)) continue;
          budget -= 1;
          if (
            a.page.textHash === b.page.textHash ||
            minhashSimilarity(a.page.minhash, b.page.minhash) < NEAR_DUPLICATE_SIMILARITY
          )
            continue;
          if (!partners.has(a)) partners.set(a, new Set());
          if (!partners.has(b)) partners.set(b, new Set());
          partners.get(a)!.add(b.url);
          partners.get(b)!.add(a.url);
        }
      }
    }
  }
  return [...partners].map(([node, others]) => ({
    url: node.url,
    detail: nearDuplicateDetail([...others].sort(), others.size),
  }));
}

/** Titles, descriptions, headings, text, language and document rules. */
export const contentRules: Record<string, Rule> = {
  'title-missing': pageRule((c) =>
    pages(c)
      .filter((n) => !n.page.title)
      .map((n) => ({ url: n.url, detail: n.page.titleCount ? 'empty <title>' : 'no <title>' })),
  ),
  'title-duplicate': siteRule((c) => duplicatesBy(pages(c).filter(isIndexable), (n) => n.page.title, 'title')),
  'title-too-long': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.title && chars(n.page.title) > TITLE_MAX_CHARS)
      .map((n) => ({ url: n.url, detail: `${chars(n.page.title!)} characters` })),
  ),
  'title-multiple': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.titleCount > 1)
      .map((n) => ({ url: n.url, detail: `${n.page.titleCount} <title> elements` })),
  ),
  'description-missing': pageRule((c) =>
    pages(c)
      .filter((n) => !n.page.description)
      .map((n) => ({ url: n.url, detail: n.page.descriptionCount ? 'empty meta description' : 'no meta description' })),
  ),
  'description-duplicate': siteRule((c) =>
    duplicatesBy(pages(c).filter(isIndexable), (n) => n.page.description, 'meta description'),
  ),
  'description-too-long': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.description && chars(n.page.description) > DESCRIPTION_MAX_CHARS)
      .map((n) => ({ url: n.url, detail: `${chars(n.page.description!)} characters` })),
  ),
  'description-multiple': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.descriptionCount > 1)
      .map((n) => ({ url: n.url, detail: `${n.page.descriptionCount} meta descriptions` })),
  ),
  'h1-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.h1Count === 0)
      .map((n) => ({ url: n.url, detail: 'no <h1>' })),
  ),
  'h1-multiple': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.h1Count > 1)
      .map((n) => ({ url: n.url, detail: `${n.page.h1Count} <h1> headings` })),
  ),
  'h1-empty': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.h1.includes(''))
      .map((n) => ({ url: n.url, detail: 'an <h1> without text' })),
  ),
  'h1-duplicate': siteRule((c) => duplicatesBy(pages(c).filter(isIndexable), (n) => n.page.h1.find(Boolean), 'H1')),
  'thin-content': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.words < THIN_CONTENT_WORDS)
      .map((n) => ({ url: n.url, detail: `${n.page.words} words` })),
  ),
  'duplicate-content': siteRule((c) =>
    duplicatesBy(
      pages(c).filter((n) => isIndexable(n) && n.page.words > 0),
      (n) => n.page.textHash,
      'text',
    ),
  ),
  'near-duplicate-content': siteRule((c) => nearDuplicates(pages(c).filter(isIndexable))),
  'lang-missing': pageRule((c) =>
    pages(c)
      .filter((n) => !n.page.lang)
      .map((n) => ({ url: n.url, detail: '<html> has no lang' })),
  ),
  'lang-invalid': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.lang && !isValidLangTag(n.page.lang))
      .map((n) => ({ url: n.url, detail: `lang="${n.page.lang}"` })),
  ),
  'viewport-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.viewport === null)
      .map((n) => ({ url: n.url, detail: 'no viewport meta tag' })),
  ),
  'viewport-not-responsive': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.viewport !== null && !isResponsiveViewport(n.page.viewport))
      .map((n) => ({ url: n.url, detail: `content="${n.page.viewport}"` })),
  ),
  'html-large': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.htmlBytes > LARGE_HTML_BYTES)
      .map((n) => ({ url: n.url, detail: `${(n.page.htmlBytes / 1024 / 1024).toFixed(1)} MB` })),
  ),
  'structured-data-invalid': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.jsonLdInvalid > 0)
      .map((n) => ({ url: n.url, detail: `${n.page.jsonLdInvalid} JSON-LD block(s) do not parse` })),
  ),
};
