import { isDomainError } from '#server/services/domain-errors.ts';
import { CrawlStartError } from './crawl-start-error.ts';
import { CRAWL_DEFAULTS } from './defaults.ts';
import { charsetOf, isHtmlContentType, mergeDirectives, parseRobotsDirectives } from './directives.ts';
import { createFrontier, type QueueItem } from './frontier.ts';
import { lastmodFromHeader } from './lastmod.ts';
import { normalizeUrl, upgradeScheme } from './normalize.ts';
import { parsePageStream } from './page-parse.ts';
import { disallowAll, loadRobots, type RobotsPolicy } from './robots.ts';
import { createSkipLog } from './skip-log.ts';
import type { CrawlOptions, CrawlResult, ListedPage, StopReason } from './types.ts';


const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

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
 * Crawls one site breadth-first and returns the indexable HTML pages plus a report of every
 * URL it left out and why. Fetches go through the guarded fetcher with redirects off, so each
 * redirect target is checked against the host, robots.txt and the seen set before it is fetched.
 * Throws CrawlStartError when the start page itself cannot be crawled.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const settings = { ...CRAWL_DEFAULTS, ...definedOnly(options) };
  const startedAt = Date.now();
  const startUrl = normalizeUrl(options.startUrl);
  if (!startUrl) throw new CrawlStartError('invalid-input', 'Please enter a valid http:// or https:// URL.');

  const controller = new AbortController();
  let stopReason = 'complete' as StopReason;
  const stop = (reason: StopReason) => {
    if (controller.signal.aborted) return;
    stopReason = reason;
    controller.abort();
  };
  const onOuterAbort = () => stop('aborted');
  if (options.signal?.aborted) stop('aborted');
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const deadline = setTimeout(() => stop('time-limit'), settings.crawlTimeoutMs);
  const signal = controller.signal;

  const skips = createSkipLog(settings.maxReportedSkips);
  const listed: ListedPage[] = [];
  let startFailure: CrawlStartError | null = null;
  const robots = await startRobots(options, startUrl, settings.pageTimeoutMs, signal).catch((error: unknown) => {
    cleanup();
    throw error;
  });
  if (!robots.isAllowed(startUrl)) {
    cleanup();
    const why = robots.status ? `robots.txt answered HTTP ${robots.status}, which means no crawling is allowed` : `robots.txt does not allow crawling ${startUrl}`;
    throw new CrawlStartError('not-possible', `${why}.`);
  }
  const frontier = createFrontier({ maxDepth: settings.maxDepth, skips, siteOrigin: new URL(startUrl).origin, robots });
  frontier.discover(startUrl, 0, { start: true });
  if (frontier.pending === 0) {
    // Refused before any request (a file extension, an over-long URL): say so rather than crawl nothing.
    cleanup();
    throw new CrawlStartError('not-possible', `The start URL cannot be crawled: ${skips.listed()[0]?.detail ?? 'it was skipped'}.`);
  }

  let active = 0;
  let nextFetchAt = 0;
  const crawlDelayMs = () => Math.min(frontier.robots.crawlDelayMs, settings.maxCrawlDelayMs);
  const progress = () => options.onProgress?.({ found: listed.length, queued: frontier.pending + active, skipped: skips.total });

  // Crawl-delay counts from the end of the previous response, so a slow server gets the full
  // pause between our requests however long its answers take.
  async function politeWait(): Promise<void> {
    if (crawlDelayMs() === 0) return;
    await sleep(nextFetchAt - Date.now(), signal);
  }

  function failStart(item: QueueItem, kind: StartFailureKind, message: string): void {
    if (!item.start) return;
    startFailure = new CrawlStartError(kind, message);
    stop('aborted');
  }

  async function visit(item: QueueItem): Promise<void> {
    await politeWait();
    if (signal.aborted) return skips.add(item.url, 'cap', stopReason === 'time-limit' ? 'crawl time limit reached' : 'crawl stopped');
    let res;
    try {
      res = await options.fetcher.stream(item.url, {
        maxRedirects: 0,
        timeoutMs: settings.pageTimeoutMs,
        maxBytes: settings.maxPageBytes,
        onTooLarge: 'truncate',
        signal,
        headers: { accept: ACCEPT_HTML },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (signal.aborted && !item.start) return skips.add(item.url, 'cap', stopReason === 'time-limit' ? 'crawl time limit reached' : 'crawl stopped');
      skips.add(item.url, 'error', message);
      return failStart(item, fetchErrorKind(error), fetchErrorKind(error) === 'invalid-input' ? message : `Could not fetch ${item.url}: ${message}`);
    }
    const { status, headers } = res;
    if (status >= 300 && status < 400) {
      res.body.destroy();
      const target = headers.location ? normalizeUrl(headers.location, item.url) : null;
      if (!target) {
        skips.add(item.url, 'status', `${status} without a usable Location`);
        return failStart(item, 'upstream', `${item.url} answered ${status} without a usable redirect target.`);
      }
      skips.add(item.url, 'redirect', `${status} to ${target}`);
      // The start page decides where the site really lives (http to https, bare to www).
      if (item.start && new URL(target).origin !== frontier.siteOrigin) await followSiteMove(target);
      frontier.discover(target, item.depth, { start: item.start });
      return;
    }
    if (status < 200 || status >= 300) {
      res.body.destroy();
      skips.add(item.url, 'status', `HTTP ${status}`);
      return failStart(item, 'upstream', `The start page answered HTTP ${status}.`);
    }
    if (!isHtmlContentType(headers['content-type'])) {
      res.body.destroy();
      skips.add(item.url, 'non-html', headers['content-type'] || 'no content type');
      return failStart(item, 'upstream', `The start page is not an HTML page (${headers['content-type'] || 'no content type'}).`);
    }
    let page;
    try {
      page = await parsePageStream(res.body, { botName: options.botName, charset: charsetOf(headers['content-type']) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      skips.add(item.url, signal.aborted ? 'cap' : 'error', signal.aborted ? 'crawl stopped while reading' : message);
      return failStart(item, 'upstream', `Could not read ${item.url}: ${message}`);
    }
    const directives = mergeDirectives(page.directives, parseRobotsDirectives(headers['x-robots-tag'] ?? '', options.botName));
    const base = resolveBase(page.baseHref, item.url);
    const canonical = page.canonical ? normalizeUrl(page.canonical, base) : null;
    const canonicalHere = canonical === null || upgradeScheme(canonical, frontier.siteOrigin) === item.url;
    if (directives.noindex) {
      skips.add(item.url, 'noindex', headers['x-robots-tag'] && /noindex|none/i.test(headers['x-robots-tag']) ? 'X-Robots-Tag noindex' : 'meta robots noindex');
    } else if (!canonicalHere && canonical) {
      skips.add(item.url, 'canonical', `canonical is ${canonical}`);
      frontier.discover(canonical, item.depth);
    } else if (listed.length >= settings.maxPages) {
      skips.add(item.url, 'cap', `page limit of ${settings.maxPages} reached`);
    } else {
      listed.push({ url: item.url, lastmod: lastmodFromHeader(headers['last-modified']) });
      if (listed.length >= settings.maxPages) {
        stopReason = 'page-limit';
        frontier.close(`page limit of ${settings.maxPages} reached`);
      }
    }
    for (const link of page.links) {
      frontier.discover(normalizeUrl(link.href, base), item.depth + 1, { nofollow: link.nofollow || directives.nofollow });
    }
  }

  async function followSiteMove(target: string): Promise<void> {
    const origin = new URL(target).origin;
    const policy = await loadRobots(options.fetcher, origin, options.botName, { timeoutMs: settings.pageTimeoutMs, signal }).catch(() => disallowAll());
    frontier.moveSite(origin, policy);
  }

  await new Promise<void>((resolve) => {
    function pump(): void {
      const limit = crawlDelayMs() > 0 ? 1 : settings.concurrency;
      while (!signal.aborted && active < limit && listed.length + active < settings.maxPages) {
        const item = frontier.next();
        if (!item) break;
        active += 1;
        visit(item)
          .catch((error: unknown) => skips.add(item.url, 'error', error instanceof Error ? error.message : String(error)))
          .finally(() => {
            active -= 1;
            nextFetchAt = Date.now() + crawlDelayMs();
            progress();
            pump();
          });
      }
      if (active === 0 && (signal.aborted || frontier.pending === 0 || listed.length >= settings.maxPages)) resolve();
    }
    progress();
    pump();
  });
  cleanup();
  if (startFailure) throw startFailure;

  if (stopReason === 'time-limit') frontier.close('crawl time limit reached');
  else if (stopReason === 'aborted') frontier.close('crawl stopped');
  else if (frontier.pending > 0 || listed.length >= settings.maxPages) {
    stopReason = 'page-limit';
    frontier.close(`page limit of ${settings.maxPages} reached`);
  }
  for (const url of frontier.nofollowOnly()) skips.add(url, 'nofollow', 'only linked with nofollow');
  progress();

  return {
    pages: listed,
    report: {
      startUrl,
      siteUrl: frontier.siteOrigin,
      pages: listed.length,
      stoppedBy: stopReason,
      durationMs: Date.now() - startedAt,
      crawlDelayMs: crawlDelayMs(),
      skippedCounts: skips.counts(),
      skipped: skips.listed(),
      skippedTruncated: skips.truncated(),
    },
  };

  function cleanup(): void {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** The start site's robots.txt; failing to fetch it means the site is unreachable (or forbidden). */
async function startRobots(options: CrawlOptions, startUrl: string, timeoutMs: number, signal: AbortSignal): Promise<RobotsPolicy> {
  try {
    return await loadRobots(options.fetcher, new URL(startUrl).origin, options.botName, { timeoutMs, signal });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CrawlStartError(fetchErrorKind(error), fetchErrorKind(error) === 'invalid-input' ? message : `Could not reach ${new URL(startUrl).host}: ${message}`);
  }
}

type StartFailureKind = ConstructorParameters<typeof CrawlStartError>[0];

/** The guarded fetcher marks what the user sent (bad or forbidden URL) as invalid input. */
function fetchErrorKind(error: unknown): 'invalid-input' | 'upstream' {
  return isDomainError(error) && error.kind === 'invalid-input' ? 'invalid-input' : 'upstream';
}

function resolveBase(baseHref: string | null, pageUrl: string): string {
  if (!baseHref) return pageUrl;
  try {
    const base = new URL(baseHref, pageUrl);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base.href : pageUrl;
  } catch {
    return pageUrl;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
