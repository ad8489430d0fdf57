import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
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
import { inPage, removeWebRtc, WEBRTC_NAMES } from './render-helpers.ts';
import { answerRenderRequest, RenderError, type RenderLimits, type RenderRequestState } from './render-requests.ts';
import { createRobotsGate, openGate } from './robots-gate.ts';
import { runAxe, type AxeFinding } from '#server/lib/browser/axe.ts';
import {
  browserRequests,
  readPage,
  settleWatch,
  waitUntilSettled,
  watchBrowserRequests,
} from '#server/lib/browser/settle.ts';
import type { LabVitals } from '#server/lib/browser/vitals.ts';
import { NOT_SETTLED_TITLE } from '#views/model/site-audit-checks/page-experience.ts';

export { RenderError, type RenderErrorKind, type RenderLimits } from './render-requests.ts';

/*
 * The rendered mobile test: the page is loaded in Chromium on the chosen device's screen (360×640 by
 * default) with the chosen user agent (a phone browser, or Googlebot smartphone, which also obeys
 * robots.txt: robots-gate.ts), in a fresh browser context per test, and EVERY request it makes is answered
 * by the guarded fetcher through Playwright's request interception. Chromium itself is launched pointing at a dead proxy and with a
 * host resolver that resolves nothing, so anything not intercepted (a request the interception missed,
 * DNS prefetch) cannot reach the network either. docs/decisions/0019.
 * The page is measured once it has SETTLED, as the site audit reads its pages (server/lib/browser/settle.ts,
 * docs/decisions/0061): a text block its data paints 2 s after `load`, or a banner that pushes the text down
 * then, is in its vitals and on its screenshot.
 */

export const DEFAULT_RENDER_MEMORY_MB = 512;

/** What the time limit keeps back from the settle for the measurement, the screenshot and axe-core. */
const MEASURE_MS = 5_000;
/**
 * How long a settled page that shows text may wait for its first contentful paint: on CI's busy machine a
 * page read at its load plus two frames had not painted yet ("LCP not measured"; the site audit waits 1 s).
 */
const PAINT_WAIT_MS = 3_000;
/** The settle watch: the lab vitals are read when the page has settled (nothing else: the DOM is read apart, capped). */
const SETTLE_SCRIPT = settleWatch({ paintMs: PAINT_WAIT_MS });

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
  /** Lab Core Web Vitals at the read (the site audit's measurement, server/lib/browser/vitals.ts). */
  vitals?: LabVitals;
  /** Why the page had not settled when it was measured (the site audit's reason, settle.ts); absent when it had. */
  unsettled?: string;
  /** axe-core's WCAG A/AA failures (the site audit's run, server/lib/browser/axe.ts); [] when it could not run. */
  accessibility: AxeFinding[];
}

/** A fresh context on the device's screen, as the chosen user agent, with no WebRTC. */
async function openDeviceContext(browser: Browser, options: MobileTestOptions, userAgent: string) {
  const { width, height } = MOBILE_DEVICES[options.device];
  const viewport = { width, height };
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
  await context.addInitScript(SETTLE_SCRIPT);
  return context;
}

/** How a render that went wrong ended, in the words the report gives. */
interface RenderEnd {
  crashed: boolean;
  overtime: boolean;
  memoryError(): RenderError;
}

/** Loads the page; a load cut short by the time limit is measured as it is (and the notes say so). */
async function load(page: Page, state: RenderRequestState, end: RenderEnd): Promise<void> {
  const { limits, signal } = state;
  try {
    await page.goto(state.document.url, { waitUntil: 'load', timeout: Math.max(1, state.left() - 3_000) });
  } catch (error) {
    if (end.crashed) throw end.memoryError();
    if (state.documentFailure instanceof RenderError) throw state.documentFailure;
    if (signal?.aborted) throw new RenderError('cancelled', 'The test was cancelled.');
    if (!page.url().startsWith('http'))
      throw new RenderError(
        'timeout',
        `The page did not load within ${Math.round(limits.timeoutMs / 1000)} seconds.`,
        error,
      );
    state.notes.add(
      `The page had not finished loading after ${Math.round(limits.timeoutMs / 1000)} seconds; it was measured as it was then.`,
    );
  }
}

/**
 * Waits until the loaded page has settled, within the time left but what the measurement needs, and
 * answers its lab vitals then; a page that had not settled is read as it is, and the notes say so in the
 * site audit's words (a load cut short by the time limit leaves no time to wait: read at once).
 */
async function settle(page: Page, state: RenderRequestState): Promise<{ vitals?: LabVitals; unsettled?: string }> {
  const waitMs = state.left() - MEASURE_MS;
  const { read, unsettled } = waitMs > 0 ? await waitUntilSettled(page, state.browserRequests, waitMs) : {};
  if (unsettled) state.notes.add(`${NOT_SETTLED_TITLE}: ${unsettled}; it was measured as it was then.`);
  return { vitals: (read ?? (await readPage(page))).vitals, unsettled };
}

