import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { withHardStop } from '#server/lib/browser/hard-stop.ts';
import { createMemoryWatch } from '#server/lib/browser/memory-watch.ts';
import { createRenderQueue } from '#server/lib/browser/render-queue.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createAuditBrowser, type AuditBrowser } from './browser.ts';
import { createResourceCache } from './cache.ts';
import { createCancelFollowers } from './cancel.ts';
import type { RenderSlot } from './page.ts';
import { PageRenderError, type PageRenderLimits, type RawDocument, type RenderedPage } from './render-job.ts';
import { createTimingsLog } from './timings.ts';

/*
 * The audit's browser: one Chromium per audit, launched on the first page and shared by the audit's
 * renders, `concurrency` pages at a time, each in its own context. It is the mobile test's browser
 * (same launch flags: dead proxy, no DNS, no non-proxied UDP; same sandbox choice; same memory watch
 * and hard stop), only kept for many pages. A renderer process over the memory budget is killed (its
 * page fails to render); a browser that stops answering is killed and started again on the next page;
 * after MAX_RESTARTS such kills, or a failed launch, the audit stops rendering and says why (`stopped`).
 */

export interface AuditRendererOptions {
  chromiumPath: string;
  fetcher: SafeFetcher;
  /** Pages rendered at once. */
  concurrency: number;
  timeoutMs: number;
  /** The longest a page is waited for to settle after its load (settle.ts); default 5 s. */
  waitMs?: number;
  maxPageBytes: number;
  /** Memory one renderer process may use (anonymous resident memory). */
  memoryMb: number;
  /** Scripts and stylesheets kept for the audit's other pages (cache.ts). */
  cacheBytes?: number;
  /** Pages rendered at most; past them the audit stops rendering and says so. */
  maxPages?: number;
  log?: { info(message: string): void; warn(message: string): void };
}

export interface AuditRenderer {
  /**
   * Renders a page; throws PageRenderError for this page, or RenderingStoppedError when rendering has stopped.
   * `onSlot` is called once the page has one of the `concurrency` render slots (its wait in line is over):
   * the crawl gives the page's fetch place back then, so render slots are a limit of their own.
   */
  render(document: RawDocument, signal?: AbortSignal, onSlot?: () => void): Promise<RenderedPage>;
  /** Why the audit stopped rendering, or null while it renders. */
  readonly stopped: string | null;
  /** Pages rendered so far. */
  readonly rendered: number;
  /** Where the rendering time went so far (for the operator's log and the bench). */
  timings(): RenderTimings;
  /**
   * Starts the browser and opens its first contexts now (the crawl calls it as the start page's response
   * comes in), rather than at the first render: they open while the start page renders. A launch that fails stops rendering as a first render's would; once closed, nothing more
   * starts (a launch still under way is closed as soon as it ends).
   */
  warmUp(): void;
  close(): Promise<void>;
  /** Kills the browser at once (a thread that is exiting may not wait). */
  kill(): void;
}

/**
 * Latency facts of an audit's rendering, which do not depend on how busy the machine's CPUs are as much as
 * pages per second do: how long the browser took to start, how long a page took from its navigation to
 * its DOM being read, and how long the render slots sat idle waiting for a page while the audit rendered.
 */
export interface RenderTimings {
  /** Renders finished (rendered or failed). */
  pages: number;
  /** Milliseconds the (last) browser launch took, or null before one finished. */
  launchMs: number | null;
  /** Mean milliseconds from a page's navigation to its DOM being read (rendered pages). */
  meanReadyMs: number;
  /** Mean milliseconds a page held its slot (a context opened for it, the render, giving it back). */
  meanSlotMs: number;
  /**
   * Mean milliseconds each of the `concurrency` slots sat without a page, from the first page handed to the
   * renderer to the end of the last render: a starved pool shows here.
   */
  meanIdleSlotMs: number;
}

/** Rendering has stopped for the rest of the audit (the reason is the message). */
export class RenderingStoppedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderingStoppedError';
  }
}

export const MAX_RESTARTS = 3;
export const DEFAULT_WAIT_MS = 5_000;

/** A failure worth a second try on a fresh slot (not a cancel, not the end of rendering). */
function retryable(error: unknown): boolean {
  return error instanceof PageRenderError && error.kind !== 'cancelled';
}

/**
 * A page that did not settle, or whose render failed, is rendered once more on a fresh slot (the slot of
 * the first try is closed: page.ts marks it broken): a busy moment of the machine or the site is not
 * reported as the page's. The second try's result stands; a page that did not settle twice keeps the
 * reason, and one whose second try failed after a first that only did not settle keeps the first.
 */
async function renderTwice(once: () => Promise<RenderedPage>): Promise<RenderedPage> {
  let first: RenderedPage;
  try {
    first = await once();
    if (!first.unsettled) return first;
  } catch (error) {
    if (!retryable(error)) throw error;
    return { ...(await once()), tries: 2 };
  }
  try {
    return { ...(await once()), tries: 2 };
  } catch (error) {
    if (!retryable(error)) throw error;
    return { ...first, tries: 2 };
  }
}

