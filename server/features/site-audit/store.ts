import type { SeenUrls } from '#server/lib/crawler/frontier.ts';
import type { SkipReason } from '#server/lib/crawler/types.ts';
import type { IndexingRecord } from './indexing-content-record.ts';
import { fit } from './stored-queue.ts';
import type { LinkPosition } from '#server/lib/page-facts/facts.ts';

/** Longest anchor text kept for the report. */
export const MAX_ANCHOR_CHARS = 200;

/** Canonical link of a page: an internal URL id, or why there is none. */
export type CanonicalRef =
  | { kind: 'none' }
  | { kind: 'internal'; id: number }
  | { kind: 'external'; url: string }
  | { kind: 'invalid'; raw: string };

/** Link positions as stored in `PageRecord.outlinks` (the low two bits of each anchor cell). */
export const LINK_POSITIONS = ['content', 'navigation', 'footer'] as const satisfies readonly LinkPosition[];

/** How pages load a URL (`UrlNode.loadedAs` bits): the crawl never parses a script or stylesheet as a page. */
export const LOADED_AS = { image: 1, script: 2, stylesheet: 4 } as const;

export interface HreflangRef {
  lang: string;
  /** Internal target id, or -1 for an external or unusable URL. */
  id: number;
}

/** Bits of `PageRecord.metaFlags`: social tags, delivery headers and canonical spelling, one number per page. */
export const META_FLAGS = {
  ogTitle: 1 << 0,
  ogType: 1 << 1,
  ogImage: 1 << 2,
  ogUrl: 1 << 3,
  twitterCard: 1 << 4,
  twitterTitle: 1 << 5,
  twitterImage: 1 << 6,
  twitterLargeImage: 1 << 7,
  compressed: 1 << 8,
  hsts: 1 << 9,
  nosniff: 1 << 10,
  csp: 1 << 11,
  referrerPolicy: 1 << 12,
  canonicalRelative: 1 << 13,
  canonicalSchemeSwitch: 1 << 14,
  canonicalFromHeader: 1 << 15,
  /** More ids than were kept: missing fragments are not judged. */
  idsOverCap: 1 << 16,
} as const;

/**
 * What the audit keeps of one HTML page: facts and hashes, never the page. Strings are the
 * page's own values (title, description, first H1) because the report shows them.
 */
export interface PageRecord {
  title: string | null;
  titleCount: number;
  description: string | null;
  descriptionCount: number;
  h1: string[];
  h1Count: number;
  noindex: boolean;
  nofollow: boolean;
  canonical: CanonicalRef;
  /** Different canonical targets named (more than one is a conflict). */
  canonicalTargets: number;
  canonicalOutsideHead: boolean;
  lang: string | null;
  viewport: string | null;
  metaRefresh: boolean;
  words: number;
  textHash: string;
  /** MinHash of the text's word 3-shingles (near-duplicate detection). */
  minhash: Uint32Array;
  htmlBytes: number;
  jsonLdInvalid: number;
  /**
   * Structured-data problems as `check<TAB>detail` lines (summarizeStructuredData): one per check,
   * at most 8, each capped, shared between pages when equal (./structured-data.ts).
   */
  structuredDataProblems: string[];
  imagesNoAlt: number;
  imagesNoSize: number;
  /** Internal image URL ids shown on the page. */
  images: number[];
  /** Distinct internal link targets (ids), excluding the page itself. */
  links: number[];
  /** Internal targets linked with rel="nofollow". */
  nofollowLinks: number[];
  /** Internal links spelled with http:// on an https page. */
  httpLinks: number;
  emptyAnchors: number;
  /** Distinct http(s) link targets, internal and external, including the page itself. */
  uniqueLinks: number;
  /** Links past the one per-page cap (MAX_LINKS_PER_PAGE): counted, not read. */
  linksOverCap: number;
  /**
   * Every distinct (target, anchor text, position) http(s) link of the page, in page order, two
   * cells each: the target (internal node id ≥ 0, or -1 - index in `store.externals`) and
   * `anchorId << 2 | position` (anchor text in `store.anchors`, position an index of
   * LINK_POSITIONS). Self-links included. Read it through `rules/link-refs.ts`.
   */
  outlinks: Int32Array;
  hreflang: HreflangRef[];
  /** Scripts (`<script src>`) and stylesheets the page loads: internal id ≥ 0, or -1 - index in `store.externals`. */
  scripts: number[];
  stylesheets: number[];
  insecureResources: number;
  insecureForms: number;
  /** META_FLAGS bits. */
  metaFlags: number;
  /** The Link-header canonical when the HTML names a different one (else null). */
  canonicalHeader: CanonicalRef | null;
  /** Sorted 32-bit hashes (`fragmentHash`) of the ids a `#fragment` can land on. */
  fragmentIds: Uint32Array;
  /**
   * Internal links with a `#fragment`, three cells each: target id, the fragment (an id in
   * `store.anchors`) and the link's anchor cell as in `outlinks`.
   */
  fragmentLinks: Int32Array;
  /** External targets (-1 - index) linked with target=_blank and no rel=noopener/noreferrer. */
  blankUnsafe: Int32Array;
  /** Facts of the indexing and markup checks ("indexing-content" group), one object of their own. */
  indexing: IndexingRecord;
  /** Raw HTML against rendered DOM, when the audit renders JavaScript; absent otherwise. */
  render?: RenderRecord;
}

