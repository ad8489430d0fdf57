import type { AxeFinding } from '#server/lib/browser/axe.ts';
import type { BrowserRequests } from '#server/lib/browser/settle.ts';
import type { LabVitals } from '#server/lib/browser/vitals.ts';

// What one page's render is given, collects and answers (page.ts renders it; requests.ts answers its requests).

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
  /** Scripts and stylesheets that failed (data requests are in failedData). */
  failedResources: CappedList;
  /** The page's data requests (fetch, XMLHttpRequest) that failed: an HTTP error, blocked, timed out. */
  failedData: CappedList;
  /** Links in the rendered DOM a crawler cannot follow (uncrawlable.ts). */
  uncrawlable: CappedList;
  /** axe-core's WCAG A/AA violations of the page as it was read (server/lib/browser/axe.ts); absent when axe could not run. */
  axe?: AxeFinding[];
  /** Lab Core Web Vitals until the page was read (server/lib/browser/vitals.ts); absent when they could not be observed. */
  vitals?: LabVitals;
  /** Bytes the page's requests fetched from the site (cached files not counted again). */
  bytes: number;
  /** Milliseconds from the navigation's start to the DOM read (load, then the settle: settle.ts). */
  readyMs: number;
  /** Why the page had not settled when its wait ran out (it was read as it was then); absent when it had. */
  unsettled?: string;
  /** Renders it took: 2 when the first did not settle or failed and the page was rendered again on a fresh slot. */
  tries?: number;
}

export interface PageRenderLimits {
  timeoutMs: number;
  /** The longest a page is waited for to settle after its load (SITE_AUDIT_RENDER_WAIT_MS; settle.ts). */
  waitMs: number;
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
/** One entry of a capped list: on one line, at most LIST_ENTRY_CHARS. */
export function capEntry(entry: string): string {
  return entry.replace(/\s+/g, ' ').trim().slice(0, LIST_ENTRY_CHARS);
}

export function cappedList(): CappedList & { add(entry: string): void } {
  const list = {
    count: 0,
    first: [] as string[],
    add(entry: string) {
      list.count += 1;
      if (list.first.length < LIST_FIRST) list.first.push(capEntry(entry));
    },
  };
  return list;
}

/** What one render collects; the slot's listeners write into the render under way. */
export interface Job {
  document: RawDocument;
  limits: PageRenderLimits;
  started: number;
  /** The page's own signal (aborted with the audit's): why a render that failed failed. */
  signal?: AbortSignal;
  /**
   * The page's requests under way, each with an abort of its own (a listener each on a shared signal
   * would pile up): the page's stop, or its end, aborts those still running.
   */
  requests: Set<AbortController>;
  documentServed: boolean;
  pageBytes: number;
  /** The page's requests as the browser starts and ends them, for the settle (settle.ts). */
  browserRequests: BrowserRequests;
  consoleErrors: ReturnType<typeof cappedList>;
  failedResources: ReturnType<typeof cappedList>;
  failedData: ReturnType<typeof cappedList>;
  overtime: boolean;
}
