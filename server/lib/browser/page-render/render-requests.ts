import type { Page, Route } from 'playwright-core';
import { FetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { isFence, type BrowserRequests } from '#server/lib/browser/settle.ts';
import type { RenderDiagnostics } from './diagnostics.ts';
import { FORWARDED_HEADERS, keptHeaders } from './render-helpers.ts';
import { gatedFetch, RobotsRefusal, type RobotsGate } from './robots-gate.ts';

/* The requests of the page under test (render.ts): answered by the guarded fetcher through Playwright's interception. */

export interface RenderLimits {
  /** Whole render: navigation, loading, measuring, screenshot. */
  timeoutMs: number;
  /** Bytes of all responses together (the page weight cap). */
  maxPageBytes: number;
  /** Memory one renderer process may use (its anonymous resident memory, read by memory-watch.ts). */
  memoryMb?: number;
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

const weightNote = (limits: RenderLimits) =>
  `The page weighs more than ${formatMb(limits.maxPageBytes)}; the rest of its files were not loaded.`;

/** One render's requests: what they are answered with, and what they record as they are. */
export interface RenderRequestState {
  page: Page;
  fetcher: SafeFetcher;
  gate: RobotsGate;
  limits: RenderLimits;
  signal?: AbortSignal;
  /** The document fetchDocument fetched (redirects and refreshes followed): served to the tab once. */
  document: { url: string; status: number; headers: Record<string, string>; body: Buffer };
  documentServed: boolean;
  /** Bytes of every response so far, the document's included. */
  pageBytes: number;
  /** Why the document itself could not be loaded, when it could not. */
  documentFailure: unknown;
  notes: Set<string>;
  /** Files refused because they are on a private address. */
  blocked: string[];
  stylesheets: string[];
  diagnostics: RenderDiagnostics;
  /** The page's requests as the browser starts and ends them, for the settle (server/lib/browser/settle.ts). */
  browserRequests: BrowserRequests;
  /** Milliseconds left of the render's time limit. */
  left(): number;
}

/**
 * Answers one request of the page under test through the guarded fetcher (and, as Googlebot, robots.txt):
 * the document already fetched is served once, later navigations are cancelled, and the page's files are
 * fetched within the page weight limit; what fails is recorded in the render's diagnostics.
 */
export async function answerRenderRequest(route: Route, state: RenderRequestState): Promise<void> {
  const { page, document: documentResponse, limits, notes, diagnostics } = state;
  const request = route.request();
  const target = request.url();
  // A settled page's fence (server/lib/browser/settle.ts) is answered here, never sent out.
  if (isFence(target)) return route.fulfill({ status: 204 });
  const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
  if (!/^https?:/i.test(target)) return route.abort('blockedbyclient');
  if (isDocument && target === documentResponse.url && !state.documentServed) {
    state.documentServed = true;
    return route.fulfill({
      status: documentResponse.status,
      headers: keptHeaders(documentResponse.headers),
      body: documentResponse.body,
    });
  }
  // The page is tested where the redirects and refreshes led (fetchDocument): a later navigation of the
  // tab (a self-reloading refresh, a script) is cancelled, which keeps the loaded page, not replaced.
  if (isDocument && state.documentServed) return route.abort('aborted');
  const type = request.resourceType();
  if (state.pageBytes >= limits.maxPageBytes) {
    notes.add(weightNote(limits));
    diagnostics.failed({ url: target, type, error: 'Not loaded: the page weight limit of this test was reached.' });
    return route.abort('blockedbyclient');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers()))
    if (FORWARDED_HEADERS.includes(name)) headers[name] = value;
  try {
    const method = request.method();
    // As Googlebot, the file and each redirect hop to it are checked against robots.txt before any fetch.
    const response = await gatedFetch(state.fetcher, state.gate, target, {
      method: method === 'POST' ? 'POST' : method === 'HEAD' ? 'HEAD' : 'GET',
      headers,
      body: method === 'POST' ? (request.postDataBuffer() ?? undefined) : undefined,
      // Chromium does not send a fulfilled redirect back through the interception, so the fetcher
      // follows redirects itself, checking every hop.
      maxRedirects: 5,
      maxBytes: limits.maxPageBytes - state.pageBytes,
      timeoutMs: Math.max(1, Math.min(10_000, state.left())),
      signal: state.signal,
    });
    // Requests run side by side, so the cap is checked again once the body is in.
    if (state.pageBytes + response.body.length > limits.maxPageBytes) {
      notes.add(weightNote(limits));
      if (isDocument)
        throw new RenderError(
          'not-html',
          `The page is larger than the ${Math.round(limits.maxPageBytes / 1024 / 1024)} MB limit of this test.`,
        );
      diagnostics.failed({ url: target, type, error: 'Not loaded: the page weight limit of this test was reached.' });
      return route.abort('blockedbyclient');
    }
    state.pageBytes += response.body.length;
    if (type === 'stylesheet') state.stylesheets.push(target);
    if (response.status >= 400) diagnostics.failed({ url: target, type, status: response.status });
    await route.fulfill({ status: response.status, headers: keptHeaders(response.headers), body: response.body });
  } catch (error) {
    if (error instanceof RenderError) {
      state.documentFailure = error;
      return route.abort('blockedbyclient');
    }
    // Not fetched at all, as Googlebot would not fetch it; the render goes on without it.
    if (error instanceof RobotsRefusal) {
      if (error.reason !== 'too-many-hosts') diagnostics.robotsBlocked({ url: target, type });
      else diagnostics.failed({ url: target, type, error: error.message });
      return route.abort('blockedbyclient');
    }
    if (error instanceof FetchError && error.code === 'forbidden-address') state.blocked.push(error.url ?? target);
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
    if (error instanceof FetchError && error.code === 'too-large') notes.add(weightNote(limits));
    if (isDocument) state.documentFailure = error;
    await route
      .abort(error instanceof FetchError && error.code === 'forbidden-address' ? 'blockedbyclient' : 'failed')
      .catch(() => undefined);
  }
}