/** A count and the first few entries (capped strings): a rendered page's console errors or failed requests. */
export interface CappedList {
  count: number;
  first: string[];
}

/** What rendering changed on a page (only when the audit renders JavaScript); the page's facts are the rendered ones. */
export interface RenderRecord {
  /** Why the page could not be rendered (its facts are then the raw HTML's); null when it was. */
  error: string | null;
  /** The raw HTML's title when the rendered title differs from it (capped); undefined when they agree. */
  rawTitle?: string | null;
  rawH1Count: number;
  /** The raw HTML's first canonical (absolute URL, or as written when invalid), null for none. */
  rawCanonical: string | null;
  /** A noindex in the raw HTML (meta or header) / in the rendered DOM. */
  rawNoindex: boolean;
  renderedNoindex: boolean;
  /** Internal link targets found only in the rendered DOM: how many, and the first few ids. */
  linksOnlyRendered: number;
  linksOnlyRenderedFirst: number[];
  consoleErrors: CappedList;
  failedResources: CappedList;
  /** The page's data requests (fetch, XMLHttpRequest) that failed; absent when none did. */
  failedData?: CappedList;
  /** Links in the rendered DOM a crawler cannot follow (no href, javascript:, script-only navigation); absent when none. */
  uncrawlable?: CappedList;
  /** axe-core's WCAG A/AA violations (rule, impact, elements failing, the first one); absent when axe did not run. */
  axe?: Array<{ rule: string; impact: string | null; count: number; element: string }>;
  /** Lab Core Web Vitals of the render, until the page was read (server/lib/browser/vitals.ts); absent when not observed. */
  vitals?: { lcpMs: number | null; cls: number; tbtMs: number };
  /** Why the page had not settled when its wait ran out, twice (it was read as it was then); absent when it had. */
  unsettled?: string;
}

/** FNV-1a of an id: fragments are matched against a page's ids by hash, not by kept strings. */
export function fragmentHash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export interface UrlNode {
  id: number;
  url: string;
  /** HTTP status of the URL itself (redirects not followed); 0 when not fetched or failed. */
  status: number;
  error: string | null;
  /** Why the crawl did not fetch it (robots, cap...); null when fetched or never queued. */
  skipped: SkipReason | null;
  /** Redirect target id (internal), -1 for none. */
  redirectTo: number;
  redirectExternal: string | null;
  ttfbMs: number;
  contentType: string;
  /** Body size in bytes from Content-Length or counted; -1 when unknown. */
  bytes: number;
  inSitemap: boolean;
  /** LOADED_AS bits: shown as an image, loaded as a script or a stylesheet by some page (0: never). */
  loadedAs: number;
  /** The start URL or a hop it redirected through: the root of the click-depth graph. */
  start: boolean;
  page: PageRecord | null;
  /** Answered 200 with an HTML document under a missing or non-HTML Content-Type (not read as a page). */
  htmlMislabelled: boolean;
}

/**
 * A script or stylesheet the pages load: measured, never a page, and listed apart from the pages (the
 * report's resources section); the start URL is always a page.
 */
export function isResource(node: UrlNode): boolean {
  return !node.start && (node.loadedAs & (LOADED_AS.script | LOADED_AS.stylesheet)) !== 0;
}

/**
 * A string → id index over strings kept elsewhere by id (the URL store's node URLs, an interner's values):
 * an open-addressing table of ids (0 empty, else id + 1) hashed from the string and checked against
 * `keyOf(id)`, so each string is kept once. About 8 bytes a string where a Map<string, number> holds
 * about 37, and no second pointer to it (decision 0059, "memory per URL").
 */
