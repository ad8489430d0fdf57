import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { withHardStop } from '#server/lib/browser/hard-stop.ts';
import { launchRendererChromium } from '#server/lib/browser/launch.ts';
import { browserPid, createMemoryWatch } from '#server/lib/browser/memory-watch.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createResourceCache } from './cache.ts';
import { openRenderSlot, PageRenderError, type RawDocument, type RenderedPage, type RenderSlot } from './page.ts';

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
  /** Renders a page; throws PageRenderError for this page, or RenderingStoppedError when rendering has stopped. */
  render(document: RawDocument, signal?: AbortSignal): Promise<RenderedPage>;
  /** Why the audit stopped rendering, or null while it renders. */
  readonly stopped: string | null;
  /** Pages rendered so far. */
  readonly rendered: number;
  /** Where the rendering time went so far (for the operator's log and the bench). */
  timings(): RenderTimings;
  /**
   * Starts the browser and opens its `concurrency` contexts now (the crawl calls it as the start page's
   * response comes in), rather than at the first render: the other contexts open while the start page
   * renders. A launch that fails stops rendering as a first render's would; once closed, nothing more
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

function cannotStart(error: unknown): string {
  const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `The browser could not start (${why.slice(0, 200)}); the rest of the site was read without JavaScript.`;
}
/** Pages one context renders before it is replaced by a fresh one. */
const PAGES_PER_SLOT = 100;
const HARD_STOP_GRACE_MS = 5_000;

