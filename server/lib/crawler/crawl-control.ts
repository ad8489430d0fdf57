import type { Readable } from 'node:stream';
import { CrawlStartError, type StartFailureKind } from './crawl-start-error.ts';
import type { DiscoverFlags, Frontier, FrontierResume, QueueItem, QueueSource, SeenUrls } from './frontier.ts';
import { normalizeUrl } from './normalize.ts';
import { RequestLimitError, type RequestBudget } from './request-budget.ts';
import { allowAll, disallowAll, loadRobots } from './robots.ts';
import type { SkipLog } from './skip-log.ts';
import type { TimeSlicer } from './time-slice.ts';
import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse, SkipReason, StopReason } from './types.ts';

/*
 * What a visitor of the crawl engine (crawl-core.ts) works with: the crawl's settings and result, and
 * the control it is handed with each response (discover, follow a redirect, stop, fetch a sitemap).
 */

export interface CoreOptions {
  startUrl: string;
  fetcher: CrawlFetcher;
  botName: string;
  concurrency: number;
  /**
   * Requests the crawl sends at most. Every request counts: robots.txt, each page, each redirect
   * hop and each sitemap file, so no site can make one crawl send more (an endless redirect chain).
   */
  maxRequests: number;
  maxDepth: number;
  pageTimeoutMs: number;
  crawlTimeoutMs: number;
  maxPageBytes: number;
  maxCrawlDelayMs: number;
  maxReportedSkips: number;
  /** Crawl URLs reached only through nofollow links too (the audit checks every link). */
  followNofollow?: boolean;
  /** Skip URLs whose extension says they are files (default true; the audit checks them too). */
  skipFileExtensions?: boolean;
  /** The pattern an in-site URL matches when it must not be crawled at all. */
  exclude?: (url: string) => string | null;
  /** Sees every skipped URL, including those past the report's listing limit. */
  onSkip?: (url: string, reason: SkipReason, detail: string) => void;
  /** After every response: URLs waiting or in flight, and URLs skipped so far. */
  onProgress?: (state: { queued: number; skipped: number }) => void;
  signal?: AbortSignal;
  /** The visitor typed a bare domain: when https fails at the connection, crawl the site over http. */
  httpFallback?: boolean;
  /** Shares the event loop with the pages being served (default: this thread's one slicer). */
  slicer?: TimeSlicer;
  /** Carry on a crawl an earlier try left part way (its process died): no start page, the frontier as it was. */
  resume?: CrawlResume;
  /** Where the frontier keeps the URLs waiting (default: in memory); a site audit's is its crawl store. */
  queue?: QueueSource;
  /**
   * Fetches a queued URL (default: `fetcher.stream` with `pageFetchOptions`): a shared site audit has its
   * parts on other workers fetch and read its pages (server/features/site-audit/shared/).
   */
  fetchPage?: (item: QueueItem, options: CrawlFetchOptions) => Promise<CrawlFetchResponse<Readable>>;
  /** Where the frontier remembers the URLs it has met (default: a Set of its own); a site audit's is its URL store. */
  seen?: SeenUrls;
}

/** Where an earlier try left a crawl: its frontier, the site's origin, and what it spent of the budgets. */
export interface CrawlResume extends FrontierResume {
  siteOrigin: string;
  /** Requests the earlier tries sent, and the crawl time they spent (the limits count them). */
  requests: number;
  elapsedMs: number;
}

/** What a visitor may do while handling a response. */
export interface CrawlControl {
  readonly signal: AbortSignal;
  readonly frontier: Frontier;
  readonly skips: SkipLog;
  discover(url: string | null, depth: number, flags?: DiscoverFlags): void;
  /** The start page (or a hop it redirects through) could not be crawled: the crawl fails with this. */
  failStart(item: QueueItem, kind: StartFailureKind, message: string): void;
  /**
   * Handles a 3xx: reports it, moves the crawl when the start page leaves its origin, queues the
   * target. Returns the normalised target, or null when the Location is unusable.
   */
  followRedirect(item: QueueItem, status: number, location: string | undefined): Promise<string | null>;
  /** Stops the crawl (for example a byte budget spent); queued URLs are reported as not crawled. */
  stop(reason: StopReason): void;
  /** A request outside the queue (a sitemap file), spaced by Crawl-delay like every page. */
  stream(url: string, options: CrawlFetchOptions): Promise<CrawlFetchResponse<Readable>>;
  /**
   * Call between units of synchronous work (a link, a chunk of HTML): past the event loop's slice
   * it waits for the loop to turn, so pages keep being served while a hostile site is read.
   */
  breathe(): Promise<void>;
  /**
   * The visit of `item` gives its place among the crawl's `concurrency` back and goes on (it waits for
   * other work, such as a render slot of its own): the crawl fetches the next URL meanwhile, and still
   * ends only when this visit has returned. Under a Crawl-delay the place is kept (one request at a time).
   */
  release(item: QueueItem): void;
}