export function createIdIndex(keyOf: (id: number) => string) {
  let table = new Int32Array(1024);
  let mask = table.length - 1;
  /** The slot holding `key`, or the empty slot where it would go (the table is never over half full). */
  function slotOf(key: string): number {
    let hash = fragmentHash(key);
    // FNV's low bits are weak, and the mask keeps only those: mixed first (MurmurHash3's finalizer).
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash ^= hash >>> 13;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = table[slot]!;
      if (entry === 0 || keyOf(entry - 1) === key) return slot;
    }
  }
  return {
    get(key: string): number | undefined {
      const entry = table[slotOf(key)]!;
      return entry === 0 ? undefined : entry - 1;
    },
    /** Files id under `keyOf(id)` (a string filed before now answers this id). */
    add(id: number): void {
      if ((id + 1) * 2 > table.length) {
        const old = table;
        table = new Int32Array(old.length * 2);
        mask = table.length - 1;
        for (const entry of old) if (entry !== 0) table[slotOf(keyOf(entry - 1))] = entry;
      }
      table[slotOf(keyOf(id))] = id + 1;
    },
  };
}

/** Strings kept once however many pages repeat them (a footer's anchor text, an external URL). */
function createInterner(restored: readonly string[] = []) {
  const values: string[] = [...restored];
  const ids = createIdIndex((id) => values[id]!);
  for (let id = 0; id < values.length; id += 1) ids.add(id);
  return {
    values,
    idOf(value: string): number {
      let id = ids.get(value);
      if (id === undefined) {
        id = values.length;
        values.push(value);
        ids.add(id);
      }
      return id;
    },
  };
}

/** What a crawl carried on after a crash starts from: the nodes (ids dense from 0) and strings it had stored. */
export interface RestoredStore {
  nodes: UrlNode[];
  anchors: readonly string[];
  externals: readonly string[];
}

/** A URL as the crawl first meets it: nothing answered, found nowhere yet. */
export function newNode(id: number, url: string): UrlNode {
  return {
    id,
    url,
    status: 0,
    error: null,
    skipped: null,
    redirectTo: -1,
    redirectExternal: null,
    ttfbMs: 0,
    contentType: '',
    bytes: -1,
    inSitemap: false,
    loadedAs: 0,
    start: false,
    page: null,
    htmlMislabelled: false,
  };
}

/**
 * The URLs the crawl frontier has met, as one bit by node id: its `seen` set without a second table of
 * the URLs. A URL met before it has a node (the start page, a redirect's target) is kept in a small Set.
 */
function createSeenUrls(ids: ReturnType<typeof createIdIndex>): SeenUrls {
  let bits = new Uint8Array(1024);
  const early = new Set<string>();
  return {
    has(url) {
      const id = ids.get(url);
      return (id !== undefined && id < bits.length && bits[id] === 1) || early.has(url);
    },
    add(url) {
      const id = ids.get(url);
      if (id === undefined) return void early.add(url);
      bits = fit(bits, id + 1);
      bits[id] = 1;
    },
  };
}

/**
 * The audit's memory: one node per internal URL met, by id. Grows with URLs, never with bodies.
 * `touched` hears every id handed out, new or known (its node may change): the crawl store's writer.
 */
export function createUrlStore(options: { touched?: (id: number) => void; restored?: RestoredStore } = {}) {
  const nodes: UrlNode[] = options.restored?.nodes ?? [];
  const ids = createIdIndex((id) => nodes[id]!.url);
  for (const node of nodes) ids.add(node.id);
  const seen = createSeenUrls(ids);
  const anchors = createInterner(options.restored?.anchors);
  const externals = createInterner(options.restored?.externals);
  return {
    nodes,
    /** Anchor texts of links, by id (`PageRecord.outlinks`). */
    anchors: anchors.values,
    anchorId: (text: string) =>
      anchors.idOf(text.length > MAX_ANCHOR_CHARS ? `${text.slice(0, MAX_ANCHOR_CHARS - 1)}…` : text),
    /** External (other-site) link targets, by index (`PageRecord.outlinks`: -1 - index). */
    externals: externals.values,
    externalId: (url: string) => externals.idOf(url),
    idOf(url: string): number {
      let id = ids.get(url);
      if (id === undefined) {
        id = nodes.length;
        nodes.push(newNode(id, url));
        ids.add(id);
      }
      options.touched?.(id);
      return id;
    },
    /** The crawl frontier's memory of the URLs it met (`SeenUrls`), a bit by node id. */
    seen,
    find(url: string): UrlNode | undefined {
      const id = ids.get(url);
      return id === undefined ? undefined : nodes[id];
    },
  };
}

export type UrlStore = ReturnType<typeof createUrlStore>;
