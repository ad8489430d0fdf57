import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
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
  /** Whether robots.txt lets the audit fetch a URL the page asks for (a search engine does not fetch the others). */
  allowed?: (url: string) => boolean;
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
  /** Bytes the page's requests fetched from the site (cached files not counted again). */
  bytes: number;
  /** Milliseconds from the navigation's start to the DOM read (load, then the settle: see render()). */
  readyMs: number;
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
// Each page starts as a first visit: its storage is emptied before any of its scripts runs (top frame;
// storage is per origin, so a same-origin frame shares it).
const CLEAR_STORAGE = 'if (window === window.top) try { localStorage.clear(); sessionStorage.clear(); } catch {}';
// Two turns of the page's own loop (scripts that render on load or in the next frame have run), then the
// DOM serialised as Playwright's page.content() does, in the same call: content() runs in Playwright's
// utility world, which it builds and fills with its whole injected script for every new document (about
// half the time of a small page's render here).
const SERIALIZE = `(document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +
  (document.documentElement ? document.documentElement.outerHTML : '')`;
const SETTLE_AND_SERIALIZE = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(() => ${SERIALIZE})`;

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

/** What one render collects; the slot's listeners write into the render under way. */
interface Job {
  document: RawDocument;
  limits: PageRenderLimits;
  started: number;
  signal?: AbortSignal;
  documentServed: boolean;
  pageBytes: number;
  inFlight: number;
  onIdle?: () => void;
  consoleErrors: ReturnType<typeof cappedList>;
  failedResources: ReturnType<typeof cappedList>;
  overtime: boolean;
}

/**
 * A browser context with its one tab, reused page after page of one audit (a new context costs a new
 * renderer process: several hundred milliseconds). Between pages its cookies and storage are cleared,
 * so every page is rendered as a first visit, as Google renders; a slot whose page crashed, ran over
 * its time or was cancelled is closed (`broken`) and a new one opened for the next page.
 */
export interface RenderSlot {
  readonly context: BrowserContext;
  readonly page: Page;
  broken: boolean;
  used: number;
  render(document: RawDocument, limits: PageRenderLimits, signal?: AbortSignal): Promise<RenderedPage>;
  close(): Promise<void>;
}

export async function openRenderSlot(
  browser: Browser,
  fetcher: SafeFetcher,
  cache: ResourceCache,
): Promise<RenderSlot> {
  const context: BrowserContext = await browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript({ content: `${NO_WEBRTC}\n${CLEAR_STORAGE}` });
  const page = await context.newPage();
  let job: Job | null = null;
  let crashed = false;

  async function answer(route: Route, current: Job): Promise<void> {
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
      current.failedResources.add(`blocked by robots.txt: ${target}`);
      return route.abort('blockedbyclient');
    }
    const method = fetchMethod(request);
    const cached = method === 'GET' ? cache.get(target) : undefined;
    if (cached) return route.fulfill(cached);
    if (current.pageBytes >= limits.maxPageBytes) {
      current.failedResources.add(`too large: ${target}`);
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
        maxBytes: limits.maxPageBytes - current.pageBytes,
        timeoutMs: Math.max(1, Math.min(10_000, limits.timeoutMs - (Date.now() - current.started))),
        signal: current.signal,
      });
      current.pageBytes += response.body.length;
      if (response.status >= 400) current.failedResources.add(`HTTP ${response.status}: ${target}`);
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
      if (!current.signal?.aborted && !current.overtime) current.failedResources.add(`${reason}: ${target}`);
      await route.abort('failed').catch(() => undefined);
    }
  }

  page.once('crash', () => {
    crashed = true;
    slot.broken = true;
    void context.close().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (job && message.type() === 'error' && !RESOURCE_LOG.test(message.text())) job.consoleErrors.add(message.text());
  });
  page.on('pageerror', (error) => job?.consoleErrors.add(error.message || String(error)));
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });
  await context.route('**/*', async (route) => {
    // Requests between pages (a timer of the page before) are refused.
    const current = job;
    if (!current) return route.abort('aborted').catch(() => undefined);
    current.inFlight += 1;
    try {
      await answer(route, current);
    } catch {
      await route.abort('failed').catch(() => undefined);
    } finally {
      current.inFlight -= 1;
      if (current.inFlight === 0) current.onIdle?.();
    }
  });
  await context.routeWebSocket(/.*/, (socket) => socket.close());

  async function render(document: RawDocument, limits: PageRenderLimits, signal?: AbortSignal): Promise<RenderedPage> {
    slot.used += 1;
    const current: Job = {
      document,
      limits,
      started: Date.now(),
      signal,
      documentServed: false,
      pageBytes: 0,
      inFlight: 0,
      consoleErrors: cappedList(),
      failedResources: cappedList(),
      overtime: false,
    };
    job = current;
    const left = () => Math.max(1, limits.timeoutMs - (Date.now() - current.started));
    // A stop closes the slot at once: every call still waiting on its page ends, and so does the wait for requests.
    const stop = () => {
      slot.broken = true;
      current.onIdle?.();
      void context.close().catch(() => undefined);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const deadline = setTimeout(() => {
      current.overtime = true;
      stop();
    }, limits.timeoutMs);
    try {
      const begun = performance.now();
      await page.goto(document.url, { waitUntil: 'load', timeout: left() });
      // Requests a script started on load (data for the page) are waited for, then the frame they render in;
      // the DOM is read once a settle ends with no request of the page under way.
      let html: string | undefined;
      for (let round = 0; round < 3; round += 1) {
        const read = await page.evaluate<string>(SETTLE_AND_SERIALIZE);
        if (current.inFlight === 0) {
          html = read;
          break;
        }
        await new Promise<void>((resolve) => (current.onIdle = resolve));
        current.onIdle = undefined;
      }
      // Still loading after three rounds: the DOM as it is once those requests ended.
      html ??= await page.evaluate<string>(SERIALIZE);
      // The next page starts as a first visit: no cookies (its storage is emptied as its document starts).
      const readyMs = performance.now() - begun;
      await context.clearCookies();
      return {
        html,
        consoleErrors: strip(current.consoleErrors),
        failedResources: strip(current.failedResources),
        bytes: current.pageBytes,
        readyMs,
      };
    } catch (error) {
      slot.broken = true;
      throw failure(error, current, crashed);
    } finally {
      job = null;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', stop);
    }
  }

  const slot: RenderSlot = {
    context,
    page,
    broken: false,
    used: 0,
    render,
    close: () => context.close().catch(() => undefined),
  };
  return slot;
}

function failure(error: unknown, current: Job, crashed: boolean): PageRenderError {
  if (crashed)
    return new PageRenderError(
      'too-much-memory',
      `The page used more than ${current.limits.memoryMb} MB of memory while rendering.`,
      error,
    );
  if (current.signal?.aborted) return new PageRenderError('cancelled', 'The audit was cancelled.', error);
  if (current.overtime)
    return new PageRenderError(
      'timeout',
      `The page did not finish rendering within ${Math.round(current.limits.timeoutMs / 1000)} seconds.`,
      error,
    );
  return new PageRenderError('failed', 'The page could not be rendered.', error);
}

function strip(list: CappedList): CappedList {
  return { count: list.count, first: list.first };
}
