import { resolveBase, type CrawlControl } from '#server/lib/crawler/index.ts';
import type { QueueItem } from '#server/lib/crawler/frontier.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import type { FormFact, HreflangFact, ImageFact, PageFacts } from '#server/lib/page-facts/facts.ts';
import { canonicalFromLinkHeader } from '#server/lib/page-facts/link-header.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';
import { indexingContentRecord, nofollowOnly } from './indexing-content-record.ts';
import { canonicalKey, canonicalSpellingFlags, createPageMetaCollector } from './page-meta-facts.ts';
import {
  LINK_POSITIONS,
  LOADED_AS,
  META_FLAGS,
  type CanonicalRef,
  type HreflangRef,
  type PageRecord,
  type UrlStore,
} from './store.ts';
import { createStructuredDataRecorder } from './structured-data.ts';
import { MAX_RESOURCES_PER_PAGE } from './thresholds.ts';

/*
 * The page record: what the audit keeps of one HTML page (PageRecord), built from its facts. Every URL
 * on the page is parsed and checked against robots.txt (~10 ms each against 20,000 hostile rules), so
 * the loops breathe between URLs: the event loop serves pages meanwhile. The URLs it names are queued
 * (`reference`) so their status is known; what to fetch and when is the crawl policy's (visitor.ts).
 */

/** Shared by every page that loads no script (or no stylesheet): 20,000 pages need no 40,000 empty arrays. */
const NO_TARGETS = Object.freeze([]) as unknown as number[];

/** One page being recorded: the crawl, where its URLs resolve and how deep they are queued. */
interface PageScope {
  store: UrlStore;
  crawl: CrawlControl;
  base: string;
  depth: number;
  selfId: number;
  https: boolean;
}

/** Queues an in-site URL and returns its node id, or -1 for another site or a non-web URL. */
function reference(scope: PageScope, url: string | null): number {
  const { crawl, store, depth } = scope;
  if (url === null || !crawl.frontier.isInSite(url)) {
    if (url !== null) crawl.discover(url, depth);
    return -1;
  }
  const id = store.idOf(crawl.frontier.keyOf(url));
  crawl.discover(url, depth);
  return id;
}

/** The page's links: in-site targets (followed or nofollow), packed outlinks and the page-meta link facts. */
async function readLinks(scope: PageScope, facts: PageFacts) {
  const { store, crawl, base, selfId, https } = scope;
  const links = new Set<number>();
  const outlinks: number[] = [];
  const outlinkKeys = new Set<string>();
  const nofollowLinks = new Set<number>();
  const followedLinks = new Set<number>();
  const targets = new Set<string>();
  let emptyAnchors = 0;
  let httpLinks = 0;
  const meta = createPageMetaCollector(store, selfId);
  for (const link of facts.links) {
    await crawl.breathe();
    const url = normalizeUrl(link.href, base);
    if (url === null) {
      meta.link(link, null, -1, 0);
      continue;
    }
    const id = reference(scope, url);
    targets.add(id >= 0 ? store.nodes[id].url : url);
    if (/^https?:/.test(url)) {
      const target = id >= 0 ? id : -1 - store.externalId(url);
      const cell = (store.anchorId(link.text) << 2) | LINK_POSITIONS.indexOf(link.position);
      meta.link(link, url, id, target);
      const key = `${target} ${cell}`;
      if (!outlinkKeys.has(key)) {
        outlinkKeys.add(key);
        outlinks.push(target, cell);
      }
    }
    if (id < 0) continue;
    if (id !== selfId) links.add(id);
    if (/\bnofollow\b/.test(link.rel)) nofollowLinks.add(id);
    else followedLinks.add(id);
    if (!link.text) emptyAnchors += 1;
    if (https && url.startsWith('http:')) httpLinks += 1;
  }
  return { links, outlinks, nofollowLinks, followedLinks, targets, emptyAnchors, httpLinks, meta };
}

