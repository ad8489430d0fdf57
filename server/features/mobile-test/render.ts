import type { Browser, BrowserContext, Route } from 'playwright-core';
import { FetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import {
  DEFAULT_MOBILE_OPTIONS,
  MOBILE_DEVICES,
  MOBILE_REPORT_LIMITS,
  type MobileConsoleError,
  type MobileFailedResource,
  type MobileList,
  type MobileResource,
  type MobileTestOptions,
} from '#views/model/mobile-test.ts';
import { userAgentFor } from './agents.ts';
import { capRenderedHtml, createDiagnostics, serialiseDocument } from './diagnostics.ts';
import { measurePage, type PageMeasurement } from './measure.ts';
import { fetchDocument } from './meta-refresh.ts';
import { FORWARDED_HEADERS, inPage, keptHeaders, removeWebRtc, WEBRTC_NAMES } from './render-helpers.ts';
import { createRobotsGate, gatedFetch, openGate, RobotsRefusal } from './robots-gate.ts';

/*
 * The rendered mobile test: the page is loaded in Chromium on the chosen device's screen (360×640 by
 * default) with the chosen user agent (a phone browser, or Googlebot smartphone, which also obeys
 * robots.txt: robots-gate.ts), in a fresh browser context per test, and EVERY request it makes is answered
 * by the guarded fetcher through Playwright's request interception. Chromium itself is launched pointing at a dead proxy and with a
 * host resolver that resolves nothing, so anything not intercepted (a request the interception missed,
 * DNS prefetch) cannot reach the network either. docs/decisions/0019.
 */

export interface RenderLimits {
  /** Whole render: navigation, loading, measuring, screenshot. */
  timeoutMs: number;
  /** Bytes of all responses together (the page weight cap). */
  maxPageBytes: number;
  /** Memory one renderer process may use (its anonymous resident memory, read by memory-watch.ts). */
  memoryMb?: number;
}

export const DEFAULT_RENDER_MEMORY_MB = 512;

export interface RenderResult {
  url: string;
  measurement: PageMeasurement;
  screenshot: string;
  blocked: string[];
  pageBytes: number;
  notes: string[];
  stylesheets: string[];
  userAgentString: string;
  failedResources: MobileList<MobileFailedResource>;
  robotsBlocked: MobileList<MobileResource>;
  consoleErrors: MobileList<MobileConsoleError>;
  renderedHtml: { html: string; bytes: number; truncated: boolean };
}

export type RenderErrorKind = 'document-failed' | 'not-html' | 'timeout' | 'cancelled' | 'too-much-memory' | 'failed';

/** Why a render gave no report; `reason` holds the guarded fetcher's error when the document itself failed. */
export class RenderError extends Error {
  constructor(
    readonly kind: RenderErrorKind,
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

const formatMb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

export async function renderPage(
  browser: Browser,
  url: string,
  fetcher: SafeFetcher,
  limits: RenderLimits,
  signal?: AbortSignal,
  options: MobileTestOptions = DEFAULT_MOBILE_OPTIONS,
): Promise<RenderResult> {
  const started = Date.now();
  const left = () => Math.max(0, limits.timeoutMs - (Date.now() - started));
  const { width, height } = MOBILE_DEVICES[options.device];
  const viewport = { width, height };
  // The Chromium that renders is the "current Chrome version" the user agent names.
  const userAgent = userAgentFor(options.userAgent, browser.version());
  const gate =
    options.userAgent === 'googlebot'
      ? createRobotsGate({ fetcher, userAgent, maxHosts: MOBILE_REPORT_LIMITS.robotsHosts, signal })
      : openGate;
  // The document is fetched first, redirects followed hop by hop through the guard, so the browser opens
  // the final address (its relative links resolve there) and a refused document fails like the static test.
  const documentResponse = await fetchDocument(
    url,
    fetcher,
    { maxBytes: limits.maxPageBytes, timeoutMs: Math.min(15_000, limits.timeoutMs), userAgent, gate },
    signal,
  );
  let documentServed = false;
  const documentType = documentResponse.headers['content-type'];
  if (!/\b(text\/html|application\/xhtml\+xml)\b/i.test(documentType ?? '')) {
    throw new RenderError(
      'not-html',
      `That address returned ${(documentType ?? 'an unknown type').split(';')[0]}, not an HTML page; enter the URL of a web page.`,
    );
  }
  const context: BrowserContext = await browser.newContext({
    viewport,
    screen: viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    userAgent,
    serviceWorkers: 'block',
    acceptDownloads: false,
    locale: 'en-IN',
  });
  await context.addInitScript(inPage(removeWebRtc, WEBRTC_NAMES));
  const onAbort = () => void context.close().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  // The hard stop: a page that blocks its main thread (an endless script) would hold evaluate() or the
  // screenshot forever; closing its context ends every pending call at once.
  let overtime = false;
  const deadline = setTimeout(() => {
    overtime = true;
    void context.close().catch(() => undefined);
  }, limits.timeoutMs);

  const blocked: string[] = [];
  const stylesheets: string[] = [];
  const notes = new Set<string>();
  const diagnostics = createDiagnostics();
  let pageBytes = documentResponse.body.length;
  let documentFailure: unknown;

  const weightNote = () =>
    `The page weighs more than ${formatMb(limits.maxPageBytes)}; the rest of its files were not loaded.`;

  async function answer(route: Route): Promise<void> {
    const request = route.request();
    const target = request.url();
    const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (!/^https?:/i.test(target)) return route.abort('blockedbyclient');
    if (isDocument && target === documentResponse.url && !documentServed) {
      documentServed = true;
      return route.fulfill({
        status: documentResponse.status,
        headers: keptHeaders(documentResponse.headers),
        body: documentResponse.body,
      });
    }
    // The page is tested where the redirects and refreshes led (fetchDocument): a later navigation of the
    // tab (a self-reloading refresh, a script) is cancelled, which keeps the loaded page, not replaced.
    if (isDocument && documentServed) return route.abort('aborted');
    const type = request.resourceType();
    if (pageBytes >= limits.maxPageBytes) {
      notes.add(weightNote());
      diagnostics.failed({ url: target, type, error: 'Not loaded: the page weight limit of this test was reached.' });
      return route.abort('blockedbyclient');
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers()))
      if (FORWARDED_HEADERS.includes(name)) headers[name] = value;
    try {
      const method = request.method();
      // As Googlebot, the file and each redirect hop to it are checked against robots.txt before any fetch.
      const response = await gatedFetch(fetcher, gate, target, {
        method: method === 'POST' ? 'POST' : method === 'HEAD' ? 'HEAD' : 'GET',
        headers,
        body: method === 'POST' ? (request.postDataBuffer() ?? undefined) : undefined,
        // Chromium does not send a fulfilled redirect back through the interception, so the fetcher
        // follows redirects itself, checking every hop.
        maxRedirects: 5,
        maxBytes: limits.maxPageBytes - pageBytes,
        timeoutMs: Math.max(1, Math.min(10_000, left())),
        signal,
      });
      // Requests run side by side, so the cap is checked again once the body is in.
      if (pageBytes + response.body.length > limits.maxPageBytes) {
        notes.add(weightNote());
        if (isDocument)
          throw new RenderError(
            'not-html',
            `The page is larger than the ${Math.round(limits.maxPageBytes / 1024 / 1024)} MB limit of this test.`,
          );
        diagnostics.failed({ url: target, type, error: 'Not loaded: the page weight limit of this test was reached.' });
        return route.abort('blockedbyclient');
      }
      pageBytes += response.body.length;
      if (type === 'stylesheet') stylesheets.push(target);
      if (response.status >= 400) diagnostics.failed({ url: target, type, status: response.status });
      await route.fulfill({ status: response.status, headers: keptHeaders(response.headers), body: response.body });
    } catch (error) {
      if (error instanceof RenderError) {
        documentFailure = error;
        return route.abort('blockedbyclient');
      }
      // Not fetched at all, as Googlebot would not fetch it; the render goes on without it.
      if (error instanceof RobotsRefusal) {
        if (error.reason !== 'too-many-hosts') diagnostics.robotsBlocked({ url: target, type });
        else diagnostics.failed({ url: target, type, error: error.message });
        return route.abort('blockedbyclient');
      }
      if (error instanceof FetchError && error.code === 'forbidden-address') blocked.push(error.url ?? target);
      else if (!isDocument)
        diagnostics.failed({
          url: target,
          type,
          error:
            error instanceof FetchError && error.code === 'too-large'
              ? 'Not loaded: the page weight limit of this test was reached.'
              : error instanceof Error
                ? error.message
                : String(error),
        });
      if (error instanceof FetchError && error.code === 'too-large') notes.add(weightNote());
      if (isDocument) documentFailure = error;
      await route
        .abort(error instanceof FetchError && error.code === 'forbidden-address' ? 'blockedbyclient' : 'failed')
        .catch(() => undefined);
    }
  }

  const page = await context.newPage();
  diagnostics.watch(page);
  // A renderer dies when the memory watch kills it (or it runs out of memory itself); the page is then gone.
  let crashed = false;
  const memoryError = () =>
    new RenderError(
      'too-much-memory',
      `The page used more than ${limits.memoryMb ?? DEFAULT_RENDER_MEMORY_MB} MB of memory while rendering, the limit of this test.`,
    );
  page.once('crash', () => {
    crashed = true;
    void context.close().catch(() => undefined);
  });
  try {
    await context.route('**/*', (route) => answer(route).catch(() => route.abort('failed').catch(() => undefined)));
    // WebSockets are neither fetched nor proxied: every one is answered by a closed mock.
    await context.routeWebSocket(/.*/, (socket) => socket.close());
    // Pop-ups and new tabs are closed as soon as they open.
    context.on('page', (other) => {
      if (other !== page) void other.close().catch(() => undefined);
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));

    try {
      await page.goto(documentResponse.url, { waitUntil: 'load', timeout: Math.max(1, left() - 3_000) });
    } catch (error) {
      if (crashed) throw memoryError();
      if (documentFailure instanceof RenderError) throw documentFailure;
      if (signal?.aborted) throw new RenderError('cancelled', 'The test was cancelled.');
      if (!page.url().startsWith('http'))
        throw new RenderError(
          'timeout',
          `The page did not load within ${Math.round(limits.timeoutMs / 1000)} seconds.`,
          error,
        );
      notes.add(
        `The page had not finished loading after ${Math.round(limits.timeoutMs / 1000)} seconds; it was measured as it was then.`,
      );
    }
    let measurement: PageMeasurement;
    let png: Buffer;
    let serialised: { html: string; bytes: number };
    try {
      measurement = (await page.evaluate(inPage(measurePage))) as PageMeasurement;
      png = await page.screenshot({ type: 'png', timeout: Math.max(1_000, left()) });
      // The document as its scripts left it; no more characters than the cap's bytes cross the protocol.
      serialised = (await page.evaluate(inPage(serialiseDocument, MOBILE_REPORT_LIMITS.renderedHtmlBytes))) as {
        html: string;
        bytes: number;
      };
    } catch (error) {
      if (crashed) throw memoryError();
      if (overtime)
        throw new RenderError(
          'timeout',
          `The page could not be measured within ${Math.round(limits.timeoutMs / 1000)} seconds (it may run a script that never ends).`,
        );
      if (signal?.aborted) throw new RenderError('cancelled', 'The test was cancelled.');
      throw new RenderError('failed', 'The page could not be measured.', error);
    }
    return {
      url: page.url(),
      measurement,
      screenshot: `data:image/png;base64,${png.toString('base64')}`,
      blocked: [...new Set(blocked)],
      pageBytes,
      notes: [...notes, ...gate.notes],
      stylesheets,
      userAgentString: userAgent,
      ...diagnostics.result(),
      renderedHtml: capRenderedHtml(serialised),
    };
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
  }
}
