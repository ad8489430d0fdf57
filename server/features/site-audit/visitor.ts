import type { Readable } from 'node:stream';
import { resolveBase, type CrawlControl, type CrawlVisitor } from '#server/lib/crawler/index.ts';
import { charsetOf, isHtmlContentType } from '#server/lib/crawler/directives.ts';
import type { QueueItem } from '#server/lib/crawler/frontier.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import type { CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import { createPageFactsParser } from '#server/lib/page-facts/extract.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';
import { canonicalFromLinkHeader } from '#server/lib/page-facts/link-header.ts';
import { canonicalKey, canonicalSpellingFlags, createPageMetaCollector } from './page-meta-facts.ts';
import { compareRender, parseRendered, unrendered } from './render/compare.ts';
import { RenderingStoppedError, type AuditRenderer } from './render/renderer.ts';
import { readSitemaps, type SitemapReadResult } from './sitemaps.ts';
import { createStructuredDataRecorder } from './structured-data.ts';
import {
  LINK_POSITIONS,
  LOADED_AS,
  META_FLAGS,
  type CanonicalRef,
  type HreflangRef,
  type PageRecord,
  type UrlNode,
  type UrlStore,
} from './store.ts';
import { LARGE_IMAGE_BYTES, LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES, MAX_RESOURCES_PER_PAGE } from './thresholds.ts';
import { indexingContentRecord, looksLikeHtml, mayBeMislabelledHtml, nofollowOnly } from './indexing-content-record.ts';

export interface AuditVisitorOptions {
  store: UrlStore;
  /** Bytes read from all responses together before the crawl stops ('byte-limit'). */
  maxTotalBytes: number;
  pageTimeoutMs: number;
  /** Sitemap URLs taken at most (the page cap: more could never be fetched). */
  maxSitemapUrls: number;
  onProgress?: () => void;
  /** Renders each HTML page in Chromium: its rendered DOM gives the page's facts and links (render/). */
  renderer?: AuditRenderer;
}

export interface AuditCrawlState {
  fetched: number;
  bytes: number;
  sitemaps: SitemapReadResult | null;
  /** Why the audit stopped rendering JavaScript part way (the rest was read as raw HTML). */
  renderStopped: string | null;
}

function sniffCharset(head: Buffer, contentType: string | undefined): string {
  const declared =
    charsetOf(contentType) ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head.subarray(0, 2048).toString('latin1'))?.[1]?.toLowerCase();
  try {
    return new TextDecoder(declared ?? 'utf-8').encoding;
  } catch {
    return 'utf-8';
  }
}

/** Streams an HTML body into the page-facts parser; returns the facts and the decoded byte count. */
async function parseHtml(
  body: Readable,
  contentType: string | undefined,
  breathe: () => Promise<void>,
  keepBody = false,
): Promise<{ facts: PageFacts; bytes: number; body?: Buffer }> {
  const parser = createPageFactsParser({ fingerprint: true, styles: false, structuredData: true });
  let decoder: TextDecoder | null = null;
  let bytes = 0;
  // Kept only to hand the renderer the document the crawl already has (bounded by the page size limit).
  const kept: Buffer[] = [];
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (keepBody) kept.push(buffer);
    decoder ??= new TextDecoder(sniffCharset(buffer, contentType));
    parser.write(decoder.decode(buffer, { stream: true }));
    // Buffered chunks arrive without a turn of the event loop: megabytes would hold it.
    await breathe();
  }
  if (decoder) parser.write(decoder.decode());
  return { facts: parser.end(), bytes, ...(keepBody ? { body: Buffer.concat(kept) } : {}) };
}

/** Shared by every page that loads no script (or no stylesheet): 20,000 pages need no 40,000 empty arrays. */
const NO_TARGETS = Object.freeze([]) as unknown as number[];

/** Bytes worth counting for a URL: just past the largest "too large" line of what pages load it as. */
function countLimitOf(node: UrlNode): number {
  if (node.loadedAs & LOADED_AS.script) return LARGE_SCRIPT_BYTES;
  if (node.loadedAs & LOADED_AS.stylesheet) return LARGE_STYLESHEET_BYTES;
  return LARGE_IMAGE_BYTES;
}

/**
 * Size of a non-HTML body: Content-Length when sent, else counted up to just past `limit` (the
 * "large" line). `sniff` sees the first chunk (read even when Content-Length is sent).
 */
