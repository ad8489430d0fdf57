import type { Page, Request, Route } from 'playwright-core';
import { keptHeaders } from '#server/lib/browser/headers.ts';
import { FetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ResourceCache } from './cache.ts';
import type { Job } from './render-job.ts';

const SKIPPED_TYPES = new Set(['image', 'font', 'media']);
/** The page's own data requests: a failure of one is reported apart, with the page's console errors. */
const DATA_TYPES = new Set(['fetch', 'xhr', 'eventsource']);

/** A request of the page that failed, in the list of its kind. */
function failed(current: Job, request: Request, entry: string): void {
  (DATA_TYPES.has(request.resourceType()) ? current.failedData : current.failedResources).add(entry);
}
const FORWARDED_HEADERS = ['accept', 'accept-language', 'content-type', 'referer', 'range'];
function fetchMethod(request: Request): 'GET' | 'HEAD' | 'POST' {
  const method = request.method();
  return method === 'POST' ? 'POST' : method === 'HEAD' ? 'HEAD' : 'GET';
}

/** What the slot's request interception answers with: its tab, the guarded fetcher and the audit's file cache. */
export interface RequestContext {
  page: Page;
  fetcher: SafeFetcher;
  cache: ResourceCache;
}

/**
 * Answers one request of the page being rendered: the crawl's own response for the document, the
 * cache or the guarded fetcher for the page's scripts, styles and data; images, fonts and media, other
 * navigations, robots.txt-disallowed and over-budget requests are refused.
 */
export async function answerRequest(route: Route, current: Job, context: RequestContext): Promise<void> {
  const { page, fetcher, cache } = context;
  const request = route.request();
  const target = request.url();
  const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
  if (!/^https?:/i.test(target)) return route.abort('blockedbyclient');
  const { document, limits } = current;
  if (isDocument && !current.documentServed) {
    current.documentServed = true;
    return route.fulfill({ status: document.status, headers: keptHeaders(document.headers), body: document.body });
  }
  // A script sending the tab elsewhere is stopped: the page is read where the crawl found it.
  if (isDocument) return route.abort('aborted');
  if (SKIPPED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
  if (document.allowed && !document.allowed(target)) {
    failed(current, request, `blocked by robots.txt: ${target}`);
    return route.abort('blockedbyclient');
  }
  const method = fetchMethod(request);
  const cached = method === 'GET' ? cache.get(target) : undefined;
  if (cached) return route.fulfill(cached);
  if (current.pageBytes >= limits.maxPageBytes) {
    failed(current, request, `too large: ${target}`);
    return route.abort('blockedbyclient');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers()))
    if (FORWARDED_HEADERS.includes(name)) headers[name] = value;
  const abort = new AbortController();
  current.requests.add(abort);
  try {
    const response = await fetcher.fetch(target, {
      method,
      headers,
      body: method === 'POST' ? (request.postDataBuffer() ?? undefined) : undefined,
      maxRedirects: 5,
      maxBytes: limits.maxPageBytes - current.pageBytes,
      timeoutMs: Math.max(1, Math.min(10_000, limits.timeoutMs - (Date.now() - current.started))),
      signal: abort.signal,
    });
    current.pageBytes += response.body.length;
    if (response.status >= 400) failed(current, request, `HTTP ${response.status}: ${target}`);
    const answered = { status: response.status, headers: keptHeaders(response.headers), body: response.body };
    if (method === 'GET' && response.status === 200) cache.put(target, request.resourceType(), answered);
    await route.fulfill(answered);
  } catch (error) {
    const reason =
      error instanceof FetchError
        ? error.code === 'forbidden-address'
          ? 'blocked (private address)'
          : error.code
        : 'failed';
    if (!current.signal?.aborted && !current.overtime && !abort.signal.aborted)
      failed(current, request, `${reason}: ${target}`);
    await route.abort('failed').catch(() => undefined);
  } finally {
    current.requests.delete(abort);
  }
}
