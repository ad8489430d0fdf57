import { setMaxListeners } from 'node:events';
import { createCrawlControl, createPacer, type Pacer } from './crawl-control.ts';
import type { CoreOptions, CoreResult, CrawlControl, CrawlResume, CrawlVisitor } from './crawl-control.ts';
import { CrawlStartError } from './crawl-start-error.ts';
import { fetchErrorKind, startRobots } from './crawl-start.ts';
import { createFrontier, type Frontier, type QueueItem } from './frontier.ts';
import { normalizeUrl } from './normalize.ts';
import { createRequestBudget, type RequestBudget } from './request-budget.ts';
import type { RobotsPolicy } from './robots.ts';
import { createSkipLog, type SkipLog } from './skip-log.ts';
import { eventLoopSlicer } from './time-slice.ts';
import type { CrawlFetchOptions, StopReason } from './types.ts';

export type { CoreOptions, CoreResult, CrawlControl, CrawlResume, CrawlVisitor } from './crawl-control.ts';

const STOP_DETAILS: Partial<Record<StopReason, string>> = {
  'time-limit': 'crawl time limit reached',
  'byte-limit': 'crawl byte limit reached',
  aborted: 'crawl stopped',
};

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** How a crawl ends early: its own signal, aborted by the caller's signal, the time limit or a stop. */
function createStopper(settings: CoreOptions) {
  const controller = new AbortController();
  // Every page in flight listens on this signal (its fetch's deadline): `concurrency` of them at once by design,
  // which past Node's 10 printed "Possible EventTarget memory leak detected". The ceiling stays, above them.
  setMaxListeners(settings.concurrency + 10, controller.signal);
  let reason = 'complete' as StopReason;
  const stop = (why: StopReason) => {
    if (controller.signal.aborted) return;
    reason = why;
    controller.abort();
  };
  const onOuterAbort = () => stop('aborted');
  if (settings.signal?.aborted) stop('aborted');
  settings.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const deadline = setTimeout(() => stop('time-limit'), settings.crawlTimeoutMs - (settings.resume?.elapsedMs ?? 0));
  return {
    signal: controller.signal,
    stop,
    get reason() {
      return reason;
    },
    /** Why queued URLs were not crawled, once stopped. */
    detail: () => STOP_DETAILS[reason] ?? 'crawl stopped',
    cleanup() {
      clearTimeout(deadline);
      settings.signal?.removeEventListener('abort', onOuterAbort);
    },
  };
}

type Stopper = ReturnType<typeof createStopper>;

/** robots.txt first (it may move a bare domain to http), then the frontier holding the start URL. */
async function openFrontier(
  settings: CoreOptions,
  budget: RequestBudget,
  skips: SkipLog,
  requested: string,
  stopper: Stopper,
): Promise<Frontier> {
  const breathe = () => (settings.slicer ?? eventLoopSlicer).breathe();
  const { robots, siteUrl: startUrl } = await startRobots(settings, budget, requested, stopper.signal, breathe);
  if (!robots.isAllowed(startUrl)) {
    const why = robots.status
      ? `robots.txt answered HTTP ${robots.status}, which means no crawling is allowed`
      : `robots.txt does not allow crawling ${startUrl}`;
    throw new CrawlStartError('not-possible', `${why}.`);
  }
  const frontier = createFrontier(frontierOptions(settings, skips, new URL(startUrl).origin, robots));
  frontier.discover(startUrl, 0, { start: true });
  if (frontier.pending === 0) {
    // Refused before any request (a file extension, an over-long URL): say so rather than crawl nothing.
    throw new CrawlStartError(
      'not-possible',
      `The start URL cannot be crawled: ${skips.listed()[0]?.detail ?? 'it was skipped'}.`,
    );
  }
  return frontier;
}

/** The frontier's settings from the crawl's. */
function frontierOptions(settings: CoreOptions, skips: SkipLog, siteOrigin: string, robots: RobotsPolicy) {
  return {
    maxDepth: settings.maxDepth,
    skips,
    siteOrigin,
    robots,
    followNofollow: settings.followNofollow,
    skipFileExtensions: settings.skipFileExtensions,
    exclude: settings.exclude,
    queue: settings.queue,
    seen: settings.seen,
  };
}

/**
 * A crawl carried on: robots.txt is read again at the site's origin (its rules hold from now on), and the
 * frontier is the stored one: the start page and the sitemaps are not fetched again.
 */
async function resumeFrontier(
  settings: CoreOptions,
  resume: CrawlResume,
  budget: RequestBudget,
  skips: SkipLog,
  stopper: Stopper,
): Promise<Frontier> {
  const breathe = () => (settings.slicer ?? eventLoopSlicer).breathe();
  const start = `${resume.siteOrigin}/`;
  const { robots } = await startRobots({ ...settings, httpFallback: false }, budget, start, stopper.signal, breathe);
  return createFrontier({ ...frontierOptions(settings, skips, resume.siteOrigin, robots), resume });
}

/** What fetching the queue needs: the crawl's parts, its control and its visitor. */
interface Drain {
  settings: CoreOptions;
  stopper: Stopper;
  frontier: Frontier;
  skips: SkipLog;
  budget: RequestBudget;
  pacer: Pacer;
  control: CrawlControl;
  visitor: CrawlVisitor;
}

