import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { BusyError } from '#server/lib/domain-errors.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { withHardStop } from '#server/lib/browser/hard-stop.ts';
import { launchRendererChromium } from '#server/lib/browser/launch.ts';
import { browserPid, createMemoryWatch } from '#server/lib/browser/memory-watch.ts';
import { createRenderQueue } from '#server/lib/browser/render-queue.ts';
import type { MobileTestOptions } from '#views/model/mobile-test.ts';
import { DEFAULT_RENDER_MEMORY_MB, RenderError, renderPage, type RenderLimits, type RenderResult } from './render.ts';

/*
 * One page rendered on a phone, every request through the guarded fetcher, and measured: its layout
 * (measure.ts), a screenshot, its diagnostics, lab Core Web Vitals (../vitals.ts) and axe-core (../axe.ts).
 * The mobile-friendly test and the one-page SEO audit both render with it (docs/decisions/0061), each job
 * thread with one browser (server/job-deps.ts). The launch is shared with the site audit's renderer
 * (server/lib/browser/launch.ts).
 */
export { findRendererChromium, rendererLaunchArgs } from '#server/lib/browser/launch.ts';

export interface MobileRendererOptions {
  chromiumPath: string;
  fetcher: SafeFetcher;
  limits: RenderLimits;
  /** Renders at once; one per CPU by default (Chromium uses a core per page while it lays out). */
  concurrency?: number;
  /** Renders that may wait; beyond them callers get RendererBusyError (503 + Retry-After). */
  maxQueued?: number;
  /** Where the launch says whether Chromium's sandbox is on (a pino logger fits). */
  log?: { info(message: string): void; warn(message: string): void };
}

export interface MobileRenderer {
  /** Renders on the default phone as a phone browser unless `options` say otherwise. */
  render(url: string, signal?: AbortSignal, options?: MobileTestOptions): Promise<RenderResult>;
  /** The longest a render runs once it has a slot: its time limit plus the hard stop's grace. */
  readonly limitMs: number;
  close(): Promise<void>;
  /**
   * Kills the browser at once, synchronously: for a job thread that is exiting (its 'exit' event
   * allows no waiting), so no Chromium process outlives the thread that launched it.
   */
  kill(): void;
}

/** Every render slot and queue place is taken: a `busy` domain error (503 + Retry-After). */
export class RendererBusyError extends BusyError {
  constructor() {
    super('The mobile-friendly tester is busy with other pages. Please try again in a few seconds.', 10);
  }
}

/** How long past a render's time limit its page may take to close before the browser is killed. */
export const HARD_STOP_GRACE_MS = 5_000;

export function createMobileRenderer(options: MobileRendererOptions): MobileRenderer {
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
  const maxQueued = options.maxQueued ?? 4;
  const memoryMb = options.limits.memoryMb ?? DEFAULT_RENDER_MEMORY_MB;
  // Marks our browser's command line, so the memory watch finds its renderer processes in /proc.
  const marker = `--delhi-seo-mobile-test=${randomUUID()}`;
  const memory = createMemoryWatch({ marker, budgetBytes: memoryMb * 1024 * 1024 });
  const limitMs = options.limits.timeoutMs + HARD_STOP_GRACE_MS;
  let browser: Promise<Browser> | undefined;
  let sandboxMessage: string | undefined;
  const queue = createRenderQueue(concurrency, maxQueued);

  // One browser for the process, started on the first test; each test gets its own context.
  function launched(): Promise<Browser> {
    browser ??= launchRendererChromium(options.chromiumPath, marker).then(({ browser: started, choice }) => {
      // Said at the first launch, and again only if a relaunch decides otherwise.
      if (choice.message !== sandboxMessage) {
        sandboxMessage = choice.message;
        if (choice.sandbox) options.log?.info(choice.message);
        else options.log?.warn(choice.message);
      }
      started.once('disconnected', () => (browser = undefined));
      return started;
    });
    browser.catch(() => (browser = undefined));
    return browser;
  }

  /** The hard stop: a renderer that no longer answers even context.close() takes the browser with it. */
  function killBrowser(when = 'past its time limit'): void {
    browser = undefined;
    const pid = browserPid(marker);
    options.log?.warn(`mobile test: a page stopped answering ${when}; the browser (pid ${pid ?? 'gone'}) was killed`);
    if (pid === undefined) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
  }

  async function render(url: string, signal?: AbortSignal, testOptions?: MobileTestOptions): Promise<RenderResult> {
    if (!(await queue.enter(signal, () => new Error('cancelled')))) throw new RendererBusyError();
    memory.start();
    // A cancelled render closes its page at once (render.ts); one whose page does not close within the
    // grace takes the browser with it, so a cancel ends the render as surely as the time limit does.
    let cancelStop: NodeJS.Timeout | undefined;
    const onCancel = () => {
      cancelStop = setTimeout(() => killBrowser('after its test was cancelled'), HARD_STOP_GRACE_MS);
    };
    signal?.addEventListener('abort', onCancel, { once: true });
    try {
      const limits = { ...options.limits, memoryMb };
      const rendered = launched().then((current) =>
        renderPage(current, url, options.fetcher, limits, signal, testOptions),
      );
      return await withHardStop(
        rendered,
        limitMs,
        () => killBrowser(),
        () => {
          const seconds = Math.round(limits.timeoutMs / 1000);
          return new RenderError(
            'timeout',
            `The page could not be measured within ${seconds} seconds (it stopped answering).`,
          );
        },
      );
    } finally {
      signal?.removeEventListener('abort', onCancel);
      clearTimeout(cancelStop);
      memory.stop();
      queue.leave();
    }
  }

  return {
    render,
    limitMs,
    async close() {
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
    },
    kill() {
      browser = undefined;
      const pid = browserPid(marker);
      if (pid === undefined) return;
      // Its process group too (playwright-core starts it detached, as a group leader): helpers it
      // started, such as the crash handler, have left its process tree.
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // not a group leader, or exited meanwhile
        }
      }
    },
  };
}