async function readImages(scope: PageScope, facts: readonly ImageFact[]): Promise<number[]> {
  const images: number[] = [];
  for (const image of facts) {
    await scope.crawl.breathe();
    if (!image.src || /^data:/i.test(image.src)) continue;
    const id = reference(scope, normalizeUrl(image.src, scope.base));
    if (id >= 0) scope.store.nodes[id].loadedAs |= LOADED_AS.image;
    if (id >= 0 && !images.includes(id)) images.push(id);
  }
  return images;
}

/**
 * Queues the scripts or stylesheets of a page like images (their status and size are checked);
 * other sites' ones are kept as external URLs for the external check. Distinct, capped.
 */
async function readResources(scope: PageScope, sources: Array<string | null>, kind: number): Promise<number[]> {
  if (sources.length === 0) return NO_TARGETS;
  const { store } = scope;
  const targets: number[] = [];
  for (const source of sources) {
    if (targets.length >= MAX_RESOURCES_PER_PAGE) break;
    await scope.crawl.breathe();
    const url = source && !/^data:/i.test(source) ? normalizeUrl(source, scope.base) : null;
    if (url === null || !/^https?:/.test(url)) continue;
    const id = reference(scope, url);
    if (id >= 0) store.nodes[id].loadedAs |= kind;
    const target = id >= 0 ? id : -1 - store.externalId(url);
    if (!targets.includes(target)) targets.push(target);
  }
  return targets;
}

async function readHreflang(scope: PageScope, entries: readonly HreflangFact[]): Promise<HreflangRef[]> {
  const hreflang: HreflangRef[] = [];
  for (const entry of entries) {
    await scope.crawl.breathe();
    hreflang.push({ lang: entry.lang, id: reference(scope, normalizeUrl(entry.href, scope.base)) });
  }
  return hreflang;
}

/** The canonicals of the HTML, and the one a Link header sends (it stands in when the HTML names none). */
function readCanonicals(scope: PageScope, facts: PageFacts, headers: Record<string, string>, pageUrl: string) {
  const canonicalRef = (href: string, against: string): CanonicalRef => {
    const url = normalizeUrl(href, against);
    if (url === null) return { kind: 'invalid', raw: href };
    const id = reference(scope, url);
    return id >= 0 ? { kind: 'internal', id } : { kind: 'external', url };
  };
  const canonicals = facts.canonicals.map((entry) => canonicalRef(entry.href, scope.base));
  const distinct = new Set(canonicals.map(canonicalKey));
  // A canonical sent in the Link header (relative to the URL asked for) stands in when the HTML names none.
  const headerHref = canonicalFromLinkHeader(headers.link);
  const headerCanonical = headerHref === null ? null : canonicalRef(headerHref, pageUrl);
  const usedHref = facts.canonicals[0]?.href ?? headerHref;
  return {
    canonical: canonicals[0] ?? headerCanonical ?? ({ kind: 'none' } as const),
    canonicalTargets: distinct.size || (headerCanonical ? 1 : 0),
    /** The canonical's META_FLAGS bits: taken from the Link header, and how its URL is spelt. */
    flags:
      (canonicals.length === 0 && headerCanonical ? META_FLAGS.canonicalFromHeader : 0) |
      canonicalSpellingFlags(
        usedHref,
        usedHref === null ? null : normalizeUrl(usedHref, canonicals.length ? scope.base : pageUrl),
        pageUrl,
      ),
    canonicalHeader:
      canonicals.length > 0 && headerCanonical && canonicalKey(headerCanonical) !== canonicalKey(canonicals[0])
        ? headerCanonical
        : null,
  };
}

async function countInsecureForms(scope: PageScope, forms: readonly FormFact[]): Promise<number> {
  let insecureForms = 0;
  if (!scope.https) return insecureForms;
  for (const form of forms) {
    await scope.crawl.breathe();
    const action = form.action ? normalizeUrl(form.action, scope.base) : null;
    if (action?.startsWith('http:')) insecureForms += 1;
  }
  return insecureForms;
}

