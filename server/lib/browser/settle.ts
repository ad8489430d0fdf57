import type { Page, Request } from 'playwright-core';
import { VITALS_WATCH, type LabVitals } from './vitals.ts';

/*
 * When a rendered page is read (docs/decisions/0056; shared by the site audit and the mobile-test renderer
 * that the one-page audit uses too, 0061). A single-page application writes its title, text
 * and links only once the data it asks for has come back, and it often asks a moment after it starts
 * (a timer, a lazily imported section): at `load` the DOM is still its loading shell. A page is read
 * once it has SETTLED: nothing it started is still under way, and nothing has happened for a quiet
 * window. Two views of "under way", because each misses something the other sees:
 *  - the page's own (SETTLE_WATCH, run before any of its scripts): its fetch and XMLHttpRequest calls and
 *    the bodies being read, its short timers (work it has said it will do), and changes to its DOM;
 *  - the browser's (Playwright's request events, fired where the browser starts a request, before the
 *    interception answers it): every request of the page, a lazily imported script included.
 * The two views meet through a fence: once the page is quiet it sends one request of its own (FENCE_PATH,
 * answered by the slot's interception, never sent out). The browser announces a page's requests in the
 * order it started them and our interception answers the fence only after its own announcement, so when
 * the page sees the fence answered, every request it started before (a lazily imported section whose
 * announcement a busy browser process delays) has been announced too: no time window is guessed.
 * A page that has not settled within the wait (the site audit's SITE_AUDIT_RENDER_WAIT_MS, the mobile test's
 * time left) is read as it is then, and the render says why it did not settle. What is read is the
 * renderer's choice (`settleWatch`'s reads: the DOM, the site audit's uncrawlable links); the lab vitals
 * always are.
 */

/** No request, no tracked work and no DOM change for this long: the page has settled. */
export const QUIET_MS = 150;
/**
 * After the page is quiet, how long the browser's request events are waited for when its fence request
 * could not be sent (a Content-Security-Policy refusing it): the only case left to a time window.
 */
const CONFIRM_MS = 100;
/** The path of the fence request a quiet page sends (see above); answered 204 by the slot, never fetched. */
export const FENCE_PATH = '/.well-known/delhi-seo-render-fence';
/** Whether a request is a page's fence (the slot answers it and does not count it as the page's). */
export const isFence = (url: string): boolean => URL.canParse(url) && new URL(url).pathname === FENCE_PATH;
/** Timers up to this delay are work the page has yet to do; longer ones (a carousel, a popup) are not waited for. */
export const TRACKED_TIMER_MS = 4000;
/** How long a quiet page that shows text may wait for its first contentful paint before it is read (by default). */
const PAINT_MS = 1000;
const SETTLE_KEY = 'delhi-seo.settle';
const READ_KEY = 'delhi-seo.read';

/** The page's DOM serialised as Playwright's page.content() does (a function expression, as source, run in the page). */
export const SERIALISE_DOCUMENT = `() => (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +
      (document.documentElement ? document.documentElement.outerHTML : '')`;

export interface SettleWatchOptions {
  /**
   * What the read holds besides the lab vitals: each name's function expression (as source) is run in the
   * page at the read (`html: SERIALISE_DOCUMENT`, the site audit's uncrawlable links).
   */
  reads?: Record<string, string>;
  /** How long a quiet page that shows text may wait for its first contentful paint (PAINT_MS by default). */
  paintMs?: number;
}

/**
 * The init script that watches the page and settles it: runs before the page's scripts (top frame). A
 * timer's callback is tracked once: a function set again (a poll, a clock: `setTimeout(tick, 1000)` inside
 * tick) is repeating, not loading. setInterval is never waited for. The DOM counts as changed when nodes
 * or text change (not attributes: an animation's styles).
 */
