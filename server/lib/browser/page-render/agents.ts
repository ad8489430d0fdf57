import type { MobileAgentId } from '#views/model/mobile-test.ts';

/*
 * The User-Agent headers a test sends (docs/decisions/0045). Googlebot smartphone's is Google's documented
 * string, where W.X.Y.Z is "the latest Chrome version": the Chromium that renders the page is that version
 * here, so its own full version is used. The phone browser sends what Chrome on Android sends since its
 * user-agent reduction (`Android 10; K`, `MAJOR.0.0.0`), plus this tool's name so site owners can tell it
 * apart in their logs.
 */

/** The Chrome version used when no Chromium has been launched (the HTML-and-CSS test): Debian's at the time of writing. */
export const FALLBACK_CHROME_VERSION = '150.0.7871.100';

/** The product token robots.txt groups are matched with (Google's smartphone crawler obeys `Googlebot`). */
export const GOOGLEBOT_TOKEN = 'Googlebot';

export function googlebotSmartphoneUserAgent(chromeVersion: string): string {
  return `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeVersion} Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)`;
}

export function phoneBrowserUserAgent(chromeVersion: string): string {
  const major = chromeVersion.split('.')[0];
  return `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36 DelhiSeoToolsBot/1.0`;
}

/** The header for an agent, given the Chrome version (`Browser.version()`: `150.0.7871.100`). */
export function userAgentFor(agent: MobileAgentId, chromeVersion = FALLBACK_CHROME_VERSION): string {
  const version = /^\d+(\.\d+){3}$/.test(chromeVersion) ? chromeVersion : FALLBACK_CHROME_VERSION;
  return agent === 'googlebot' ? googlebotSmartphoneUserAgent(version) : phoneBrowserUserAgent(version);
}
