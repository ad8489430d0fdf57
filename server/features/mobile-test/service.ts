import { InvalidInputError, NotPossibleError, UpstreamError } from '#server/lib/domain-errors.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { decodeHtml, isHtmlContentType } from '#server/lib/page-facts/decode.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { checkedUrlInput, withHttpFallback, type TypedTarget } from '#server/lib/page-facts/url-input.ts';
import {
  DEFAULT_MOBILE_OPTIONS,
  MOBILE_REPORT_LIMITS,
  type MobileReport,
  type MobileTestOptions,
} from '#views/model/mobile-test.ts';
import { userAgentFor } from '#server/lib/browser/page-render/agents.ts';
import { evaluateMobile, isMobileFriendly } from './checks.ts';
import { evaluateRendered } from './rendered-checks.ts';
import { RenderError } from '#server/lib/browser/page-render/render.ts';
import type { MobileRenderer } from '#server/lib/browser/page-render/renderer.ts';
import {
  createRobotsGate,
  gatedFetch,
  openGate,
  type RobotsGate,
} from '#server/lib/browser/page-render/robots-gate.ts';

export {
  createMobileRenderer,
  findRendererChromium,
  RendererBusyError,
  type MobileRenderer,
} from '#server/lib/browser/page-render/renderer.ts';
export { RenderError } from '#server/lib/browser/page-render/render.ts';

export const MOBILE_LIMITS = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxStylesheets: 5,
  stylesheetBytes: 256 * 1024,
  stylesheetTimeoutMs: 5_000,
} as const;

export interface MobileDeps {
  fetcher: SafeFetcher;
  /** Chromium, when the server has it: the page is rendered at 360×640 instead of read as HTML and CSS. */
  renderer?: MobileRenderer;
  /** The device and user agent (default: the phone, as a phone browser). */
  options?: MobileTestOptions;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * Told as each address is tried (the typed one, then its http fallback), with the longest that
   * try may take: the mobile-test job reports it, and the request waiting for the job times it.
   */
  onAttempt?: (url: string, limitMs: number) => void;
}

/** The longest one try of a test takes: a render's limits, or the static test's fetches. */
export function attemptLimitMs(renderer: MobileRenderer | undefined): number {
  return renderer ? renderer.limitMs : MOBILE_LIMITS.timeoutMs + MOBILE_LIMITS.stylesheetTimeoutMs;
}

/** Same-origin stylesheets only: other origins are CDNs and frameworks the site owner rarely controls. */
async function readStylesheets(
  hrefs: string[],
  pageUrl: string,
  fetcher: SafeFetcher,
  gate: RobotsGate,
  userAgent: string,
) {
  const origin = new URL(pageUrl).origin;
  const analysed: string[] = [];
  const skipped: string[] = [];
  const texts: string[] = [];
  const candidates: string[] = [];
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== origin || candidates.length >= MOBILE_LIMITS.maxStylesheets) skipped.push(url.href);
    else candidates.push(url.href);
  }
  const results = await Promise.all(
    candidates.map((href) =>
      gatedFetch(fetcher, gate, href, {
        timeoutMs: MOBILE_LIMITS.stylesheetTimeoutMs,
        maxBytes: MOBILE_LIMITS.stylesheetBytes,
        onTooLarge: 'truncate',
        maxRedirects: 5,
        headers: { accept: 'text/css,*/*;q=0.1', 'user-agent': userAgent },
      })
        .then((res) => (res.status === 200 ? res.body.toString('utf8') : null))
        .catch(() => null),
    ),
  );
  results.forEach((text, index) => {
    if (text === null) skipped.push(candidates[index]);
    else {
      analysed.push(candidates[index]);
      texts.push(text);
    }
  });
  return { analysed, skipped, texts };
}

/** Renders the page in Chromium when there is one, else reads its HTML and CSS; either way the same checks. */
export async function testMobileFriendly(input: string | TypedTarget, deps: MobileDeps): Promise<MobileReport> {
  const target = typeof input === 'string' ? checkedUrlInput(input) : input;
  // A bare domain whose https fails at the connection is tested over http.
  return withHttpFallback(target, (url) => testUrl(url, deps));
}

