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
  close(): Promise<void>;
  /** Kills the browser at once (a thread that is exiting may not wait). */
  kill(): void;
}

/** Rendering has stopped for the rest of the audit (the reason is the message). */
export class RenderingStoppedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderingStoppedError';
  }
}

export const MAX_RESTARTS = 3;
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
  const idle: Array<{ slot: RenderSlot; browser: Browser }> = [];

  /** A context of this browser that is free, or a new one. */
  async function takeSlot(current: Browser): Promise<RenderSlot> {
    for (let free = idle.pop(); free; free = idle.pop()) {
      if (free.browser === current && !free.slot.broken) return free.slot;
      void free.slot.close();
    }
    return openRenderSlot(current, options.fetcher, cache);
  }

  function giveBack(slot: RenderSlot, current: Browser): void {
    if (!slot.broken && slot.used < PAGES_PER_SLOT && !closed) idle.push({ slot, browser: current });
    else void slot.close();
  }

  function launched(): Promise<Browser> {
    browser ??= launchRendererChromium(options.chromiumPath, marker).then(({ browser: started, choice }) => {
      if (choice.sandbox) options.log?.info(choice.message);
      else options.log?.warn(choice.message);
      started.once('disconnected', () => (browser = undefined));
      return started;
    });
    browser.catch(() => (browser = undefined));
    return browser;
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
    await slot(signal);
    memory.start();
    try {
      if (stopped) throw stop(stopped);
      let current: Browser;
      try {
        current = await launched();
      } catch (error) {
        const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw stop(
          `The browser could not start (${why.slice(0, 200)}); the rest of the site was read without JavaScript.`,
        );
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
      return page;
    } catch (error) {
      if (restarts >= MAX_RESTARTS)
        throw stop(
          `The browser stopped answering ${restarts} times; the rest of the site was read without JavaScript.`,
        );
      throw error;
    } finally {
      memory.stop();
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
    async close() {
      closed = true;
      idle.length = 0;
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
