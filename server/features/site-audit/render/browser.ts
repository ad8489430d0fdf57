import type { Browser } from 'playwright-core';
import { launchRendererChromium } from '#server/lib/browser/launch.ts';
import { browserPid } from '#server/lib/browser/memory-watch.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ResourceCache } from './cache.ts';
import { openRenderSlot, type RenderSlot } from './page.ts';

/** Pages one context renders before it is replaced by a fresh one. */
const PAGES_PER_SLOT = 100;
/**
 * Contexts warmUp() opens at most (each is a renderer process): a site's first pages come a few at a time
 * (its start page, then what it links to), so the other slots open as pages need them, and a small site
 * does not start twelve processes.
 */
const WARM_SLOTS = 4;

export interface AuditBrowserOptions {
  chromiumPath: string;
  /** Names the browser's processes, so the memory watch and kill() find them. */
  marker: string;
  fetcher: SafeFetcher;
  cache: ResourceCache;
  /** Contexts at once (one renderer process each). */
  concurrency: number;
  log?: { info(message: string): void; warn(message: string): void };
  /** The launch took this long (for the render timings). */
  onLaunched(ms: number): void;
}

/**
 * The audit's one Chromium and its render slots (a context with its tab each, reused page after page):
 * launched on the first page or at warmUp(), started again after a kill, never after close().
 */
export function createAuditBrowser(options: AuditBrowserOptions) {
  let browser: Promise<Browser> | undefined;
  let closed = false;
  const idle: Array<{ slot: RenderSlot; browser: Browser }> = [];
  /** Contexts warmUp() is opening, taken by the first renders before they open their own. */
  const warming: Array<Promise<{ slot: RenderSlot; browser: Browser } | undefined>> = [];
  const open = (current: Browser) => openRenderSlot(current, options.fetcher, options.cache);

  function launched(): Promise<Browser> {
    // Closed: nothing may start a browser any more (none would be closed).
    if (closed) return Promise.reject(new Error('The audit ended.'));
    const launching = performance.now();
    // One renderer process per slot, reused page after page: with site isolation Chromium would otherwise
    // start a process (and a spare) for every page, which cost about a third of the CPU of a render.
    browser ??= launchRendererChromium(options.chromiumPath, options.marker, options.concurrency).then(
      async ({ browser: started, choice }) => {
        options.onLaunched(performance.now() - launching);
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

  return {
    launched,
    get starting() {
      return browser !== undefined;
    },
    /** Launches the browser and opens its first contexts now (WARM_SLOTS at most); rejects when it cannot start. */
    async warmUp(): Promise<void> {
      const current = await launched();
      for (let i = 0; i < Math.min(options.concurrency, WARM_SLOTS) && !closed; i += 1)
        warming.push(
          open(current).then(
            (slot) => {
              if (!closed) return { slot, browser: current };
              void slot.close();
              return undefined;
            },
            () => undefined,
          ),
        );
    },
    /** A context of this browser that is free, or a new one. */
    async takeSlot(current: Browser): Promise<RenderSlot> {
      for (let free = idle.pop(); free; free = idle.pop()) {
        if (free.browser === current && !free.slot.broken) return free.slot;
        void free.slot.close();
      }
      for (let opening = warming.shift(); opening; opening = warming.shift()) {
        const warm = await opening;
        if (warm && warm.browser === current && !warm.slot.broken) return warm.slot;
        if (warm) void warm.slot.close();
      }
      return open(current);
    },
    giveBack(slot: RenderSlot, current: Browser): void {
      if (!slot.broken && slot.used < PAGES_PER_SLOT && !closed) idle.push({ slot, browser: current });
      else void slot.close();
    },
    /** Kills the browser's process group at once; the next page starts a new one. */
    kill(): void {
      browser = undefined;
      const pid = browserPid(options.marker);
      if (pid === undefined) return;
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // not a group leader, or exited meanwhile
        }
      }
    },
    async close(): Promise<void> {
      closed = true;
      idle.length = 0;
      warming.length = 0;
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
    },
    /** No browser may start any more (a thread that exits kills rather than closes). */
    end(): void {
      closed = true;
    },
  };
}

export type AuditBrowser = ReturnType<typeof createAuditBrowser>;
