import type { Browser, BrowserContext, Request, Route } from 'playwright-core';
import { FetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ResourceCache } from './cache.ts';

/*
 * One page of the audit rendered in Chromium, isolated as the mobile test isolates its pages
 * (docs/decisions/0019): a fresh browser context, and EVERY request answered through Playwright's
 * interception by the guarded fetcher; the browser itself points at a dead proxy and resolves no host
 * (renderer.ts). The main document is not fetched again: the crawl's own response is served to the
 * browser. Images, fonts and media are not loaded (they change neither the DOM a crawler reads nor the
 * links), which keeps rendering fast; they are therefore never reported as failed resources.
 */

/** The crawl's response for the page: served to Chromium as the main document. */
export interface RawDocument {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A count and the first few entries, each capped: what a page keeps of its console errors or failed requests. */
export interface CappedList {
  count: number;
  first: string[];
}

export interface RenderedPage {
  /** The rendered DOM, serialised (page.content()). */
  html: string;
  consoleErrors: CappedList;
  failedResources: CappedList;
}

export interface PageRenderLimits {
  timeoutMs: number;
  /** Bytes of all sub-requests of the page together. */
  maxPageBytes: number;
  memoryMb: number;
}

/** Why one page could not be rendered: its raw facts stand and the report says why (render-failed). */
export class PageRenderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'cancelled' | 'too-much-memory' | 'failed',
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
    this.name = 'PageRenderError';
  }
}

export const LIST_FIRST = 3;
export const LIST_ENTRY_CHARS = 200;
const SKIPPED_TYPES = new Set(['image', 'font', 'media']);
const FORWARDED_HEADERS = ['accept', 'accept-language', 'content-type', 'referer', 'range'];
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
// Chromium logs every failed or blocked request as a console error too; those are failed resources, not script errors.
const RESOURCE_LOG = /^Failed to load resource\b/;
// Before any page script, in every frame: no WebRTC (its UDP never passes the guarded fetcher).
const NO_WEBRTC = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel',
  'RTCSessionDescription', 'RTCIceCandidate']) Reflect.deleteProperty(globalThis, name);`;
// Two turns of the page's own loop: scripts that render on load or in the next frame have run.
const SETTLE = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

export function cappedList(): CappedList & { add(entry: string): void } {
  const list = {
    count: 0,
    first: [] as string[],
    add(entry: string) {
      list.count += 1;
      if (list.first.length < LIST_FIRST) list.first.push(entry.replace(/\s+/g, ' ').trim().slice(0, LIST_ENTRY_CHARS));
    },
  };
  return list;
}

function keptHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!DROPPED_RESPONSE_HEADERS.has(name)) kept[name] = value;
  return kept;
}

function fetchMethod(request: Request): 'GET' | 'HEAD' | 'POST' {
  const method = request.method();
  return method === 'POST' ? 'POST' : method === 'HEAD' ? 'HEAD' : 'GET';
}

export async function renderAuditPage(
  browser: Browser,
  document: RawDocument,
  fetcher: SafeFetcher,
  limits: PageRenderLimits,
  cache: ResourceCache,
  signal?: AbortSignal,
): Promise<RenderedPage> {
  const started = Date.now();
  const left = () => Math.max(1, limits.timeoutMs - (Date.now() - started));
  const context: BrowserContext = await browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript({ content: NO_WEBRTC });
  let onIdle: (() => void) | undefined;
  // A stop closes the page at once: every call still waiting on it ends, and so does the wait for requests.
  const onAbort = () => {
    onIdle?.();
    void context.close().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let overtime = false;
  const deadline = setTimeout(() => {
    overtime = true;
    onAbort();
  }, limits.timeoutMs);

  const consoleErrors = cappedList();
  const failedResources = cappedList();
  let documentServed = false;
  let pageBytes = 0;
  let inFlight = 0;
  const page = await context.newPage();

  async function answer(route: Route): Promise<void> {
    const request = route.request();
    const target = request.url();
    const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (!/^https?:/i.test(target)) return route.abort('blockedbyclient');
    if (isDocument && !documentServed) {
      documentServed = true;
      return route.fulfill({ status: document.status, headers: keptHeaders(document.headers), body: document.body });
    }
    // A script sending the tab elsewhere is stopped: the page is read where the crawl found it.
    if (isDocument) return route.abort('aborted');
    if (SKIPPED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
    const method = fetchMethod(request);
    const cached = method === 'GET' ? cache.get(target) : undefined;
    if (cached) return route.fulfill(cached);
    if (pageBytes >= limits.maxPageBytes) {
      failedResources.add(`too large: ${target}`);
      return route.abort('blockedbyclient');
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers()))
      if (FORWARDED_HEADERS.includes(name)) headers[name] = value;
    try {
      const response = await fetcher.fetch(target, {
        method,
        headers,
        body: method === 'POST' ? (request.postDataBuffer() ?? undefined) : undefined,
        maxRedirects: 5,
        maxBytes: limits.maxPageBytes - pageBytes,
        timeoutMs: Math.min(10_000, left()),
        signal,
      });
      pageBytes += response.body.length;
      if (response.status >= 400) failedResources.add(`HTTP ${response.status}: ${target}`);
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
      if (!signal?.aborted && !overtime) failedResources.add(`${reason}: ${target}`);
      await route.abort('failed').catch(() => undefined);
    }
  }

  let crashed = false;
  page.once('crash', () => {
    crashed = true;
    void context.close().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !RESOURCE_LOG.test(message.text())) consoleErrors.add(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.add(error.message || String(error)));
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });

  const failure = (error: unknown) => {
    if (crashed)
      return new PageRenderError(
        'too-much-memory',
        `The page used more than ${limits.memoryMb} MB of memory while rendering.`,
        error,
      );
    if (signal?.aborted) return new PageRenderError('cancelled', 'The audit was cancelled.', error);
    if (overtime)
      return new PageRenderError(
        'timeout',
        `The page did not finish rendering within ${Math.round(limits.timeoutMs / 1000)} seconds.`,
        error,
      );
    return new PageRenderError('failed', 'The page could not be rendered.', error);
  };

  try {
    await context.route('**/*', async (route) => {
      inFlight += 1;
      try {
        await answer(route);
      } catch {
        await route.abort('failed').catch(() => undefined);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) onIdle?.();
      }
    });
    await context.routeWebSocket(/.*/, (socket) => socket.close());
    try {
      await page.goto(document.url, { waitUntil: 'load', timeout: left() });
      // Requests a script started on load (data for the page) are waited for, then the frame they render in.
      for (let round = 0; round < 3; round += 1) {
        await page.evaluate(SETTLE);
        if (inFlight === 0) break;
        await new Promise<void>((resolve) => (onIdle = resolve));
        onIdle = undefined;
      }
      const html = await page.content();
      return { html, consoleErrors: strip(consoleErrors), failedResources: strip(failedResources) };
    } catch (error) {
      throw failure(error);
    }
  } finally {
    clearTimeout(deadline);
    onIdle?.();
    signal?.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
  }
}

function strip(list: CappedList): CappedList {
  return { count: list.count, first: list.first };
}