async function bodySize(
  res: CrawlFetchResponse<Readable>,
  sniff?: (head: Buffer) => void,
  limit = LARGE_IMAGE_BYTES,
): Promise<number> {
  const declared = Number(res.headers['content-length']);
  const known = res.headers['content-length'] !== undefined && Number.isSafeInteger(declared) && declared >= 0;
  if (known && !sniff) {
    res.body.destroy();
    return declared;
  }
  let bytes = 0;
  try {
    for await (const chunk of res.body) {
      if (sniff && bytes === 0) {
        sniff(chunk as Buffer);
        if (known) return declared;
      }
      bytes += (chunk as Buffer).length;
      if (bytes > limit) break;
    }
  } finally {
    res.body.destroy();
  }
  return known ? declared : bytes;
}

/**
 * The audit policy over the crawl engine: record facts for every URL (any status, any type),
 * follow links from every page (noindex and nofollow ones too, and nofollow links), and queue
 * the canonical, hreflang, image and sitemap URLs so their status is known.
 */
export function createAuditVisitor(options: AuditVisitorOptions): { visitor: CrawlVisitor; state: AuditCrawlState } {
  const { store } = options;
  const state: AuditCrawlState = { fetched: 0, bytes: 0, sitemaps: null, renderStopped: null };
  let sitemapsStarted = false;
  const structuredDataProblems = createStructuredDataRecorder();

  /** Queues an in-site URL and returns its node id, or -1 for another site or a non-web URL. */
  function reference(crawl: CrawlControl, url: string | null, depth: number): number {
    if (url === null || !crawl.frontier.isInSite(url)) {
      if (url !== null) crawl.discover(url, depth);
      return -1;
    }
    const id = store.idOf(crawl.frontier.keyOf(url));
    crawl.discover(url, depth);
    return id;
  }

  /**
   * Queues the scripts or stylesheets of a page like images (their status and size are checked);
   * other sites' ones are kept as external URLs for the external check. Distinct, capped.
   */
  async function resources(
    crawl: CrawlControl,
    sources: Array<string | null>,
    base: string,
    depth: number,
    kind: number,
  ): Promise<number[]> {
    if (sources.length === 0) return NO_TARGETS;
    const targets: number[] = [];
    for (const source of sources) {
      if (targets.length >= MAX_RESOURCES_PER_PAGE) break;
      await crawl.breathe();
      const url = source && !/^data:/i.test(source) ? normalizeUrl(source, base) : null;
      if (url === null || !/^https?:/.test(url)) continue;
      const id = reference(crawl, url, depth);
      if (id >= 0) store.nodes[id].loadedAs |= kind;
      const target = id >= 0 ? id : -1 - store.externalId(url);
      if (!targets.includes(target)) targets.push(target);
    }
    return targets;
  }

  function spend(crawl: CrawlControl, bytes: number): void {
    state.bytes += bytes;
    if (state.bytes > options.maxTotalBytes) crawl.stop('byte-limit');
  }

  /**
   * Every URL on the page is parsed and checked against robots.txt (~10 ms each against 20,000
   * hostile rules), so the loops breathe between URLs: the event loop serves pages meanwhile.
   */
  async function recordPage(
    crawl: CrawlControl,
    item: QueueItem,
    selfId: number,
    facts: PageFacts,
    headers: Record<string, string>,
    htmlBytes: number,
  ): Promise<PageRecord> {
    const base = resolveBase(facts.baseHref, item.url);
    const https = item.url.startsWith('https:');
    const headerDirectives = xRobotsDirectivesFor(headers['x-robots-tag'], 'googlebot');
    const depth = item.depth + 1;

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
      const id = reference(crawl, url, depth);
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

    const images: number[] = [];
    for (const image of facts.images) {
      await crawl.breathe();
      if (!image.src || /^data:/i.test(image.src)) continue;
      const id = reference(crawl, normalizeUrl(image.src, base), depth);
      if (id >= 0) store.nodes[id].loadedAs |= LOADED_AS.image;
      if (id >= 0 && !images.includes(id)) images.push(id);
    }
    const scripts = await resources(
      crawl,
      facts.scripts.map((script) => script.src),
      base,
      depth,
      LOADED_AS.script,
    );
    const stylesheets = await resources(
      crawl,
      facts.stylesheets.map((sheet) => sheet.href),
      base,
      depth,
      LOADED_AS.stylesheet,
    );

    const hreflang: HreflangRef[] = [];
    for (const entry of facts.hreflang) {
      await crawl.breathe();
      hreflang.push({ lang: entry.lang, id: reference(crawl, normalizeUrl(entry.href, base), depth) });
    }
    const canonicalRef = (href: string, against: string): CanonicalRef => {
      const url = normalizeUrl(href, against);
      if (url === null) return { kind: 'invalid', raw: href };
      const id = reference(crawl, url, depth);
      return id >= 0 ? { kind: 'internal', id } : { kind: 'external', url };
    };
    const canonicals = facts.canonicals.map((entry) => canonicalRef(entry.href, base));
    const distinct = new Set(canonicals.map(canonicalKey));
    // A canonical sent in the Link header (relative to the URL asked for) stands in when the HTML names none.
    const headerHref = canonicalFromLinkHeader(headers.link);
    const headerCanonical = headerHref === null ? null : canonicalRef(headerHref, item.url);
    const usedHref = facts.canonicals[0]?.href ?? headerHref;
    const metaFacts = meta.finish(facts, headers, https);

    let insecureForms = 0;
    if (https) {
      for (const form of facts.forms) {
        await crawl.breathe();
        const action = form.action ? normalizeUrl(form.action, base) : null;
        if (action?.startsWith('http:')) insecureForms += 1;
      }
    }

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
      canonical: canonicals[0] ?? headerCanonical ?? { kind: 'none' },
      canonicalTargets: distinct.size || (headerCanonical ? 1 : 0),
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
      links: [...links],
      nofollowLinks: [...nofollowLinks],
      httpLinks,
      emptyAnchors,
      uniqueLinks: targets.size,
      linksOverCap: facts.linksOverCap,
      outlinks: Int32Array.from(outlinks),
      hreflang,
      scripts,
      stylesheets,
      insecureResources: https ? facts.insecureResources.length : 0,
      insecureForms,
      metaFlags:
        metaFacts.flags |
        (canonicals.length === 0 && headerCanonical ? META_FLAGS.canonicalFromHeader : 0) |
        canonicalSpellingFlags(
          usedHref,
          usedHref === null ? null : normalizeUrl(usedHref, canonicals.length ? base : item.url),
          item.url,
        ),
      canonicalHeader:
        canonicals.length > 0 && headerCanonical && canonicalKey(headerCanonical) !== canonicalKey(canonicals[0])
          ? headerCanonical
          : null,
      fragmentIds: metaFacts.fragmentIds,
      fragmentLinks: metaFacts.fragmentLinks,
      blankUnsafe: metaFacts.blankUnsafe,
      indexing: indexingContentRecord(
        facts,
        headerDirectives,
        headers['content-type'],
        base,
        (url) => reference(crawl, url, depth),
        nofollowOnly(nofollowLinks, followedLinks, selfId),
      ),
    };
  }

  /**
   * Rendering on: the page is rendered from the document already fetched, its rendered DOM parsed by the
   * same parser and recorded (its links are the ones followed); what differs from the raw HTML is kept in
   * `render`. A page that cannot be rendered keeps its raw facts and says why.
   */
  async function recordRendered(
    crawl: CrawlControl,
    item: QueueItem,
    selfId: number,
    raw: { facts: PageFacts; body: Buffer },
    response: { status: number; headers: Record<string, string> },
    htmlBytes: number,
  ): Promise<PageRecord> {
    const { headers } = response;
    const headerDirectives = xRobotsDirectivesFor(headers['x-robots-tag'], 'googlebot');
    const rawSide = { facts: raw.facts, noindex: hasNoindex(raw.facts.metaRobots) || hasNoindex(headerDirectives) };
    let rendered;
    try {
      rendered = await options.renderer!.render(
        {
          url: item.url,
          status: response.status,
          headers,
          body: raw.body,
          allowed: (url) => !crawl.frontier.isInSite(url) || crawl.frontier.robots.isAllowed(url),
        },
        crawl.signal,
      );
    } catch (error) {
      if (error instanceof RenderingStoppedError) state.renderStopped = error.message;
      const record = await recordPage(crawl, item, selfId, raw.facts, headers, htmlBytes);
      if (!(error instanceof RenderingStoppedError) && !crawl.signal.aborted)
        record.render = unrendered(error instanceof Error ? error.message : String(error), rawSide);
      return record;
    }
    // What the browser fetched counts toward the audit's download limit like the pages do.
    spend(crawl, rendered.bytes);
    const facts = await parseRendered(rendered.html, crawl.breathe);
    const record = await recordPage(crawl, item, selfId, facts, headers, htmlBytes);
    const renderedNoindex = record.noindex;
    // Google reads a noindex in the raw HTML before (and instead of) rendering: either side's noindex holds.
    record.noindex ||= rawSide.noindex;
    record.render = await compareRender(crawl, store, item.url, rawSide, record, rendered, renderedNoindex);
    return record;
  }

  async function loadSitemaps(crawl: CrawlControl): Promise<void> {
    sitemapsStarted = true;
    state.sitemaps = await readSitemaps(crawl, {
      siteOrigin: crawl.frontier.siteOrigin,
      named: crawl.frontier.robots.sitemaps,
      maxUrls: options.maxSitemapUrls,
      timeoutMs: options.pageTimeoutMs,
      onUrl(url) {
        store.nodes[store.idOf(crawl.frontier.keyOf(url))].inSitemap = true;
        crawl.discover(url, 0);
      },
    });
  }

  const visitor: CrawlVisitor = {
    failed(item, message) {
      state.fetched += 1;
      store.nodes[store.idOf(item.url)].error = message;
    },
    async visit(item, res, crawl) {
      state.fetched += 1;
      const node = store.nodes[store.idOf(item.url)];
      const { status, headers } = res;
      node.status = status;
      node.start = item.start;
      node.ttfbMs = res.timings?.ttfbMs ?? 0;
      node.contentType = headers['content-type'] ?? '';
      if (status >= 300 && status < 400) {
        res.body.destroy();
        const target = await crawl.followRedirect(item, status, headers.location);
        if (target && crawl.frontier.isInSite(target)) node.redirectTo = store.idOf(crawl.frontier.keyOf(target));
        else if (target) node.redirectExternal = target;
        // A script that moved is still a script where it ends: measured, not parsed.
        if (node.redirectTo >= 0) store.nodes[node.redirectTo].loadedAs |= node.loadedAs;
        return;
      }
      if (status < 200 || status >= 300) {
        res.body.destroy();
        return crawl.failStart(item, 'upstream', `The start page answered HTTP ${status}.`);
      }
      // A script or stylesheet is measured, never parsed as a page, whatever its content type says.
      const loadedAsCode = !item.start && (node.loadedAs & (LOADED_AS.script | LOADED_AS.stylesheet)) !== 0;
      if (loadedAsCode || !isHtmlContentType(headers['content-type'])) {
        const sniff =
          !loadedAsCode && status === 200 && mayBeMislabelledHtml(headers['content-type'])
            ? (head: Buffer) => (node.htmlMislabelled = looksLikeHtml(head))
            : undefined;
        node.bytes = await bodySize(res, sniff, countLimitOf(node)).catch(() => -1);
        spend(crawl, Math.max(0, node.bytes));
        return crawl.failStart(
          item,
          'upstream',
          `The start page is not an HTML page (${headers['content-type'] || 'no content type'}).`,
        );
      }
      // The browser starts now, while the start page is read, not at its render. Not sooner: starting it
      // (loading Playwright) holds this thread for a moment, which would add to robots.txt's and the start
      // page's time to first byte (slow-response).
      if (item.start) options.renderer?.warmUp();
      let parsed;
      try {
        const render = options.renderer !== undefined && state.renderStopped === null;
        parsed = await parseHtml(res.body, headers['content-type'], crawl.breathe, render);
      } catch (error) {
        if (crawl.signal.aborted) {
          // Cut off by a stop, not the site's fault: reported as not crawled.
          node.status = 0;
          node.skipped = 'cap';
          return;
        }
        node.error = error instanceof Error ? error.message : String(error);
        node.status = 0;
        return crawl.failStart(item, 'upstream', `Could not read ${item.url}: ${node.error}`);
      }
      node.bytes = parsed.bytes;
      spend(crawl, parsed.bytes);
      node.page = parsed.body
        ? await recordRendered(crawl, item, node.id, { facts: parsed.facts, body: parsed.body }, res, parsed.bytes)
        : await recordPage(crawl, item, node.id, parsed.facts, headers, parsed.bytes);
      if (item.start && !sitemapsStarted) await loadSitemaps(crawl);
      options.onProgress?.();
    },
  };
  return { visitor, state };
}