export function createAuditRenderer(options: AuditRendererOptions): AuditRenderer {
  const marker = `--delhi-seo-site-audit=${randomUUID()}`;
  const memory = createMemoryWatch({ marker, budgetBytes: options.memoryMb * 1024 * 1024 });
  const cache = createResourceCache(options.cacheBytes ?? 32 * 1024 * 1024);
  const limits = { timeoutMs: options.timeoutMs, maxPageBytes: options.maxPageBytes, memoryMb: options.memoryMb };
  let browser: Promise<Browser> | undefined;
  let stopped: string | null = null;
  let closed = false;
  let restarts = 0;
  let rendered = 0;
  let begun = 0;
  let running = 0;
  const waiting: Array<() => void> = [];
  // Timings (RenderTimings): sums, and the span from the first page asked for to the last render's end.
  let finished = 0;
  let launchMs: number | null = null;
  let readySum = 0;
  let busySum = 0;
  let firstAsked: number | undefined;
  let lastEnded: number | undefined;
  const idle: Array<{ slot: RenderSlot; browser: Browser }> = [];
  /** Contexts warmUp() is opening, taken by the first renders before they open their own. */
  const warming: Array<Promise<{ slot: RenderSlot; browser: Browser } | undefined>> = [];

  /** A context of this browser that is free, or a new one. */
  async function takeSlot(current: Browser): Promise<RenderSlot> {
    for (let free = idle.pop(); free; free = idle.pop()) {
      if (free.browser === current && !free.slot.broken) return free.slot;
      void free.slot.close();
    }
    for (let opening = warming.shift(); opening; opening = warming.shift()) {
      const warm = await opening;
      if (warm && warm.browser === current && !warm.slot.broken) return warm.slot;
      if (warm) void warm.slot.close();
    }
    return openRenderSlot(current, options.fetcher, cache);
  }

  function giveBack(slot: RenderSlot, current: Browser): void {
    if (!slot.broken && slot.used < PAGES_PER_SLOT && !closed) idle.push({ slot, browser: current });
    else void slot.close();
  }

  function launched(): Promise<Browser> {
    // Closed: nothing may start a browser any more (none would be closed).
    if (closed) return Promise.reject(new Error('The audit ended.'));
    const launching = performance.now();
    // One renderer process per slot, reused page after page: with site isolation Chromium would otherwise
    // start a process (and a spare) for every page, which cost about a third of the CPU of a render.
    browser ??= launchRendererChromium(options.chromiumPath, marker, options.concurrency).then(
      async ({ browser: started, choice }) => {
        launchMs = performance.now() - launching;
        if (choice.sandbox) options.log?.info(choice.message);
        else options.log?.warn(choice.message);
        // Closed (or killed) while it started: nobody else holds it, so it closes here.
        if (closed) {
          await started.close().catch(() => undefined);
          throw new Error('The audit ended.');
        }
        started.once('disconnected', () => (browser = undefined));
        return started;
      },
    );
    browser.catch(() => (browser = undefined));
    return browser;
  }

  function warmUp(): void {
    if (closed || stopped || browser) return;
    launched().then(
      (current) => {
        for (let i = 0; i < options.concurrency && !closed; i += 1)
          warming.push(
            openRenderSlot(current, options.fetcher, cache).then(
              (slot) => {
                if (!closed) return { slot, browser: current };
                void slot.close();
                return undefined;
              },
              () => undefined,
            ),
          );
      },
      (error: unknown) => {
        if (!closed) stop(cannotStart(error));
      },
    );
  }

  function kill(): void {
    browser = undefined;
    const pid = browserPid(marker);
    if (pid === undefined) return;
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or exited meanwhile
      }
    }
  }

  function stop(reason: string): RenderingStoppedError {
    stopped ??= reason;
    return new RenderingStoppedError(stopped);
  }

  async function slot(signal?: AbortSignal): Promise<void> {
    if (running < options.concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', drop);
        resolve();
      };
      const drop = () => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new PageRenderError('cancelled', 'The audit was cancelled.'));
      };
      signal?.addEventListener('abort', drop, { once: true });
      waiting.push(start);
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  async function render(document: RawDocument, signal?: AbortSignal): Promise<RenderedPage> {
    if (stopped || closed) throw stop(stopped ?? 'The audit ended.');
    if (options.maxPages !== undefined && begun >= options.maxPages)
      throw stop(
        `Only the first ${options.maxPages} pages were rendered (the limit of one audit); the rest were read without JavaScript.`,
      );
    begun += 1;
    firstAsked ??= performance.now();
    await slot(signal);
    const holding = performance.now();
    memory.start();
    try {
      if (stopped) throw stop(stopped);
      let current: Browser;
      try {
        current = await launched();
      } catch (error) {
        throw stop(cannotStart(error));
      }
      let taken: RenderSlot | undefined;
      const work = takeSlot(current).then((slot) => {
        taken = slot;
        return slot.render(document, limits, signal);
      });
      work.then(
        () => giveBack(taken!, current),
        () => taken && giveBack(taken, current),
      );
      const page = await withHardStop(
        work,
        limits.timeoutMs + HARD_STOP_GRACE_MS,
        () => {
          restarts += 1;
          options.log?.warn(`site audit: a page stopped answering; the browser was killed (restart ${restarts})`);
          kill();
        },
        () => new PageRenderError('timeout', 'The page stopped answering while it was rendered.'),
      );
      rendered += 1;
      readySum += page.readyMs;
      return page;
    } catch (error) {
      if (restarts >= MAX_RESTARTS)
        throw stop(
          `The browser stopped answering ${restarts} times; the rest of the site was read without JavaScript.`,
        );
      throw error;
    } finally {
      memory.stop();
      finished += 1;
      lastEnded = performance.now();
      busySum += lastEnded - holding;
      release();
    }
  }

  return {
    render,
    get stopped() {
      return stopped;
    },
    get rendered() {
      return rendered;
    },
    timings() {
      const span = firstAsked !== undefined && lastEnded !== undefined ? lastEnded - firstAsked : 0;
      return {
        pages: finished,
        launchMs: launchMs === null ? null : Math.round(launchMs),
        meanReadyMs: rendered ? Math.round(readySum / rendered) : 0,
        meanSlotMs: finished ? Math.round(busySum / finished) : 0,
        meanIdleSlotMs: Math.round(Math.max(0, span * options.concurrency - busySum) / options.concurrency),
      };
    },
    warmUp,
    async close() {
      closed = true;
      idle.length = 0;
      warming.length = 0;
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
    },
    kill() {
      closed = true;
      kill();
    },
  };
}
