import type { Readable } from 'node:stream';
import type { CrawlControl, CrawlVisitor } from '#server/lib/crawler/index.ts';
import type { QueueItem } from '#server/lib/crawler/frontier.ts';
import type { CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';
import { createPageRecorder, type PageRecorder } from './page-record.ts';
import { compareRender, parseRendered, unrendered } from './render/compare.ts';
import { RenderingStoppedError, type AuditRenderer } from './render/renderer.ts';
import { bodyKindOf, measureBody, parseHtml, preparedBodies } from './response-body.ts';
import { readSitemaps, type SitemapReadResult } from './sitemaps.ts';
import type { PageRecord, UrlNode, UrlStore } from './store.ts';

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
  /** A crawl carried on after a crash: what earlier tries fetched and read (the start page and sitemaps are not read again). */
  resumed?: Pick<AuditCrawlState, 'fetched' | 'bytes' | 'startUnrendered'> & { sitemaps: SitemapReadResult };
}

export interface AuditCrawlState {
  fetched: number;
  bytes: number;
  sitemaps: SitemapReadResult | null;
  /** Why the audit stopped rendering JavaScript part way (the rest was read as raw HTML). */
  renderStopped: string | null;
  /** Why the start page could not be rendered (it was read from its raw HTML and the crawl went on). */
  startUnrendered?: string;
}

/** What the crawl policy's steps share: the options, the crawl's running state, the page recorder. */
interface Policy {
  options: AuditVisitorOptions;
  state: AuditCrawlState;
  recordPage: PageRecorder;
  spend(crawl: CrawlControl, bytes: number): void;
}

/**
 * Rendering on: the page is rendered from the document already fetched, its rendered DOM parsed by the
 * same parser and recorded (its links are the ones followed); what differs from the raw HTML is kept in
 * `render`. A page that cannot be rendered keeps its raw facts and says why.
 */
async function recordRendered(
  policy: Policy,
  crawl: CrawlControl,
  item: QueueItem,
  selfId: number,
  raw: { facts: PageFacts; body: Buffer },
  response: { status: number; headers: Record<string, string> },
  htmlBytes: number,
): Promise<PageRecord> {
  const { headers } = response;
  const { options, state, recordPage } = policy;
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
      // Holding a render slot, the page gives its fetch place back: the crawl fetches on meanwhile. Not the
      // start page: its visit reads the sitemaps next, fetches that count among the crawl's places.
      () => item.start || crawl.release(item),
    );
  } catch (error) {
    if (error instanceof RenderingStoppedError) state.renderStopped = error.message;
    const record = await recordPage(crawl, { item, selfId, facts: raw.facts, headers, htmlBytes });
    if (!(error instanceof RenderingStoppedError) && !crawl.signal.aborted) {
      record.render = unrendered(error instanceof Error ? error.message : String(error), rawSide);
      if (item.start) state.startUnrendered = startUnrenderedNote(record.render.error!);
    }
    return record;
  }
  // What the browser fetched counts toward the audit's download limit like the pages do.
  policy.spend(crawl, rendered.bytes);
  const facts = await parseRendered(rendered.html, crawl.breathe);
  const record = await recordPage(crawl, { item, selfId, facts, headers, htmlBytes });
  const renderedNoindex = record.noindex;
  // Google reads a noindex in the raw HTML before (and instead of) rendering: either side's noindex holds.
  record.noindex ||= rawSide.noindex;
  record.render = await compareRender(crawl, options.store, item.url, rawSide, record, rendered, renderedNoindex);
  return record;
}

/** The report's word on a start page that could not be rendered: discovery did not end there. */
function startUnrenderedNote(reason: string): string {
  return `The start page could not be rendered (${reason.replace(/\.$/, '')}), twice; it was read from its raw HTML and the crawl went on from its links and the sitemaps.`;
}

/** A 3xx: its target is queued (in-site) or kept (another site); a script that moved is still a script. */
async function visitRedirect(
  policy: Policy,
  node: UrlNode,
  item: QueueItem,
  res: CrawlFetchResponse<Readable>,
  crawl: CrawlControl,
): Promise<void> {
  const { store } = policy.options;
  res.body.destroy();
  const target = await crawl.followRedirect(item, res.status, res.headers.location);
  if (target && crawl.frontier.isInSite(target)) node.redirectTo = store.idOf(crawl.frontier.keyOf(target));
  else if (target) node.redirectExternal = target;
  // A script that moved is still a script where it ends: measured, not parsed.
  if (node.redirectTo >= 0) store.nodes[node.redirectTo].loadedAs |= node.loadedAs;
}