export const settleWatch = ({
  reads = {},
  paintMs = PAINT_MS,
}: SettleWatchOptions = {}): string => `if (window === window.top) (() => {
  const QUIET = ${QUIET_MS}, MAX_DELAY = ${TRACKED_TIMER_MS};
  const state = { busy: 0, timers: new Set(), last: performance.now(), pending: [] };
  const later = window.setTimeout.bind(window), clear = window.clearTimeout.bind(window);
  const touch = () => { state.last = performance.now(); };
  // Done a turn later: what the page does with a response (its .then) runs before the work counts as done.
  const done = () => later(() => { state.busy -= 1; touch(); }, 0);
  const seen = new WeakSet();
  window.setTimeout = function (callback, delay, ...args) {
    const tracked = typeof callback === 'function' && !seen.has(callback) && (Number(delay) || 0) <= MAX_DELAY;
    if (!tracked) return later(callback, delay, ...args);
    seen.add(callback);
    const id = later(function () {
      state.timers.delete(id);
      touch();
      return callback.apply(this, arguments);
    }, delay, ...args);
    state.timers.add(id);
    return id;
  };
  window.clearTimeout = function (id) { state.timers.delete(id); return clear(id); };
  const track = (promise) => { state.busy += 1; touch(); promise.then(done, done); return promise; };
  const nativeFetch = window.fetch;
  if (nativeFetch) window.fetch = function () { return track(nativeFetch.apply(this, arguments)); };
  for (const name of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
    const read = Response.prototype[name];
    if (read) Response.prototype[name] = function () { return track(read.apply(this, arguments)); };
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    state.busy += 1;
    touch();
    this.addEventListener('loadend', done, { once: true });
    return send.apply(this, arguments);
  };
  ${VITALS_WATCH}
  new MutationObserver(touch).observe(document, { childList: true, subtree: true, characterData: true });
  const quiet = () => state.busy <= 0 && state.timers.size === 0 && performance.now() - state.last >= QUIET;
  // Resolves once the page is quiet, with its read (the site audit's: its DOM serialised as Playwright's
  // page.content() does, in the same call: content() runs in Playwright's utility world, which it builds and
  // fills with its whole injected script for every new document), or at 'until' (performance.now()) with
  // what it still waits for.
  const read = () => ({
    ${Object.entries(reads)
      .map(([name, source]) => `${JSON.stringify(name)}: (${source})(),`)
      .join('\n    ')}
    vitals: vitals(),
  });
  // A quiet page is read once the browser has painted it: its first contentful paint seen if it shows any
  // text (up to paintMs more), then two frames in which nothing changed. On a busy machine frames come late: read
  // before them, a page has no LCP yet, and what it starts at its first paint (a blocking script) is missed.
  const frame = () => new Promise((resolve) => { requestAnimationFrame(resolve); later(resolve, 100); });
  const painted = () => vitals.painted() || !(document.body && document.body.innerText.trim());
  const settle = (until) => new Promise((resolve) => {
    let paintUntil = -1;
    const check = async () => {
      if (quiet()) {
        // Painted before the two frames: the page's own paint observers have had them to run.
        const last = state.last, wasPainted = painted();
        await frame();
        await frame();
        if (paintUntil < 0) paintUntil = performance.now() + ${paintMs};
        if (state.last !== last || !quiet()) return check();
        if (wasPainted || performance.now() >= Math.min(until, paintUntil)) {
          // The fence (see server/lib/browser/settle.ts): answered once every request started before it has been announced.
          const fenced = nativeFetch
            ? await nativeFetch.call(window, location.origin + '${FENCE_PATH}', { cache: 'no-store', credentials: 'omit' })
                .then(() => true, () => false)
            : false;
          // What arrived while the fence was out (a section whose script came back) has a frame to show itself.
          await frame();
          if (state.last !== last || !quiet()) return check();
          return resolve({ quiet: true, read: read(), fenced });
        }
        return check();
      }
      if (performance.now() >= until) return resolve({ quiet: false, busy: state.busy, timers: state.timers.size });
      later(check, Math.max(10, Math.min(QUIET - (performance.now() - state.last), until - performance.now())));
    };
    check();
  });
  Object.defineProperty(window, Symbol.for('${SETTLE_KEY}'), { value: settle });
  Object.defineProperty(window, Symbol.for('${READ_KEY}'), { value: read });
})();`;

export function browserRequests(): BrowserRequests {
  return { inFlight: new Set(), lastChange: performance.now() };
}