/** The page's lab vitals once it has settled, its layout facts, its screenshot and its DOM as its scripts left it. */
async function measure(page: Page, state: RenderRequestState, end: RenderEnd) {
  try {
    // First, before the screenshot redraws the page: the frames after its load are the page's own.
    const { vitals, unsettled } = await settle(page, state);
    const measurement = (await page.evaluate(inPage(measurePage))) as PageMeasurement;
    const png = await page.screenshot({ type: 'png', timeout: Math.max(1_000, state.left()) });
    // The document as its scripts left it; no more characters than the cap's bytes cross the protocol.
    const serialised = (await page.evaluate(inPage(serialiseDocument, MOBILE_REPORT_LIMITS.renderedHtmlBytes))) as {
      html: string;
      bytes: number;
    };
    // As in the site audit: an axe run that fails leaves the page without findings, not the test failed.
    const accessibility = await runAxe(page).catch(() => []);
    return { measurement, png, serialised, vitals, unsettled, accessibility };
  } catch (error) {
    if (end.crashed) throw end.memoryError();
    if (end.overtime)
      throw new RenderError(
        'timeout',
        `The page could not be measured within ${Math.round(state.limits.timeoutMs / 1000)} seconds (it may run a script that never ends).`,
      );
    if (state.signal?.aborted) throw new RenderError('cancelled', 'The test was cancelled.');
    throw new RenderError('failed', 'The page could not be measured.', error);
  }
}

/** Sets the tab up: every request through the guarded fetcher, no WebSockets, pop-ups or dialogs. */
async function interceptAll(context: BrowserContext, page: Page, state: RenderRequestState): Promise<void> {
  await context.route('**/*', (route) =>
    answerRenderRequest(route, state).catch(() => route.abort('failed').catch(() => undefined)),
  );
  // WebSockets are neither fetched nor proxied: every one is answered by a closed mock.
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  // Pop-ups and new tabs are closed as soon as they open.
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
}

export async function renderPage(
  browser: Browser,
  url: string,
  fetcher: SafeFetcher,
  limits: RenderLimits,
  signal?: AbortSignal,
  options: MobileTestOptions = DEFAULT_MOBILE_OPTIONS,
): Promise<RenderResult> {
  const started = Date.now();
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
  const documentType = documentResponse.headers['content-type'];
  if (!/\b(text\/html|application\/xhtml\+xml)\b/i.test(documentType ?? '')) {
    throw new RenderError(
      'not-html',
      `That address returned ${(documentType ?? 'an unknown type').split(';')[0]}, not an HTML page; enter the URL of a web page.`,
    );
  }
  const context = await openDeviceContext(browser, options, userAgent);
  const onAbort = () => void context.close().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const end: RenderEnd = {
    crashed: false,
    overtime: false,
    memoryError: () =>
      new RenderError(
        'too-much-memory',
        `The page used more than ${limits.memoryMb ?? DEFAULT_RENDER_MEMORY_MB} MB of memory while rendering, the limit of this test.`,
      ),
  };
  // The hard stop: a page that blocks its main thread (an endless script) would hold evaluate() or the
  // screenshot forever; closing its context ends every pending call at once.
  const deadline = setTimeout(() => {
    end.overtime = true;
    void context.close().catch(() => undefined);
  }, limits.timeoutMs);
  const page = await context.newPage();
  const state: RenderRequestState = {
    page,
    fetcher,
    gate,
    limits,
    signal,
    document: documentResponse,
    documentServed: false,
    pageBytes: documentResponse.body.length,
    documentFailure: undefined,
    notes: new Set<string>(),
    blocked: [],
    stylesheets: [],
    diagnostics: createDiagnostics(),
    browserRequests: browserRequests(),
    left: () => Math.max(0, limits.timeoutMs - (Date.now() - started)),
  };
  state.diagnostics.watch(page);
  watchBrowserRequests(page, () => state.browserRequests);
  // A renderer dies when the memory watch kills it (or it runs out of memory itself); the page is then gone.
  page.once('crash', () => {
    end.crashed = true;
    void context.close().catch(() => undefined);
  });
  try {
    await interceptAll(context, page, state);
    await load(page, state, end);
    const { measurement, png, serialised, vitals, unsettled, accessibility } = await measure(page, state, end);
    return {
      url: page.url(),
      measurement,
      screenshot: `data:image/png;base64,${png.toString('base64')}`,
      blocked: [...new Set(state.blocked)],
      pageBytes: state.pageBytes,
      notes: [...state.notes, ...gate.notes],
      stylesheets: state.stylesheets,
      userAgentString: userAgent,
      ...state.diagnostics.result(),
      renderedHtml: capRenderedHtml(serialised),
      ...(vitals ? { vitals } : {}),
      ...(unsettled ? { unsettled } : {}),
      accessibility,
    };
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
  }
}