/** The response a page record is built from (its facts parsed from the raw or the rendered HTML). */
export interface RecordedPage {
  item: QueueItem;
  selfId: number;
  facts: PageFacts;
  headers: Record<string, string>;
  htmlBytes: number;
}

/** Builds page records for one audit's store; the structured data details share one budget per audit. */
export function createPageRecorder(store: UrlStore) {
  const structuredDataProblems = createStructuredDataRecorder();

  return async function recordPage(crawl: CrawlControl, page: RecordedPage): Promise<PageRecord> {
    const { item, selfId, facts, headers, htmlBytes } = page;
    const base = resolveBase(facts.baseHref, item.url);
    const https = item.url.startsWith('https:');
    const headerDirectives = xRobotsDirectivesFor(headers['x-robots-tag'], 'googlebot');
    const scope: PageScope = { store, crawl, base, depth: item.depth + 1, selfId, https };
    const links = await readLinks(scope, facts);
    const images = await readImages(scope, facts.images);
    const scripts = await readResources(
      scope,
      facts.scripts.map((script) => script.src),
      LOADED_AS.script,
    );
    const stylesheets = await readResources(
      scope,
      facts.stylesheets.map((sheet) => sheet.href),
      LOADED_AS.stylesheet,
    );
    const hreflang = await readHreflang(scope, facts.hreflang);
    const canonical = readCanonicals(scope, facts, headers, item.url);
    const metaFacts = links.meta.finish(facts, headers, https);
    const insecureForms = await countInsecureForms(scope, facts.forms);

    // One literal, its fields in this order: V8 keeps every record in one compact shape (decision 0036).
    return {
      title: facts.title || null,
      titleCount: facts.titleCount,
      description: facts.metaDescription || null,
      descriptionCount: facts.descriptionCount,
      h1: facts.h1.slice(0, 5).map((text) => text.slice(0, 300)),
      h1Count: facts.h1.length,
      noindex: hasNoindex(facts.metaRobots) || hasNoindex(headerDirectives),
      nofollow: [...facts.metaRobots, ...headerDirectives].some(
        (directive) => directive === 'nofollow' || directive === 'none',
      ),
      canonical: canonical.canonical,
      canonicalTargets: canonical.canonicalTargets,
      canonicalOutsideHead: facts.canonicals.some((entry) => !entry.inHead),
      lang: facts.lang,
      viewport: facts.viewport,
      metaRefresh: facts.metaRefresh !== null && /url\s*=/i.test(facts.metaRefresh),
      words: facts.wordCount,
      textHash: facts.text?.hash ?? '',
      minhash: facts.text?.minhash ?? new Uint32Array(0),
      htmlBytes,
      jsonLdInvalid: facts.jsonLdInvalid,
      structuredDataProblems: structuredDataProblems(facts),
      imagesNoAlt: facts.images.filter((image) => image.alt === null).length,
      imagesNoSize: facts.images.filter((image) => !image.width || !image.height).length,
      images,
      links: [...links.links],
      nofollowLinks: [...links.nofollowLinks],
      httpLinks: links.httpLinks,
      emptyAnchors: links.emptyAnchors,
      uniqueLinks: links.targets.size,
      linksOverCap: facts.linksOverCap,
      outlinks: Int32Array.from(links.outlinks),
      hreflang,
      scripts,
      stylesheets,
      insecureResources: https ? facts.insecureResources.length : 0,
      insecureForms,
      metaFlags: metaFacts.flags | canonical.flags,
      canonicalHeader: canonical.canonicalHeader,
      fragmentIds: metaFacts.fragmentIds,
      fragmentLinks: metaFacts.fragmentLinks,
      blankUnsafe: metaFacts.blankUnsafe,
      indexing: indexingContentRecord(
        facts,
        headerDirectives,
        headers['content-type'],
        base,
        (url) => reference(scope, url),
        nofollowOnly(links.nofollowLinks, links.followedLinks, selfId),
      ),
    };
  };
}

export type PageRecorder = ReturnType<typeof createPageRecorder>;
