import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a browser Playwright installed itself. */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', safePlaywrightPath()];
  const found = candidates.find((path): path is string => Boolean(path && exists(path)));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
        'or set CHROMIUM_PATH=/path/to/chrome, or run `npx playwright install chromium` where downloads are allowed.',
    );
  }
  return found;
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * The Chromium one test file shares: launched before its first test, closed after its last. Call it once at
 * the top of the file (`const browser = fileBrowser();`) and use the result as a Browser inside tests.
 */
export function fileBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      if (!launched) throw new Error('fileBrowser(): the browser is launched in beforeAll; use it inside tests');
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === 'function' ? value.bind(launched) : value;
    },
  });
}

/** Problems other than the failed `/api` calls a journey provokes on purpose. */
export const unexpectedProblems = (problems: string[]) =>
  problems.filter((problem) => !/^http [45]\d\d: .*\/api\//.test(problem));

export interface OpenedPage {
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

/**
 * Opens a path of the app under test, recording every console error and CSP violation. With
 * `clock`, the page runs on Playwright's fake clock (time flows until a test pauses it; then only
 * `page.clock.runFor` moves timers), so timer behaviour is tested without waiting.
 */
export async function openPage(
  browser: Browser,
  path: string,
  options: { width?: number; height?: number; clock?: boolean; reducedMotion?: 'reduce'; touch?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion,
    // A phone: taps, and no hover.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  const problems: string[] = [];
  const documentUrl = new URL(path, inject('baseUrl')).href;
  page.on('console', (message) => {
    // Failed loads are reported below with their URL, except the document itself (a 404 page is a 404).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== documentUrl)
      problems.push(`http ${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(documentUrl, { waitUntil: 'networkidle' });
  return { page, problems };
}

/**
 * Holds requests matching `pattern` until `release()`, so a busy state can be seen for sure
 * (instead of slowing the request down by a guessed number of milliseconds).
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

/** Stops the page's fake clock where it is now: from here on only `page.clock.runFor` moves its timers. */
export async function pauseClock(page: Page): Promise<void> {
  // The clock flows while we ask it the time, so aim a little ahead (as if that much had passed)
  // and ask again in the rare case it got there first.
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
}

/** Resolves once every island on the page has hydrated (React attaches its root marker). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((el) =>
      Object.keys(el).some((key) => key.startsWith('__reactContainer')),
    ),
  );
}

/**
 * What a narrow screen would hide: sideways page scrolling, any element in <main> (other than pre
 * and textarea, whose scrolling is their job) whose content overflows a box that clips or scrolls
 * it, and anything in <main> poking out past the window's right edge. Content hidden on purpose
 * is not clipped content: screen-reader-only text (a 1 px box) and what sits inside aria-hidden
 * or inert elements (a carousel's other slides). Empty when nothing is hidden.
 */
export function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width) found.push(`page is ${doc.scrollWidth}px wide in a ${width}px window`);
    const onPurpose = (element: Element) => element.closest('[aria-hidden="true"], [inert]') !== null;
    const srOnly = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width <= 1 && box.height <= 1;
    };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
    const main = document.querySelector('main');
    if (!main) return ['no <main>'];
    for (const element of main.querySelectorAll('*')) {
      // A text field scrolls a value longer than itself by design (a webhook address on a phone).
      if (element.closest('pre, textarea, input') || onPurpose(element) || srOnly(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1)
        found.push(`${describe(element)} ends at ${Math.round(box.right)}px, past the ${width}px window`);
      const style = getComputedStyle(element);
      const clipsX = style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
      const clipsY = style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1;
      if (!clipsX && !clipsY) continue;
      // Overflow made only of content hidden on purpose is fine; anything visible past the edge is not.
      const spills = [...element.querySelectorAll('*')].some((child) => {
        if (onPurpose(child) || srOnly(child)) return false;
        const inner = child.getBoundingClientRect();
        return (
          inner.width > 0 &&
          (inner.right > box.right + 1 || inner.left < box.left - 1 || (clipsY && inner.bottom > box.bottom + 1))
        );
      });
      const hasHidden = element.querySelector('[aria-hidden="true"], [inert]') !== null;
      if (spills || !hasHidden)
        found.push(
          `${describe(element)}: content ${element.scrollWidth}x${element.scrollHeight} in a ${element.clientWidth}x${element.clientHeight} box`,
        );
    }
    return found;
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now, one line each (rule, impact, first target). */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluate() is not subject to the page's CSP, unlike an injected <script>.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // `region` (all content inside a landmark) is a best practice: on by default, named so it stays on.
    const result = await (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { rules: Record<string, { enabled: boolean }> },
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe.run(document, { rules: { region: { enabled: true } } });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.length} × e.g. ${JSON.stringify(v.nodes[0]?.target)}`,
    );
  });
  return violations;
}