/** Counts the tab's requests into whichever render is under way when each starts. */
export function watchBrowserRequests(page: Page, current: () => BrowserRequests | undefined): void {
  const owners = new WeakMap<Request, BrowserRequests>();
  const changed = (requests: BrowserRequests) => {
    requests.lastChange = performance.now();
    requests.onChange?.();
  };
  page.on('request', (request) => {
    const requests = current();
    if (!requests) return;
    if (isFence(request.url())) {
      requests.atFence = requests.lastChange;
      return;
    }
    owners.set(request, requests);
    requests.inFlight.add(request);
    changed(requests);
  });
  const ended = (request: Request) => {
    const requests = owners.get(request);
    if (!requests?.inFlight.delete(request)) return;
    changed(requests);
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/** The page's requests as the browser starts and ends them (Playwright's request events). */
export interface BrowserRequests {
  inFlight: Set<Request>;
  /** performance.now() of the last request started or ended. */
  lastChange: number;
  /** Resolves the wait for the next change (set while one waits). */
  onChange?: () => void;
  /** `lastChange` when the page's latest fence was announced: a change after it means the page is not done. */
  atFence?: number;
}

/** What is read of a settled page: its lab vitals and the watch's `reads` (settleWatch). */
export interface SettledRead {
  /** Undefined in a document the watch did not run in. */
  vitals?: LabVitals;
}

interface InPage<R> {
  quiet: boolean;
  read?: R;
  /** The page's fence request was answered: every request it started before has been announced. */
  fenced?: boolean;
  busy?: number;
  timers?: number;
}

/** One wait in the page: until it is quiet, or `ms` from now. */
function inPageSettle<R>(page: Page, ms: number): Promise<InPage<R>> {
  return page.evaluate(
    ([key, wait]) => {
      const settle = (window as unknown as Record<symbol, ((until: number) => Promise<unknown>) | undefined>)[
        Symbol.for(key)
      ];
      // A document the watch did not run in (a frame swapped in): nothing to wait for in the page.
      return settle ? settle(performance.now() + wait) : { quiet: true };
    },
    [SETTLE_KEY, ms] as const,
  ) as Promise<InPage<R>>;
}

/**
 * Reads the page as it is (one the settle did not read), as the watch reads it; in a document the watch did
 * not run in, what `fallback` (a function expression, as source) answers.
 */
export function readPage<R extends SettledRead>(page: Page, fallback = '() => ({})'): Promise<R> {
  // A string, not a function: compiled with keepNames (tsx in a job thread), a named local would call a
  // `__name` helper the page does not have.
  return page.evaluate(`(() => {
    const read = window[Symbol.for('${READ_KEY}')];
    return read ? read() : (${fallback})();
  })()`) as Promise<R>;
}

/** Waits for the next request to start or end, at most `ms`. */
function nextChange(requests: BrowserRequests, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    requests.onChange = () => {
      clearTimeout(timer);
      requests.onChange = undefined;
      resolve();
    };
  });
}

/**
 * Waits until the page has settled (both views quiet), at most `waitMs`. Answers its DOM then (undefined
 * when it has to be read apart), or why it has not settled (what was still under way when the wait ran out).
 */
export async function waitUntilSettled<R extends SettledRead = SettledRead>(
  page: Page,
  requests: BrowserRequests,
  waitMs: number,
): Promise<{ read?: R; unsettled?: string }> {
  const deadline = performance.now() + waitMs;
  const left = () => deadline - performance.now();
  let inPage: InPage<R> = { quiet: false };
  while (left() > 0) {
    inPage = await inPageSettle<R>(page, left());
    if (!inPage.quiet) break;
    // The browser has a request the page's own view missed (a lazily imported script), or just ended one.
    if (requests.inFlight.size > 0) {
      await nextChange(requests, left());
      continue;
    }
    // Every request started before the fence has been announced; one that started or ended since (a
    // section's script that came back while the fence was out) means the page has more to do.
    if (inPage.fenced && requests.atFence === requests.lastChange) return { read: inPage.read };
    if (inPage.fenced) continue;
    // No fence: the events of a request the page started just before it fell quiet may still be on their
    // way from the browser process (a busy machine delays them): a short wait for them, then the page is read.
    const before = requests.lastChange;
    await nextChange(requests, Math.min(left(), CONFIRM_MS));
    if (requests.lastChange === before && requests.inFlight.size === 0) return { read: inPage.read };
  }
  return { unsettled: unsettledReason(waitMs, inPage, requests) };
}

function unsettledReason(waitMs: number, inPage: InPage<unknown>, requests: BrowserRequests): string {
  const after = `after ${(waitMs / 1000).toFixed(waitMs % 1000 ? 1 : 0)} s`;
  const urls = [...requests.inFlight].map((request) => request.url());
  if (urls.length)
    return `Still loading ${after}: ${urls.length} request${urls.length === 1 ? '' : 's'} (${urls.slice(0, 3).join(', ')}${urls.length > 3 ? ', …' : ''})`;
  if (inPage.busy)
    return `Still loading ${after}: the page's scripts were still waiting for ${inPage.busy} response${inPage.busy === 1 ? '' : 's'}`;
  if (inPage.timers) return `Still loading ${after}: the page's scripts kept setting short timers`;
  return `Still changing ${after}: the page's content kept changing`;
}