function cannotStart(error: unknown): string {
  const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `The browser could not start (${why.slice(0, 200)}); the rest of the site was read without JavaScript.`;
}
const HARD_STOP_GRACE_MS = 5_000;

/** One page in a slot of the audit's browser, within the hard stop: a browser that stops answering is killed (`hung`). */
function renderInSlot(run: {
  browser: AuditBrowser;
  current: Browser;
  document: RawDocument;
  limits: PageRenderLimits;
  signal?: AbortSignal;
  hung(): void;
}): Promise<RenderedPage> {
  const { browser, current, limits } = run;
  let taken: RenderSlot | undefined;
  const work = browser.takeSlot(current).then((slot) => {
    taken = slot;
    return slot.render(run.document, limits, run.signal);
  });
  work.then(
    () => browser.giveBack(taken!, current),
    () => taken && browser.giveBack(taken, current),
  );
  return withHardStop(work, limits.timeoutMs + HARD_STOP_GRACE_MS, run.hung, () => {
    return new PageRenderError('timeout', 'The page stopped answering while it was rendered.');
  });
}

export function createAuditRenderer(options: AuditRendererOptions): AuditRenderer {
  const marker = `--delhi-seo-site-audit=${randomUUID()}`;
  const memory = createMemoryWatch({ marker, budgetBytes: options.memoryMb * 1024 * 1024 });
  const limits = {
    timeoutMs: options.timeoutMs,
    waitMs: options.waitMs ?? DEFAULT_WAIT_MS,
    maxPageBytes: options.maxPageBytes,
    memoryMb: options.memoryMb,
  };
  const timings = createTimingsLog(options.concurrency);
  const queue = createRenderQueue(options.concurrency);
  const cancels = createCancelFollowers();
  const browser = createAuditBrowser({
    chromiumPath: options.chromiumPath,
    marker,
    fetcher: options.fetcher,
    cache: createResourceCache(options.cacheBytes ?? 32 * 1024 * 1024),
    concurrency: options.concurrency,
    log: options.log,
    onLaunched: (ms) => timings.launched(ms),
  });
  let stopped: string | null = null;
  let closed = false;
  let restarts = 0;
  let begun = 0;

  function stop(reason: string): RenderingStoppedError {
    stopped ??= reason;
    return new RenderingStoppedError(stopped);
  }

  /** The browser stopped answering a page: it is killed, and started again for the next one. */
  function hung(): void {
    restarts += 1;
    options.log?.warn(`site audit: a page stopped answering; the browser was killed (restart ${restarts})`);
    browser.kill();
  }

  async function render(document: RawDocument, audit?: AbortSignal, onSlot?: () => void): Promise<RenderedPage> {
    if (stopped || closed) throw stop(stopped ?? 'The audit ended.');
    if (options.maxPages !== undefined && begun >= options.maxPages)
      throw stop(
        `Only the first ${options.maxPages} pages were rendered (the limit of one audit); the rest were read without JavaScript.`,
      );
    begun += 1;
    timings.asked();
    // The page's own signal, aborted with the audit's: its wait, its render and its requests listen to it.
    const followed = cancels.follow(audit);
    try {
      return await renderQueued(document, followed.signal, onSlot);
    } finally {
      followed.release();
    }
  }

  async function renderQueued(document: RawDocument, signal?: AbortSignal, onSlot?: () => void): Promise<RenderedPage> {
    await queue.enter(signal, () => new PageRenderError('cancelled', 'The audit was cancelled.'));
    onSlot?.();
    const holding = performance.now();
    memory.start();
    try {
      // Each try takes the browser as it is then: a first try that hung killed it, and a new one starts.
      const page = await renderTwice(async () => {
        if (stopped) throw stop(stopped);
        let current: Browser;
        try {
          current = await browser.launched();
        } catch (error) {
          throw stop(cannotStart(error));
        }
        return renderInSlot({ browser, current, document, limits, signal, hung });
      });
      timings.ready(page.readyMs);
      return page;
    } catch (error) {
      if (restarts >= MAX_RESTARTS)
        throw stop(
          `The browser stopped answering ${restarts} times; the rest of the site was read without JavaScript.`,
        );
      throw error;
    } finally {
      memory.stop();
      timings.released(holding);
      queue.leave();
    }
  }

  return {
    render,
    get stopped() {
      return stopped;
    },
    get rendered() {
      return timings.rendered;
    },
    timings: () => timings.timings(),
    warmUp() {
      if (closed || stopped || browser.starting) return;
      browser.warmUp().catch((error: unknown) => {
        if (!closed) stop(cannotStart(error));
      });
    },
    async close() {
      closed = true;
      await browser.close();
    },
    kill() {
      closed = true;
      browser.end();
      browser.kill();
    },
  };
}
