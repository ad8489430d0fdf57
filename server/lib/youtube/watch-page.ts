import { extractJsonAfter } from '#server/lib/media/json-in-html.ts';

export interface WatchPage {
  /** `var ytInitialPlayerResponse = {...}` when the page carries it. */
  playerResponse: unknown;
  /** The web client version the page itself would send to the InnerTube API (from `ytcfg.set({...})`). */
  clientVersion: string | undefined;
  /** YouTube showed its cookie-consent interstitial instead of the watch page. */
  consentWall: boolean;
}

/**
 * Reads what the tools need from a watch page. The InnerTube client version is taken from the page's
 * `ytcfg` (`INNERTUBE_CONTEXT_CLIENT_VERSION`, or `clientVersion` inside `INNERTUBE_CONTEXT`) instead of
 * being hard-coded: YouTube retires old web client versions, and the page always names the current one.
 */
export function readWatchPage(html: string, finalUrl: string): WatchPage {
  const version =
    /"INNERTUBE_CONTEXT_CLIENT_VERSION"\s*:\s*"(\d+\.\d{8}\.\d+\.\d+)"/.exec(html)?.[1] ??
    /"INNERTUBE_CONTEXT"\s*:\s*\{[^]*?"clientVersion"\s*:\s*"(\d+\.\d{8}\.\d+\.\d+)"/.exec(html)?.[1];
  const host = safeHost(finalUrl);
  return {
    playerResponse: extractJsonAfter(html, /ytInitialPlayerResponse\s*=/),
    clientVersion: version,
    consentWall: host.startsWith('consent.') || /action="https:\/\/consent\.youtube\.com\//.test(html),
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** YouTube's anti-bot wall comes back as LOGIN_REQUIRED with this reason, not as an HTTP error. */
export function isBotCheck(reason: string | undefined): boolean {
  return /confirm (that )?you.?re not a bot|not a robot|unusual traffic/i.test(reason ?? '');
}
