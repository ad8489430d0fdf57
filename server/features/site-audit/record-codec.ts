import { EDGE_KIND, type EdgeKind, type StoredEdge } from '#db/site-audit-edges.ts';
import type { StoredExternalLink } from '#db/site-audit-external-checks.ts';
import type { StoredRecord } from '#db/site-audit-records.ts';
import type { StoredUrl, UrlState } from '#db/site-audit-urls.ts';
import { MINHASH_SIZE } from '#server/lib/page-facts/text-fingerprint.ts';
import { isIndexable, type Page } from './rules/context.ts';
import type { PageRecord, UrlNode } from './store.ts';

/*
 * A page record as the database keeps it (decision 0059): the whole record as JSON, whatever fields it
 * has (issue 33 adds its own: plain data goes through as it is), with its typed arrays (MinHash,
 * packed links, fragment hashes) tagged and in base64, and beside it the columns SQL compares.
 */

/** The typed arrays a record may hold, by the tag their JSON carries. */
const TYPED = {
  u32: Uint32Array,
  i32: Int32Array,
  u8: Uint8Array,
  f64: Float64Array,
} as const;

type TypedTag = keyof typeof TYPED;

interface TypedJson {
  $typed: TypedTag;
  b64: string;
}

/** The tag of a typed array the record may hold; undefined for any other value (most values: checked first). */
function tagOf(value: unknown): TypedTag | undefined {
  if (!ArrayBuffer.isView(value)) return undefined;
  if (value instanceof Uint32Array) return 'u32';
  if (value instanceof Int32Array) return 'i32';
  if (value instanceof Uint8Array) return 'u8';
  if (value instanceof Float64Array) return 'f64';
  return undefined;
}

function isTypedJson(value: object): value is TypedJson {
  const typed = value as TypedJson;
  return typeof typed.$typed === 'string' && Object.hasOwn(TYPED, typed.$typed) && typeof typed.b64 === 'string';
}

/** The record as JSON: typed arrays as `{"$typed": "u32", "b64": "..."}` (their bytes, in this machine's order). */
export function encodeRecord(record: PageRecord): string {
  return JSON.stringify(record, (_key, value: unknown) => {
    const tag = tagOf(value);
    if (!tag) return value;
    const array = value as InstanceType<(typeof TYPED)[TypedTag]>;
    return { $typed: tag, b64: Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64') };
  });
}

/**
 * The typed arrays of parsed JSON back in place. A walk after a plain JSON.parse, not a reviver: V8 calls a
 * reviver for every value, and the analysis decodes every record (measured on the planted site's records:
 * 12–16 µs a record against 31–44 with the reviver).
 */
function revive(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = revive(value[index]);
    return value;
  }
  if (isTypedJson(value)) {
    // Copied into a buffer of its own: aligned for the array's element size.
    const bytes = new Uint8Array(Buffer.from(value.b64, 'base64'));
    return new TYPED[value.$typed](bytes.buffer);
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const child = object[key];
    const revived = revive(child);
    // Defined, not assigned: a page's own "__proto__" key stays a plain property, as JSON.parse made it.
    if (revived !== child) Object.defineProperty(object, key, { value: revived, enumerable: true, writable: true });
  }
  return object;
}

/** The record `encodeRecord` wrote, typed arrays and all. */
export function decodeRecord(json: string): PageRecord {
  return revive(JSON.parse(json)) as PageRecord;
}

/** A page's row: its record and the columns the cross-page checks compare. */
export function storedRecordOf(node: Page): StoredRecord {
  const { page } = node;
  const canonical = page.canonical;
  return {
    id: node.id,
    record: encodeRecord(page),
    indexable: isIndexable(node),
    noindex: page.noindex,
    title: page.title || null,
    description: page.description || null,
    h1: page.h1.find(Boolean) ?? null,
    textHash: page.textHash,
    words: page.words,
    canonicalId: canonical.kind === 'internal' && canonical.id !== node.id ? canonical.id : null,
    metaFlags: page.metaFlags,
    htmlBytes: page.htmlBytes,
    // Only a whole signature: the near-duplicate check compares nothing else (rules/content.ts).
    minhash:
      page.minhash?.length === MINHASH_SIZE
        ? Buffer.from(page.minhash.buffer, page.minhash.byteOffset, page.minhash.byteLength)
        : null,
  };
}