/** Not a page to parse (an image, a file, a script or stylesheet whatever its type says): measured. */
async function measure(
  policy: Policy,
  node: UrlNode,
  item: QueueItem,
  res: CrawlFetchResponse<Readable>,
  crawl: CrawlControl,
): Promise<void> {
  const { headers } = res;
  const prepared = preparedBodies.get(res);
  const measured = prepared?.kind === 'measured' ? prepared : await measureBody(res, item.start, node.loadedAs);
  node.bytes = measured.bytes;
  node.htmlMislabelled = measured.htmlMislabelled;
  policy.spend(crawl, Math.max(0, node.bytes));
  crawl.failStart(
    item,
    'upstream',
    `The start page is not an HTML page (${headers['content-type'] || 'no content type'}).`,
  );
}

/** An HTML page: parsed as it streams in (and rendered, when the audit renders), then recorded (true). */
async function readPage(
  policy: Policy,
  node: UrlNode,
  item: QueueItem,
  res: CrawlFetchResponse<Readable>,
  crawl: CrawlControl,
): Promise<boolean> {
  const { options, state } = policy;
  // The browser starts now, while the start page is read, not at its render. Not sooner: starting it
  // (loading Playwright) holds this thread for a moment, which would add to robots.txt's and the start
  // page's time to first byte (slow-response).
  if (item.start) options.renderer?.warmUp();
  let parsed: { facts: PageFacts; bytes: number; body?: Buffer };
  try {
    const render = options.renderer !== undefined && state.renderStopped === null;
    const prepared = preparedBodies.get(res);
    if (prepared?.kind === 'unreadable') throw new Error(prepared.message);
    parsed =
      prepared?.kind === 'page'
        ? prepared
        : await parseHtml(res.body, res.headers['content-type'], crawl.breathe, render);
  } catch (error) {
    if (crawl.signal.aborted) {
      // Cut off by a stop, not the site's fault: reported as not crawled.
      node.status = 0;
      node.skipped = 'cap';
      return false;
    }
    node.error = error instanceof Error ? error.message : String(error);
    node.status = 0;
    crawl.failStart(item, 'upstream', `Could not read ${item.url}: ${node.error}`);
    return false;
  }
  node.bytes = parsed.bytes;
  policy.spend(crawl, parsed.bytes);
  node.page = parsed.body
    ? await recordRendered(policy, crawl, item, node.id, { facts: parsed.facts, body: parsed.body }, res, parsed.bytes)
    : await policy.recordPage(crawl, {
        item,
        selfId: node.id,
        facts: parsed.facts,
        headers: res.headers,
        htmlBytes: parsed.bytes,
      });
  return true;
}

/**
 * The audit policy over the crawl engine: record facts for every URL (any status, any type),
 * follow links from every page (noindex and nofollow ones too, and nofollow links), and queue
 * the canonical, hreflang, image and sitemap URLs so their status is known. What a page's record
 * holds is page-record.ts's.
 */
export function createAuditVisitor(options: AuditVisitorOptions): { visitor: CrawlVisitor; state: AuditCrawlState } {
  const { store } = options;
  const state: AuditCrawlState = { fetched: 0, bytes: 0, sitemaps: null, renderStopped: null, ...options.resumed };
  let sitemapsStarted = options.resumed !== undefined;
  const policy: Policy = {
    options,
    state,
    recordPage: createPageRecorder(store),
    spend(crawl, bytes) {
      state.bytes += bytes;
      if (state.bytes > options.maxTotalBytes) crawl.stop('byte-limit');
    },
  };

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
      if (status >= 300 && status < 400) return visitRedirect(policy, node, item, res, crawl);
      const kind = bodyKindOf(status, headers['content-type'], item.start, node.loadedAs);
      if (kind === 'none') {
        res.body.destroy();
        return crawl.failStart(item, 'upstream', `The start page answered HTTP ${status}.`);
      }
      if (kind === 'measure') return measure(policy, node, item, res, crawl);
      if (!(await readPage(policy, node, item, res, crawl))) return;
      if (item.start && !sitemapsStarted) await loadSitemaps(crawl);
      options.onProgress?.();
    },
  };
  return { visitor, state };
}
