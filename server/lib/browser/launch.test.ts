import { expect, test } from 'vitest';
import { findAuditChromium, findRendererChromium, HEADLESS_SHELL_PATH, launchRendererChromium } from './launch.ts';
import { rendererPids } from './memory-watch.ts';

const chromiumPath = findRendererChromium(process.env.CHROMIUM_PATH);

test.skipIf(!chromiumPath)(
  'a context with one page costs one renderer process: no omnibox popup, no spare',
  async () => {
    const marker = '--delhi-seo-test-launch';
    const { browser } = await launchRendererChromium(chromiumPath!, marker);
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<h1>One page</h1>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ type: string }> };
      // Chromium 156 adds two `browser_ui` targets (chrome://omnibox-popup.top-chrome/) per window.
      expect(targetInfos.map((target) => target.type)).toEqual(['page']);
      // The page's renderer only, no spare started beside it.
      expect(rendererPids(marker)).toHaveLength(1);
    } finally {
      await browser.close();
    }
  },
);

test("the site audit renders in chrome-headless-shell when it is installed, else in CHROMIUM_PATH's Chromium", () => {
  const installed =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);
  expect(findAuditChromium(undefined, undefined, installed(HEADLESS_SHELL_PATH, '/usr/bin/chromium'))).toBe(
    HEADLESS_SHELL_PATH,
  );
  expect(findAuditChromium(undefined, '/opt/chrome', installed('/opt/chrome'))).toBe('/opt/chrome');
  expect(findAuditChromium(undefined, undefined, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  // SITE_AUDIT_CHROMIUM_PATH chooses (a full Chromium, or a shell elsewhere); a path that does not exist falls back.
  expect(findAuditChromium('/usr/bin/chromium', undefined, installed(HEADLESS_SHELL_PATH, '/usr/bin/chromium'))).toBe(
    '/usr/bin/chromium',
  );
  expect(findAuditChromium('/opt/shell', undefined, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  // CHROMIUM_PATH=off turns rendering off, the audit's included.
  expect(findAuditChromium(undefined, 'off', installed(HEADLESS_SHELL_PATH))).toBeUndefined();
  expect(findAuditChromium(undefined, undefined, installed())).toBeUndefined();
});