async function testUrl(url: string, deps: MobileDeps): Promise<MobileReport> {
  deps.onAttempt?.(url, attemptLimitMs(deps.renderer));
  const options = deps.options ?? DEFAULT_MOBILE_OPTIONS;
  if (!deps.renderer) return testStatically(url, deps, options);
  let rendered;
  try {
    rendered = await deps.renderer.render(url, deps.signal, options);
  } catch (error) {
    // The document's own failure (private address, refused, DNS, ...) reads the same as in the static test.
    if (error instanceof RenderError && error.kind === 'document-failed' && error.reason) throw error.reason;
    if (error instanceof RenderError && error.kind === 'not-html') throw new InvalidInputError(error.message);
    if (error instanceof RenderError && error.kind === 'too-much-memory') throw new NotPossibleError(error.message);
    if (error instanceof RenderError) throw new UpstreamError(error.message);
    throw error;
  }
  const checks = evaluateRendered(rendered.measurement);
  return {
    url: rendered.url,
    mobileFriendly: isMobileFriendly(checks),
    checks,
    stylesheets: { analysed: rendered.stylesheets, skipped: [] },
    testedAt: (deps.now ?? (() => new Date()))().toISOString(),
    device: options.device,
    userAgent: options.userAgent,
    userAgentString: rendered.userAgentString,
    rendered: true,
    screenshot: rendered.screenshot,
    blocked: rendered.blocked,
    failedResources: rendered.failedResources,
    robotsBlocked: rendered.robotsBlocked,
    consoleErrors: rendered.consoleErrors,
    renderedHtml: rendered.renderedHtml,
    ...(rendered.vitals ? { vitals: rendered.vitals } : {}),
    accessibility: rendered.accessibility,
    pageBytes: rendered.pageBytes,
    notes: rendered.notes,
  };
}

/** Fetches the page and its same-origin CSS and runs the mobile-readiness checks on the text. */
async function testStatically(url: string, deps: MobileDeps, options: MobileTestOptions): Promise<MobileReport> {
  const userAgentString = userAgentFor(options.userAgent);
  // As Googlebot, a page its robots.txt disallows is not fetched (a 422 saying so), here as in the render.
  const gate =
    options.userAgent === 'googlebot'
      ? createRobotsGate({
          fetcher: deps.fetcher,
          userAgent: userAgentString,
          maxHosts: MOBILE_REPORT_LIMITS.robotsHosts,
          signal: deps.signal,
        })
      : openGate;
  const res = await gatedFetch(deps.fetcher, gate, url, {
    timeoutMs: MOBILE_LIMITS.timeoutMs,
    maxBytes: MOBILE_LIMITS.maxBytes,
    onTooLarge: 'truncate',
    maxRedirects: 10,
    headers: { 'user-agent': userAgentString },
  });
  const contentType = res.headers['content-type'];
  if (!isHtmlContentType(contentType)) {
    throw new InvalidInputError(
      `That address returned ${contentType?.split(';')[0]}, not an HTML page; enter the URL of a web page.`,
    );
  }
  const page = extractPageFacts(decodeHtml(res.body, contentType));
  const sheets = await readStylesheets(
    page.stylesheets.filter((sheet) => sheet.media !== 'print').map((sheet) => sheet.href),
    res.url,
    deps.fetcher,
    gate,
    userAgentString,
  );
  const checks = evaluateMobile(page, sheets.texts);
  return {
    url: res.url,
    mobileFriendly: isMobileFriendly(checks),
    checks,
    stylesheets: { analysed: sheets.analysed, skipped: sheets.skipped },
    testedAt: (deps.now ?? (() => new Date()))().toISOString(),
    device: options.device,
    userAgent: options.userAgent,
    userAgentString,
    rendered: false,
  };
}
