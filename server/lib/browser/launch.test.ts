import { expect, test } from 'vitest';
import { findRendererChromium, launchRendererChromium } from './launch.ts';
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