export interface CrawlVisitor {
  /** Handles one response of a queued URL (fetched without following redirects). Must read or destroy its body. */
  visit(item: QueueItem, res: CrawlFetchResponse<Readable>, crawl: CrawlControl): Promise<void>;
  /** A queued URL could not be fetched at all (timeout, reset, forbidden address...). */
  failed?(item: QueueItem, message: string): void;
}

export interface CoreResult {
  siteOrigin: string;
  stoppedBy: StopReason;
  durationMs: number;
  crawlDelayMs: number;
  skips: SkipLog;
  frontier: Frontier;
  /** Requests sent, every kind counted (at most `maxRequests`). */
  requests: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Crawl-delay: one request at a time, spaced from the end of the previous response, so a slow server
 * gets the full pause between our requests however long its answers take.
 */
export function createPacer(frontier: Frontier, maxCrawlDelayMs: number, signal: AbortSignal) {
  let nextFetchAt = 0;
  const crawlDelayMs = () => Math.min(frontier.robots.crawlDelayMs, maxCrawlDelayMs);
  return {
    crawlDelayMs,
    async wait(): Promise<void> {
      if (crawlDelayMs() === 0) return;
      await sleep(nextFetchAt - Date.now(), signal);
    },
    /** A response ended: the next request waits the delay from now. */
    answered(): void {
      nextFetchAt = Date.now() + crawlDelayMs();
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;

/** The parts of one crawl its control acts on. */
export interface ControlParts {
  settings: CoreOptions;
  signal: AbortSignal;
  frontier: Frontier;
  skips: SkipLog;
  budget: RequestBudget;
  pacer: Pacer;
  breathe(): Promise<void>;
  stop(reason: StopReason): void;
  /** The start page could not be crawled: the crawl stops and throws this. */
  failed(failure: CrawlStartError): void;
  /** A visit gave its place back (CrawlControl.release). */
  release(item: QueueItem): void;
}

export function createCrawlControl(parts: ControlParts): CrawlControl {
  const { settings, signal, frontier, skips, budget, pacer, breathe } = parts;
  const control: CrawlControl = {
    signal,
    frontier,
    skips,
    discover: (url, depth, flags) => frontier.discover(url, depth, flags),
    failStart(item, kind, message) {
      if (item.start) parts.failed(new CrawlStartError(kind, message));
    },
    async followRedirect(item, status, location) {
      const target = location ? normalizeUrl(location, item.url) : null;
      if (!target) {
        skips.add(item.url, 'status', `${status} without a usable Location`);
        control.failStart(item, 'upstream', `${item.url} answered ${status} without a usable redirect target.`);
        return null;
      }
      skips.add(item.url, 'redirect', `${status} to ${target}`);
      // The start page decides where the site really lives (http to https, bare to www).
      if (item.start && new URL(target).origin !== frontier.siteOrigin) {
        const origin = new URL(target).origin;
        // With the budget spent nothing more is fetched: the target is reported as past the limit.
        const policy = await loadRobots(budget.fetcher, origin, settings.botName, {
          timeoutMs: settings.pageTimeoutMs,
          signal,
          breathe,
        }).catch((error: unknown) =>
          error instanceof RequestLimitError
            ? allowAll()
            : disallowAll(undefined, error instanceof Error ? error.message : String(error)),
        );
        frontier.moveSite(origin, policy);
      }
      frontier.discover(target, item.depth, { start: item.start });
      return target;
    },
    stop: parts.stop,
    breathe,
    release(item) {
      if (pacer.crawlDelayMs() === 0) parts.release(item);
    },
    async stream(url, options) {
      await pacer.wait();
      try {
        return await budget.fetcher.stream(url, { ...options, signal });
      } finally {
        pacer.answered();
      }
    },
  };
  return control;
}
