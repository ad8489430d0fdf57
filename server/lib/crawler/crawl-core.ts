import type { Readable } from 'node:stream';
import { CrawlStartError, type StartFailureKind } from './crawl-start-error.ts';
import { fetchErrorKind, startRobots } from './crawl-start.ts';
import { createFrontier, type DiscoverFlags, type Frontier, type QueueItem } from './frontier.ts';
import { normalizeUrl } from './normalize.ts';
import { createRequestBudget, RequestLimitError } from './request-budget.ts';
import { allowAll, disallowAll, loadRobots } from './robots.ts';
import { createSkipLog, type SkipLog } from './skip-log.ts';
import { eventLoopSlicer, type TimeSlicer } from './time-slice.ts';
import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse, SkipReason, StopReason } from './types.ts';

const STOP_DETAILS: Partial<Record<StopReason, string>> = {
  'time-limit': 'crawl time limit reached',
  'byte-limit': 'crawl byte limit reached',
  aborted: 'crawl stopped',
};

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

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
 * The crawl engine both the sitemap generator and the site audit drive: robots.txt, the
 * frontier (one spelling per URL, same site only, robots rules, depth and page caps), per-host
 * concurrency, Crawl-delay, time limit, abort, and the start page's special cases. What to do
 * with each response is the visitor's business. Throws CrawlStartError when the start page
 * itself cannot be crawled.
 */
export async function runCrawl(settings: CoreOptions, visitor: CrawlVisitor): Promise<CoreResult> {
  const startedAt = Date.now();
  let startUrl = normalizeUrl(settings.startUrl);
  if (!startUrl) throw new CrawlStartError('invalid-input', 'Please enter a valid http:// or https:// URL.');

  const controller = new AbortController();
  let stopReason = 'complete' as StopReason;
  const stop = (reason: StopReason) => {
    if (controller.signal.aborted) return;
    stopReason = reason;
    controller.abort();
  };
  const onOuterAbort = () => stop('aborted');
  if (settings.signal?.aborted) stop('aborted');
  settings.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const deadline = setTimeout(() => stop('time-limit'), settings.crawlTimeoutMs);
  const signal = controller.signal;
  const cleanup = () => {
    clearTimeout(deadline);
    settings.signal?.removeEventListener('abort', onOuterAbort);
  };

  const slicer = settings.slicer ?? eventLoopSlicer;
  const breathe = () => slicer.breathe();
  const skips = createSkipLog(settings.maxReportedSkips, settings.onSkip);
  const budget = createRequestBudget(settings.fetcher, settings.maxRequests);
  let startFailure: CrawlStartError | null = null;
  const { robots, siteUrl } = await startRobots(settings, budget, startUrl, signal, breathe).catch((error: unknown) => {
    cleanup();
    throw error;
  });
  startUrl = siteUrl;
  if (!robots.isAllowed(startUrl)) {
    cleanup();
    const why = robots.status
      ? `robots.txt answered HTTP ${robots.status}, which means no crawling is allowed`
      : `robots.txt does not allow crawling ${startUrl}`;
    throw new CrawlStartError('not-possible', `${why}.`);
  }
  const frontier = createFrontier({
    maxDepth: settings.maxDepth,
    skips,
    siteOrigin: new URL(startUrl).origin,
    robots,
    followNofollow: settings.followNofollow,
    skipFileExtensions: settings.skipFileExtensions,
    exclude: settings.exclude,
  });
  frontier.discover(startUrl, 0, { start: true });
  if (frontier.pending === 0) {
    // Refused before any request (a file extension, an over-long URL): say so rather than crawl nothing.
    cleanup();
    throw new CrawlStartError(
      'not-possible',
      `The start URL cannot be crawled: ${skips.listed()[0]?.detail ?? 'it was skipped'}.`,
    );
  }

  let active = 0;
  let nextFetchAt = 0;
  const progress = () => settings.onProgress?.({ queued: frontier.pending + active, skipped: skips.total });
  const crawlDelayMs = () => Math.min(frontier.robots.crawlDelayMs, settings.maxCrawlDelayMs);
  const stoppedDetail = () => STOP_DETAILS[stopReason] ?? 'crawl stopped';
  const limitDetail = `request limit of ${settings.maxRequests} reached`;

  // Crawl-delay counts from the end of the previous response, so a slow server gets the full
  // pause between our requests however long its answers take.
  async function politeWait(): Promise<void> {
    if (crawlDelayMs() === 0) return;
    await sleep(nextFetchAt - Date.now(), signal);
  }

  const control: CrawlControl = {
    signal,
    frontier,
    skips,
    discover: (url, depth, flags) => frontier.discover(url, depth, flags),
    failStart(item, kind, message) {
      if (!item.start) return;
      startFailure = new CrawlStartError(kind, message);
      stop('aborted');
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
    stop,
    breathe,
    async stream(url, options) {
      await politeWait();
      try {
        return await budget.fetcher.stream(url, { ...options, signal });
      } finally {
        nextFetchAt = Date.now() + crawlDelayMs();
      }
    },
  };

  async function visit(item: QueueItem): Promise<void> {
    await politeWait();
    if (signal.aborted) return skips.add(item.url, 'cap', stoppedDetail());
    let res;
    try {
      // Its one request was claimed from the budget when the pump took it off the queue.
      res = await settings.fetcher.stream(item.url, {
        maxRedirects: 0,
        timeoutMs: settings.pageTimeoutMs,
        maxBytes: settings.maxPageBytes,
        onTooLarge: 'truncate',
        signal,
        headers: { accept: ACCEPT_HTML },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (signal.aborted && !item.start) return skips.add(item.url, 'cap', stoppedDetail());
      skips.add(item.url, 'error', message);
      visitor.failed?.(item, message);
      const kind = fetchErrorKind(error);
      return control.failStart(
        item,
        kind,
        kind === 'invalid-input' ? message : `Could not fetch ${item.url}: ${message}`,
      );
    }
    await visitor.visit(item, res, control);
  }

  await new Promise<void>((resolve) => {
    function pump(): void {
      const limit = crawlDelayMs() > 0 ? 1 : settings.concurrency;
      while (!signal.aborted && active < limit && !budget.spent) {
        const item = frontier.next();
        if (!item) break;
        budget.claim(0);
        active += 1;
        visit(item)
          .catch((error: unknown) =>
            skips.add(item.url, 'error', error instanceof Error ? error.message : String(error)),
          )
          .finally(() => {
            active -= 1;
            nextFetchAt = Date.now() + crawlDelayMs();
            progress();
            pump();
          });
      }
      if (active === 0 && (signal.aborted || frontier.pending === 0 || budget.spent)) resolve();
    }
    progress();
    pump();
  });
  cleanup();
  if (startFailure) throw startFailure;

  if (stopReason !== 'complete') frontier.close(stoppedDetail());
  else if (frontier.pending > 0 || budget.spent) {
    stopReason = 'page-limit';
    frontier.close(limitDetail);
  }

  return {
    siteOrigin: frontier.siteOrigin,
    stoppedBy: stopReason,
    durationMs: Date.now() - startedAt,
    crawlDelayMs: crawlDelayMs(),
    skips,
    frontier,
    requests: budget.used,
  };
}

export function resolveBase(baseHref: string | null, pageUrl: string): string {
  if (!baseHref) return pageUrl;
  try {
    const base = new URL(baseHref, pageUrl);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base.href : pageUrl;
  } catch {
    return pageUrl;
  }
}