/** How the crawl asks for a queued URL: no redirect followed, its time and size capped, HTML preferred. */
export function pageFetchOptions(
  limits: Pick<CoreOptions, 'pageTimeoutMs' | 'maxPageBytes'>,
  signal: AbortSignal,
): CrawlFetchOptions {
  return {
    maxRedirects: 0,
    timeoutMs: limits.pageTimeoutMs,
    maxBytes: limits.maxPageBytes,
    onTooLarge: 'truncate',
    signal,
    headers: { accept: ACCEPT_HTML },
  };
}

/** One queued URL: fetched (its request was claimed when it left the queue) and handed to the visitor. */
async function visitItem(run: Drain, item: QueueItem): Promise<void> {
  const { settings, stopper, skips, control, visitor } = run;
  await run.pacer.wait();
  if (stopper.signal.aborted) return skips.add(item.url, 'cap', stopper.detail());
  let res;
  try {
    const options = pageFetchOptions(settings, stopper.signal);
    res = await (settings.fetchPage ? settings.fetchPage(item, options) : settings.fetcher.stream(item.url, options));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (stopper.signal.aborted && !item.start) return skips.add(item.url, 'cap', stopper.detail());
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

/**
 * The crawl's places: a visit holds one from its fetch until it returns, or until it gives it back
 * (CrawlControl.release: a rendered page waiting for its render) and goes on outside them. The crawl is
 * done only when no visit goes on, held or given back.
 */
function createPlaces() {
  const held = new Set<QueueItem>();
  let outside = 0;
  let freed = () => {};
  return {
    /** Visits holding a place. */
    get held() {
      return held.size;
    },
    /** Visits going on, holding a place or not. */
    get going() {
      return held.size + outside;
    },
    take(item: QueueItem): void {
      held.add(item);
    },
    release(item: QueueItem): void {
      if (!held.delete(item)) return;
      outside += 1;
      freed();
    },
    end(item: QueueItem): void {
      if (!held.delete(item)) outside -= 1;
    },
    /** Called when a place is given back (the queue is pumped again). */
    onFreed(pump: () => void): void {
      freed = pump;
    },
  };
}

type Places = ReturnType<typeof createPlaces>;

/** Fetches the queue, `concurrency` at a time (one with a Crawl-delay), until it is empty, spent or stopped. */
function drainQueue(run: Drain, places: Places): Promise<void> {
  const { settings, stopper, frontier, skips, budget, pacer } = run;
  const progress = () => settings.onProgress?.({ queued: frontier.pending + places.going, skipped: skips.total });
  return new Promise<void>((resolve) => {
    function pump(): void {
      const limit = pacer.crawlDelayMs() > 0 ? 1 : settings.concurrency;
      while (!stopper.signal.aborted && places.held < limit && !budget.spent) {
        const item = frontier.next();
        if (!item) {
          // A stored queue brings its next batch in; the fetches under way go on meanwhile.
          if (frontier.pending > 0) void frontier.refill().then(pump);
          break;
        }
        budget.claim(0);
        places.take(item);
        visitItem(run, item)
          .catch((error: unknown) =>
            skips.add(item.url, 'error', error instanceof Error ? error.message : String(error)),
          )
          .finally(() => {
            places.end(item);
            pacer.answered();
            progress();
            pump();
          });
      }
      if (places.going === 0 && (stopper.signal.aborted || frontier.pending === 0 || budget.spent)) resolve();
    }
    places.onFreed(pump);
    progress();
    pump();
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
  const startUrl = normalizeUrl(settings.startUrl);
  if (!startUrl) throw new CrawlStartError('invalid-input', 'Please enter a valid http:// or https:// URL.');

  const stopper = createStopper(settings);
  const skips = createSkipLog(settings.maxReportedSkips, settings.onSkip);
  const budget = createRequestBudget(settings.fetcher, settings.maxRequests, settings.resume?.requests);
  let frontier: Frontier;
  try {
    frontier = settings.resume
      ? await resumeFrontier(settings, settings.resume, budget, skips, stopper)
      : await openFrontier(settings, budget, skips, startUrl, stopper);
  } catch (error) {
    stopper.cleanup();
    throw error;
  }
  const slicer = settings.slicer ?? eventLoopSlicer;
  const pacer = createPacer(frontier, settings.maxCrawlDelayMs, stopper.signal);
  let startFailure: CrawlStartError | null = null;
  const places = createPlaces();
  const control = createCrawlControl({
    settings,
    signal: stopper.signal,
    frontier,
    skips,
    budget,
    pacer,
    breathe: () => slicer.breathe(),
    stop: stopper.stop,
    failed(failure) {
      startFailure = failure;
      stopper.stop('aborted');
    },
    release: (item) => places.release(item),
  });
  await drainQueue({ settings, stopper, frontier, skips, budget, pacer, control, visitor }, places);
  stopper.cleanup();
  if (startFailure) throw startFailure;

  let stoppedBy = stopper.reason;
  if (stoppedBy !== 'complete') await frontier.close(stopper.detail());
  else if (frontier.pending > 0 || budget.spent) {
    stoppedBy = 'page-limit';
    await frontier.close(`request limit of ${settings.maxRequests} reached`);
  }
  return {
    siteOrigin: frontier.siteOrigin,
    stoppedBy,
    durationMs: Date.now() - startedAt + (settings.resume?.elapsedMs ?? 0),
    crawlDelayMs: pacer.crawlDelayMs(),
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
