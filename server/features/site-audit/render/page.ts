import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeLoaderScript, runAxe } from '#server/lib/browser/axe.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ResourceCache } from './cache.ts';
import {
  capEntry,
  cappedList,
  PageRenderError,
  type CappedList,
  type Job,
  type PageRenderLimits,
  type RawDocument,
  type RenderedPage,
} from './render-job.ts';
import { answerRequest } from './requests.ts';
import { browserRequests, isFence, watchBrowserRequests } from '#server/lib/browser/settle.ts';
import { readPage, SETTLE_WATCH, waitUntilSettled } from './settle.ts';

export { PageRenderError, type RawDocument, type RenderedPage } from './render-job.ts';

/*
 * One page of the audit rendered in Chromium, isolated as the mobile test isolates its pages
 * (docs/decisions/0019): a fresh browser context, and EVERY request answered through Playwright's
 * interception by the guarded fetcher; the browser itself points at a dead proxy and resolves no host
 * (renderer.ts). The main document is not fetched again: the crawl's own response is served to the
 * browser. Images, fonts and media are not loaded (they change neither the DOM a crawler reads nor the
 * links), which keeps rendering fast; they are therefore never reported as failed resources.
 */

// Chromium logs every failed or blocked request as a console error too; those are failed resources, not script errors.
const RESOURCE_LOG = /^Failed to load resource\b/;
// Before any page script, in every frame: no WebRTC (its UDP never passes the guarded fetcher).
const NO_WEBRTC = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel',
  'RTCSessionDescription', 'RTCIceCandidate']) Reflect.deleteProperty(globalThis, name);`;
// Each page starts as a first visit: its storage is emptied before any of its scripts runs (top frame;
// storage is per origin, so a same-origin frame shares it).
const CLEAR_STORAGE = 'if (window === window.top) try { localStorage.clear(); sessionStorage.clear(); } catch {}';

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
  await context.addInitScript({ content: `${NO_WEBRTC}\n${CLEAR_STORAGE}\n${SETTLE_WATCH}\n${axeLoaderScript()}` });
  const page = await context.newPage();
  let job: Job | null = null;
  let crashed = false;

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
  watchBrowserRequests(page, () => job?.browserRequests);
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });
  await context.route('**/*', async (route) => {
    // A quiet page's fence (settle.ts) is answered here, never sent out.
    if (isFence(route.request().url())) return route.fulfill({ status: 204 }).catch(() => undefined);
    // Requests between pages (a timer of the page before) are refused.
    const current = job;
    if (!current) return route.abort('aborted').catch(() => undefined);
    try {
      await answerRequest(route, current, { page, fetcher, cache });
    } catch {
      await route.abort('failed').catch(() => undefined);
    }
  });
  await context.routeWebSocket(/.*/, (socket) => socket.close());

  async function render(document: RawDocument, limits: PageRenderLimits, signal?: AbortSignal): Promise<RenderedPage> {
    // Cancelled while it waited for the browser or this slot: its abort has already been and gone.
    if (signal?.aborted) throw new PageRenderError('cancelled', 'The audit was cancelled.');
    slot.used += 1;
    const current: Job = {
      document,
      limits,
      started: Date.now(),
      signal,
      documentServed: false,
      pageBytes: 0,
      browserRequests: browserRequests(),
      requests: new Set(),
      consoleErrors: cappedList(),
      failedResources: cappedList(),
      failedData: cappedList(),
      overtime: false,
    };
    job = current;
    const left = () => Math.max(1, limits.timeoutMs - (Date.now() - current.started));
    // A stop closes the slot at once: every call still waiting on its page ends, and so does the wait for requests.
    const stop = () => {
      slot.broken = true;
      endRequests(current);
      current.browserRequests.onChange?.();
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
      const settled = await waitUntilSettled(page, current.browserRequests, Math.min(limits.waitMs, left()));
      const { unsettled } = settled;
      const { html, uncrawlable, vitals } = settled.read ?? (await readPage(page));
      const readyMs = performance.now() - begun;
      // The accessibility rules run on the page as it was read (a page that throws them off is not failed for it).
      const axe = await runAxe(page).catch(() => undefined);
      // A page that never settled may go on with its timers and requests: its context is not reused.
      if (unsettled) slot.broken = true;
      // The next page starts as a first visit: no cookies (its storage is emptied as its document starts).
      await context.clearCookies();
      return {
        html,
        consoleErrors: strip(current.consoleErrors),
        failedResources: strip(current.failedResources),
        failedData: strip(current.failedData),
        uncrawlable: { count: uncrawlable.count, first: uncrawlable.first.map(capEntry) },
        ...(vitals ? { vitals } : {}),
        ...(axe ? { axe } : {}),
        bytes: current.pageBytes,
        readyMs,
        ...(unsettled ? { unsettled } : {}),
      };
    } catch (error) {
      slot.broken = true;
      throw failure(error, current, crashed);
    } finally {
      job = null;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', stop);
      // A request the page no longer waits for (a timer's, one still loading) is not fetched on.
      endRequests(current);
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

function endRequests(current: Job): void {
  for (const request of current.requests) request.abort();
  current.requests.clear();
}

function failure(error: unknown, current: Job, crashed: boolean): PageRenderError {
  if (crashed)
    return new PageRenderError(
      'too-much-memory',
      `The page used more than ${current.limits.memoryMb} MB of memory while rendering.`,
      error,
    );
  if (current.signal?.aborted) return new PageRenderError('cancelled', 'The audit was cancelled.', error);
  // Playwright's own navigation timeout (the time left) may fire a moment before the render's deadline does.
  if (current.overtime || Date.now() - current.started >= current.limits.timeoutMs)
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
