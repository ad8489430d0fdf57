import { charsetOf } from '#server/lib/crawler/directives.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';

/** Robots directives of one page by where they were given, packed in one number (PageRecord.robotsFlags). */
export const ROBOTS_FLAGS = {
  metaNoindex: 1,
  headerNoindex: 2,
  metaNofollow: 4,
  headerNofollow: 8,
  metaIndex: 16,
  headerIndex: 32,
  metaFollow: 64,
  headerFollow: 128,
  nosnippet: 256,
  noarchive: 512,
  notranslate: 1024,
  noimageindex: 2048,
} as const;

/**
 * What the indexing and markup checks keep of one page (PageRecord.indexing): numbers, flags and
 * a few capped strings. One object of its own, built whole, so every page's copy has the same
 * compact shape.
 */
export interface IndexingRecord {
  /** Robots directives by source, as ROBOTS_FLAGS bits. */
  robotsFlags: number;
  /** The page has at least one <h2>. */
  hasH2: boolean;
  /** First heading level skipped ("h1 → h3"), with a count of the others; null when in order. */
  headingSkip: string | null;
  /** Elements in the document when past DOM_MAX_ELEMENTS; 0 otherwise (kept only when reported). */
  elements: number;
  /** Ids used more than once, as a detail line; null when none. */
  duplicateIds: string | null;
  placeholderText: boolean;
  /** The Content-Type header or a <meta> names the character encoding. */
  charsetDeclared: boolean;
  /** <link rel="next"/"prev"> targets (a shared empty list when none). */
  pagination: readonly PaginationRef[];
  /** Hreflang hrefs not written as full URLs. */
  hreflangRelative: number;
  /** Internal targets (not the page itself) whose every link here is rel="nofollow" (a shared empty list when none). */
  nofollowOnlyLinks: readonly number[];
}

export interface PaginationRef {
  rel: 'next' | 'prev';
  /** Internal target id; -1 for another site or an unusable href. */
  id: number;
  /** The href as written when it is not a usable URL; null otherwise. */
  invalid: string | null;
}

/** HTML elements past which a document is too large (dom-too-large). */
export const DOM_MAX_ELEMENTS = 1500;

const NO_PAGINATION: readonly PaginationRef[] = Object.freeze([]);

function sourceFlags(directives: readonly string[], header: boolean): number {
  const F = ROBOTS_FLAGS;
  let flags = 0;
  for (const raw of directives) {
    const directive = raw.replace(/\s+/g, '');
    if (directive === 'noindex' || directive === 'none') flags |= header ? F.headerNoindex : F.metaNoindex;
    if (directive === 'nofollow' || directive === 'none') flags |= header ? F.headerNofollow : F.metaNofollow;
    if (directive === 'index' || directive === 'all') flags |= header ? F.headerIndex : F.metaIndex;
    if (directive === 'follow' || directive === 'all') flags |= header ? F.headerFollow : F.metaFollow;
    if (directive === 'nosnippet' || directive === 'max-snippet:0') flags |= F.nosnippet;
    if (directive === 'noarchive' || directive === 'nocache') flags |= F.noarchive;
    if (directive === 'notranslate') flags |= F.notranslate;
    if (directive === 'noimageindex') flags |= F.noimageindex;
  }
  return flags;
}

const NONE: readonly number[] = Object.freeze([]);

/** Targets linked from a page only with rel="nofollow" (the page itself left out). */
export function nofollowOnly(nofollow: Set<number>, followed: Set<number>, selfId: number): readonly number[] {
  if (nofollow.size === 0) return NONE;
  const only = [...nofollow].filter((id) => id !== selfId && !followed.has(id));
  return only.length ? only : NONE;
}

/** Full URL with a scheme (what hreflang requires), as opposed to a path or a //host reference. */
const isAbsolute = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/**
 * The PageRecord fields of the indexing and markup checks. `reference` queues an internal URL
 * and returns its id (-1 for another site), as the visitor does for links.
 */
export function indexingContentRecord(
  facts: PageFacts,
  headerDirectives: readonly string[],
  contentType: string | undefined,
  base: string,
  reference: (url: string) => number,
  nofollowOnlyLinks: readonly number[],
): IndexingRecord {
  const pagination = facts.pagination.length
    ? facts.pagination.map((entry): PaginationRef => {
        const url = normalizeUrl(entry.href, base);
        if (url === null) return { rel: entry.rel, id: -1, invalid: entry.href.slice(0, 200) };
        return { rel: entry.rel, id: reference(url), invalid: null };
      })
    : NO_PAGINATION;
  const others = facts.duplicateIdCount - facts.duplicateIds.length;
  const skips = facts.headingSkips;
  return shared({
    robotsFlags: sourceFlags(facts.metaRobots, false) | sourceFlags(headerDirectives, true),
    hasH2: facts.h2.length > 0,
    headingSkip:
      facts.firstHeadingSkip &&
      (skips > 1 ? `${facts.firstHeadingSkip} and ${skips - 1} more` : facts.firstHeadingSkip),
    elements: facts.elementCount > DOM_MAX_ELEMENTS ? facts.elementCount : 0,
    duplicateIds: facts.duplicateIdCount
      ? facts.duplicateIds.map((id) => `"${id}"`).join(', ') + (others > 0 ? ` and ${others} more` : '')
      : null,
    placeholderText: facts.placeholderText,
    charsetDeclared: charsetOf(contentType) !== undefined || facts.metaCharset,
    pagination,
    hreflangRelative: facts.hreflang.filter((entry) => !isAbsolute(entry.href)).length,
    nofollowOnlyLinks,
  });
}

/** The records of ordinary pages (nothing to report but H2 and charset), shared instead of one per page. */
const ORDINARY = new Map<string, IndexingRecord>();

function shared(record: IndexingRecord): IndexingRecord {
  const ordinary =
    record.robotsFlags === 0 &&
    record.headingSkip === null &&
    record.elements === 0 &&
    record.duplicateIds === null &&
    !record.placeholderText &&
    record.pagination === NO_PAGINATION &&
    record.hreflangRelative === 0 &&
    record.nofollowOnlyLinks.length === 0;
  if (!ordinary) return record;
  const key = `${record.hasH2}${record.charsetDeclared}`;
  const known = ORDINARY.get(key);
  if (known) return known;
  ORDINARY.set(key, Object.freeze(record));
  return record;
}

/** The start of a body that is an HTML document whatever its Content-Type says. */
export function looksLikeHtml(head: Buffer): boolean {
  const text = head
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  return /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>])/i.test(text);
}

/** Content types worth a look at the first bytes: missing, or not a kind of file that is never HTML. */
export function mayBeMislabelledHtml(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return !/^(image|audio|video|font)\//.test(type) && type !== 'application/pdf';
}
