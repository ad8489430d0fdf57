import { resolveBase, type CrawlControl } from '#server/lib/crawler/index.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import { createPageFactsParser } from '#server/lib/page-facts/extract.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import type { PageRecord, RenderRecord, UrlNode, UrlStore } from '../store.ts';
import type { RenderedPage } from './render-job.ts';

/** Links named in a page's record to show in a detail line. */
const FIRST_LINKS = 3;
/** Rendered HTML is parsed in slices this long, breathing between them. */
const SLICE_CHARS = 64 * 1024;

/** The rendered DOM through the same one-pass parser as the raw HTML. */
export async function parseRendered(html: string, breathe: () => Promise<void>): Promise<PageFacts> {
  const parser = createPageFactsParser({ fingerprint: true, styles: false, structuredData: true });
  for (let at = 0; at < html.length; at += SLICE_CHARS) {
    parser.write(html.slice(at, at + SLICE_CHARS));
    await breathe();
  }
  return parser.end();
}

/** A canonical as one comparable string: the crawl's key for in-site URLs, the URL or raw text otherwise. */
function canonicalKey(crawl: CrawlControl, facts: PageFacts, pageUrl: string): string | null {
  const first = facts.canonicals[0];
  if (!first) return null;
  const url = normalizeUrl(first.href, resolveBase(facts.baseHref, pageUrl));
  if (url === null) return first.href;
  return crawl.frontier.isInSite(url) ? crawl.frontier.keyOf(url) : url;
}

/** The in-site link targets of the raw HTML, in the crawl's key form (nothing is queued). */
async function rawLinkKeys(crawl: CrawlControl, facts: PageFacts, pageUrl: string): Promise<Set<string>> {
  const base = resolveBase(facts.baseHref, pageUrl);
  const keys = new Set<string>();
  for (const link of facts.links) {
    await crawl.breathe();
    const url = normalizeUrl(link.href, base);
    if (url !== null && crawl.frontier.isInSite(url)) keys.add(crawl.frontier.keyOf(url));
  }
  return keys;
}

/** The record's canonical as the same comparable string as canonicalKey. */
export function recordCanonical(nodes: readonly UrlNode[], record: PageRecord): string | null {
  const ref = record.canonical;
  if (ref.kind === 'internal') return nodes[ref.id].url;
  if (ref.kind === 'external') return ref.url;
  if (ref.kind === 'invalid') return ref.raw;
  return null;
}

/**
 * What rendering changed, kept compactly beside the rendered page's record: the raw title only when it
 * differs, counts, booleans, the first few link ids, and the page's console errors and failed requests.
 */
export async function compareRender(
  crawl: CrawlControl,
  store: UrlStore,
  pageUrl: string,
  raw: { facts: PageFacts; noindex: boolean },
  record: PageRecord,
  rendered: RenderedPage,
  renderedNoindex: boolean,
): Promise<RenderRecord> {
  const rawLinks = await rawLinkKeys(crawl, raw.facts, pageUrl);
  const onlyRendered = record.links.filter((id) => !rawLinks.has(store.nodes[id].url));
  const rawTitle = raw.facts.title || null;
  return {
    error: null,
    ...(rawTitle !== record.title ? { rawTitle: rawTitle?.slice(0, 300) ?? null } : {}),
    rawH1Count: raw.facts.h1.length,
    rawCanonical: canonicalKey(crawl, raw.facts, pageUrl),
    rawNoindex: raw.noindex,
    renderedNoindex,
    linksOnlyRendered: onlyRendered.length,
    linksOnlyRenderedFirst: onlyRendered.slice(0, FIRST_LINKS),
    consoleErrors: rendered.consoleErrors,
    failedResources: rendered.failedResources,
    ...(rendered.failedData.count ? { failedData: rendered.failedData } : {}),
    ...(rendered.uncrawlable.count ? { uncrawlable: rendered.uncrawlable } : {}),
    ...(rendered.vitals ? { vitals: rendered.vitals } : {}),
    ...(rendered.axe?.length ? { axe: rendered.axe } : {}),
    ...(rendered.unsettled ? { unsettled: rendered.unsettled.slice(0, 300) } : {}),
  };
}

/** The record of a page that could not be rendered: its raw facts stand, and the reason is kept. */
export function unrendered(error: string, raw: { facts: PageFacts; noindex: boolean }): RenderRecord {
  return {
    error: error.slice(0, 300),
    rawH1Count: raw.facts.h1.length,
    rawCanonical: null,
    rawNoindex: raw.noindex,
    renderedNoindex: raw.noindex,
    linksOnlyRendered: 0,
    linksOnlyRenderedFirst: [],
    consoleErrors: { count: 0, first: [] },
    failedResources: { count: 0, first: [] },
  };
}