/**
 * A page's distinct edges (db/site-audit-edges.ts): its links exactly as `links` holds them (what
 * `inlinkCounts` and `clickDepths` read), and the internal images, other pages named as hreflang
 * alternates, scripts and stylesheets (other sites' ones too: -1 - external id, as the record has them); the
 * links it gives nofollow again, and its pagination targets.
 */
export function storedEdgesOf(node: Page): StoredEdge[] {
  const { page } = node;
  const edges: StoredEdge[] = [];
  const add = (kind: EdgeKind, targets: Iterable<number>, external = false) => {
    for (const target of new Set(targets)) if (target >= 0 || external) edges.push({ kind, source: node.id, target });
  };
  add(EDGE_KIND.link, page.links);
  add(EDGE_KIND.image, page.images);
  add(
    EDGE_KIND.hreflang,
    page.hreflang.map((ref) => ref.id).filter((id) => id !== node.id),
  );
  add(EDGE_KIND.script, page.scripts, true);
  add(EDGE_KIND.stylesheet, page.stylesheets, true);
  // Records made before these facts (and tests' partial ones) have no indexing part.
  const only = new Set(page.indexing?.nofollowOnlyLinks);
  add(
    EDGE_KIND.nofollowLink,
    page.links.filter((id) => page.nofollow || only.has(id)),
  );
  add(
    EDGE_KIND.pagination,
    (page.indexing?.pagination ?? []).map((ref) => ref.id),
  );
  return edges;
}

/** A page's links to other sites, each of them (db/site-audit-external-checks.ts), from its `outlinks` cells. */
export function storedExternalLinksOf(node: Page): StoredExternalLink[] {
  // Tests' partial records may have no links at all.
  const cells = node.page.outlinks ?? [];
  const links: StoredExternalLink[] = [];
  for (let at = 0; at < cells.length; at += 2)
    if (cells[at] < 0) links.push({ target: -1 - cells[at], source: node.id, seq: at / 2, cell: cells[at + 1] });
  return links;
}

/** A URL's row: its answer as the node holds it and its place in the frontier. */
export function storedUrlOf(
  node: UrlNode,
  frontier: { state: UrlState; seq: number | null; depth: number },
): StoredUrl {
  return {
    id: node.id,
    url: node.url,
    state: frontier.state,
    seq: frontier.seq,
    depth: frontier.depth,
    start: node.start,
    status: node.status,
    error: node.error,
    skipped: node.skipped,
    redirectTo: node.redirectTo,
    redirectExternal: node.redirectExternal,
    ttfbMs: node.ttfbMs,
    contentType: node.contentType,
    bytes: node.bytes,
    inSitemap: node.inSitemap,
    loadedAs: node.loadedAs,
    htmlMislabelled: node.htmlMislabelled,
  };
}

/** The node a stored URL (and its record, when it is a page) stands for. */
export function nodeOf(url: StoredUrl, record: PageRecord | null): UrlNode {
  return {
    id: url.id,
    url: url.url,
    status: url.status,
    error: url.error,
    skipped: url.skipped as UrlNode['skipped'],
    redirectTo: url.redirectTo,
    redirectExternal: url.redirectExternal,
    ttfbMs: url.ttfbMs,
    contentType: url.contentType,
    bytes: url.bytes,
    inSitemap: url.inSitemap,
    loadedAs: url.loadedAs,
    start: url.start,
    page: record,
    htmlMislabelled: url.htmlMislabelled,
  };
}
