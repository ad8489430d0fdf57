import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { BusyError } from '#server/lib/domain-errors.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createMemoryWatch } from './memory-watch.ts';
import { DEFAULT_RENDER_MEMORY_MB, renderPage, type RenderLimits, type RenderResult } from './render.ts';
import { chooseSandbox } from './sandbox.ts';

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
  render(url: string, signal?: AbortSignal): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Every render slot and queue place is taken: a `busy` domain error (503 + Retry-After). */
export class RendererBusyError extends BusyError {
  constructor() {
    super('The mobile-friendly tester is busy with other pages. Please try again in a few seconds.', 10);
  }
}

/*
 * Launch flags as in test/e2e/browser.ts, plus: every request Chromium might make on its own goes to a
 * dead proxy and no host name resolves, so only the intercepted requests (answered by the guarded
 * fetcher) ever get a response. Chromium's sandbox is on unless chooseSandbox says otherwise (sandbox.ts;
 * playwright-core adds --no-sandbox then). V8's heap in each renderer is capped at the render's memory
 * budget; memory-watch.ts covers the rest. WebRTC sends UDP (STUN/TURN) from its own sockets, which neither the proxy nor the interception sees,
 * as soon as the host has a non-loopback interface: the policy keeps WebRTC to proxied TCP (that is, the
 * dead proxy), and render.ts also removes the WebRTC constructors from every page.
 */
export function rendererLaunchArgs(memoryMb = DEFAULT_RENDER_MEMORY_MB): string[] {
  const args = [
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--mute-audio',
    '--dns-prefetch-disable',
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--js-flags=--max-old-space-size=${memoryMb}`,
  ];
  return args;
}

/** `CHROMIUM_PATH` when it exists, else Debian's /usr/bin/chromium; undefined when neither does or it is `off`. */
export function findRendererChromium(
  configured: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (configured === 'off') return undefined;
  const path = configured ?? '/usr/bin/chromium';
  return exists(path) ? path : undefined;
}

export function createMobileRenderer(options: MobileRendererOptions): MobileRenderer {
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
  const maxQueued = options.maxQueued ?? 4;
  const memoryMb = options.limits.memoryMb ?? DEFAULT_RENDER_MEMORY_MB;
  // Marks our browser's command line, so the memory watch finds its renderer processes in /proc.
  const marker = `--delhi-seo-mobile-test=${randomUUID()}`;
  const memory = createMemoryWatch({ marker, budgetBytes: memoryMb * 1024 * 1024 });
  let browser: Promise<Browser> | undefined;
  let sandboxMessage: string | undefined;
  let running = 0;
  const waiting: Array<() => void> = [];

  // One browser for the process, started on the first test; each test gets its own context.
  function launched(): Promise<Browser> {
    browser ??= import('playwright-core').then(async ({ chromium }) => {
      const uid = process.getuid?.();
      const launch = (sandbox: boolean) =>
        chromium.launch({
          executablePath: options.chromiumPath,
          chromiumSandbox: sandbox,
          args: [...rendererLaunchArgs(memoryMb), marker],
        });
      let choice = chooseSandbox(uid);
      let started: Browser;
      try {
        started = await launch(choice.sandbox);
      } catch (error) {
        if (!choice.sandbox) throw error;
        choice = chooseSandbox(uid, error);
        started = await launch(false);
      }
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

  async function render(url: string, signal?: AbortSignal): Promise<RenderResult> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueued) throw new RendererBusyError();
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', drop);
          resolve();
        };
        const drop = () => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(new Error('cancelled'));
        };
        signal?.addEventListener('abort', drop, { once: true });
        waiting.push(start);
      });
    } else {
      running += 1;
    }
    memory.start();
    try {
      return await renderPage(await launched(), url, options.fetcher, { ...options.limits, memoryMb }, signal);
    } finally {
      memory.stop();
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    render,
    async close() {
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
    },
  };
}
