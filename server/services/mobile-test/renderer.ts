import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { BusyError } from '#server/services/domain-errors.ts';
import type { SafeFetcher } from '#server/services/safe-fetch/index.ts';
import { renderPage, type RenderLimits, type RenderResult } from './render.ts';

export interface MobileRendererOptions {
  chromiumPath: string;
  fetcher: SafeFetcher;
  limits: RenderLimits;
  /** Renders at once; one per CPU by default (Chromium uses a core per page while it lays out). */
  concurrency?: number;
  /** Renders that may wait; beyond them callers get RendererBusyError (503 + Retry-After). */
  maxQueued?: number;
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
 * fetcher) ever get a response. --no-sandbox only when running as root, where the sandbox cannot start.
 * WebRTC sends UDP (STUN/TURN) from its own sockets, which neither the proxy nor the interception sees,
 * as soon as the host has a non-loopback interface: the policy keeps WebRTC to proxied TCP (that is, the
 * dead proxy), and render.ts also removes the WebRTC constructors from every page.
 */
export function rendererLaunchArgs(): string[] {
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
  ];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return args;
}

/** `CHROMIUM_PATH` when it exists, else Debian's /usr/bin/chromium; undefined when neither does or it is `off`. */
export function findRendererChromium(configured: string | undefined, exists: (path: string) => boolean = existsSync): string | undefined {
  if (configured === 'off') return undefined;
  const path = configured ?? '/usr/bin/chromium';
  return exists(path) ? path : undefined;
}

export function createMobileRenderer(options: MobileRendererOptions): MobileRenderer {
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
  const maxQueued = options.maxQueued ?? 4;
  let browser: Promise<Browser> | undefined;
  let running = 0;
  const waiting: Array<() => void> = [];

  // One browser for the process, started on the first test; each test gets its own context.
  function launched(): Promise<Browser> {
    browser ??= import('playwright-core').then(async ({ chromium }) => {
      const started = await chromium.launch({ executablePath: options.chromiumPath, args: rendererLaunchArgs() });
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
    try {
      return await renderPage(await launched(), url, options.fetcher, options.limits, signal);
    } finally {
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
