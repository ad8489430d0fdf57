import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chooseSandbox, type SandboxChoice } from './sandbox.ts';

/*
 * Launch flags as in test/e2e/browser.ts, plus: every request Chromium might make on its own goes to a
 * dead proxy and no host name resolves, so only the intercepted requests (answered by the guarded
 * fetcher) ever get a response. Chromium's sandbox is on unless chooseSandbox says otherwise (sandbox.ts;
 * playwright-core adds --no-sandbox then). The render's memory budget is memory-watch.ts's alone: V8's
 * own heap limit (--js-flags=--max-old-space-size) left about one render in six asleep at the limit with
 * DevTools attached, past its deadline and deaf to context.close(); the watch ends such pages in under 1 s. WebRTC sends UDP (STUN/TURN) from its own sockets, which neither the proxy nor the interception sees,
 * as soon as the host has a non-loopback interface: the policy keeps WebRTC to proxied TCP (that is, the
 * dead proxy), and the renderers also remove the WebRTC constructors from every page.
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
    // No renderer process that renders no page: since Chromium 156 every context's window preloads its omnibox
    // popups (two WebUI pages in a renderer of their own, ~0.6 CPU-s each to start), and a spare renderer is
    // kept started for a next site. Chromium merges this list with Playwright's own --disable-features.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
    // The compositor's output (software: no GPU) drawn in the browser process, not passed to a GPU process
    // and back for every frame: about 8 ms of CPU less per page (docs/decisions/0056, "Part 10").
    '--in-process-gpu',
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

/** Debian's chrome-headless-shell (package `chromium-headless-shell`, the same Chromium without its browser window). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The site audit's browser: `configured` (SITE_AUDIT_CHROMIUM_PATH), else chrome-headless-shell, when it exists,
 * else the renderers' Chromium (findRendererChromium); none when CHROMIUM_PATH is `off`. The shell renders
 * pages with the same Blink, V8 and flags, but has no browser window whose tab strip, toolbar and
 * compositor Chromium repaints on every navigation: in a loop of the audit's own renders, 37–39 against
 * 87–107 ms of the browser process's CPU per page (docs/decisions/0056, "Part 11").
 */
export function findAuditChromium(
  configured: string | undefined,
  chromium: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (chromium === 'off') return undefined;
  const shell = configured ?? HEADLESS_SHELL_PATH;
  return exists(shell) ? shell : findRendererChromium(chromium, exists);
}

/**
 * Launches the renderers' Chromium: sandboxed when chooseSandbox allows it, and once more without the
 * sandbox when a sandboxed launch fails for a reason it names. Answers the browser and the choice made
 * (its message is for the caller's log). `marker` tags the process so the memory watch and the hard stop find it.
 * `rendererProcesses` caps the renderer processes Chromium keeps (--renderer-process-limit): a browser
 * that renders page after page in the same tabs reuses them instead of starting a process for each page.
 */
export async function launchRendererChromium(
  chromiumPath: string,
  marker: string,
  rendererProcesses?: number,
): Promise<{ browser: Browser; choice: SandboxChoice }> {
  const { chromium } = await import('playwright-core');
  const uid = process.getuid?.();
  const launch = (sandbox: boolean) =>
    chromium.launch({
      executablePath: chromiumPath,
      chromiumSandbox: sandbox,
      args: [
        ...rendererLaunchArgs(),
        ...(rendererProcesses ? [`--renderer-process-limit=${rendererProcesses}`] : []),
        marker,
      ],
    });
  let choice = chooseSandbox(uid);
  try {
    return { browser: await launch(choice.sandbox), choice };
  } catch (error) {
    if (!choice.sandbox) throw error;
    choice = chooseSandbox(uid, error);
    return { browser: await launch(false), choice };
  }
}
