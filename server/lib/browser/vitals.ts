import type { Page } from 'playwright-core';

/*
 * Lab Core Web Vitals of a rendered page (docs/decisions/0056), observed in the page from its start to
 * the moment it is read (in the site audit, once it has settled, site-audit/render/settle.ts: a text block painted or a layout shifted by a timer
 * of the page is in), computed as Lighthouse computes them:
 *  - LCP: the last largest-contentful-paint entry's render time (from the navigation's start);
 *  - CLS: the largest session window of layout shifts (shifts at most 1 s apart, a window at most 5 s
 *    long), as Lighthouse 10+ and Chrome report it (the render sends no input, so no shift follows one);
 *  - TBT: the sum over long tasks after the first contentful paint of the time each ran past 50 ms
 *    (Lighthouse ends at Time to Interactive; here, when the page is read).
 * Lab values of the audit's render: a 1280×800 window, the machine's own CPU and loopback network
 * speed, and images, fonts and media not loaded, so an image's LCP is not seen (docs/decisions/0056).
 */

/** What a rendered page measured; null LCP when nothing contentful was painted. */
export interface LabVitals {
  lcpMs: number | null;
  cls: number;
  tbtMs: number;
}

/** Runs in the page's init script: starts the observers and defines `vitals()`, which reads them now. */
export const VITALS_WATCH = `
  const vitals = (() => {
    const v = { lcp: null, fcp: null, cls: 0, window: 0, first: -1, last: -1, tasks: [] };
    const on = {
      'largest-contentful-paint': (e) => { v.lcp = e.renderTime || e.loadTime || e.startTime; },
      // hadRecentInput is not looked at: the renderers never send input, and under the mobile test's
      // device emulation Chrome flags every shift as after input (its viewport changes count as input;
      // Lighthouse works around the same flag, docs/decisions/0061).
      'layout-shift': (e) => {
        if (v.first < 0 || e.startTime - v.last > 1000 || e.startTime - v.first > 5000) { v.window = 0; v.first = e.startTime; }
        v.window += e.value;
        v.last = e.startTime;
        v.cls = Math.max(v.cls, v.window);
      },
      paint: (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime; },
      longtask: (e) => { v.tasks.push([e.startTime, e.startTime + e.duration]); },
    };
    const observers = [];
    for (const [type, each] of Object.entries(on)) {
      try {
        const observer = new PerformanceObserver((list) => list.getEntries().forEach(each));
        observer.observe({ type, buffered: true });
        observers.push([observer, each]);
      } catch {}
    }
    // Entries not yet delivered to the callbacks (they are queued as low-priority tasks) count too.
    const flush = () => { for (const [observer, each] of observers) observer.takeRecords().forEach(each); };
    const read = () => {
      flush();
      let tbt = 0;
      if (v.fcp !== null) for (const [start, end] of v.tasks) tbt += Math.max(0, end - Math.max(start, v.fcp) - 50);
      return { lcpMs: v.lcp === null ? null : Math.round(v.lcp), cls: Math.round(v.cls * 1000) / 1000, tbtMs: Math.round(tbt) };
    };
    // Whether the browser has painted the page's first content (site-audit/render/settle.ts waits for it before the read).
    read.painted = () => { flush(); return v.fcp !== null; };
    return read;
  })();`;

const VITALS_KEY = 'delhi-seo.vitals';

/**
 * The vitals watch on its own, for a renderer that reads the page without the site audit's settle (the
 * mobile-friendly test): an init script that keeps the reader on the window, and `readVitals` to call it.
 */
export const VITALS_SCRIPT = `if (window === window.top) (() => {
  ${VITALS_WATCH}
  Object.defineProperty(window, Symbol.for('${VITALS_KEY}'), { value: vitals });
})();`;

/** How long a page that shows text is waited for to paint its first content before its vitals are read. */
export const PAINT_WAIT_MS = 3000;

/**
 * The page's lab vitals once it has painted: its first contentful paint seen when it shows any text (at
 * most `paintWaitMs`), then two more frames drawn (each waited for at most 100 ms, for a page that gets no
 * frames); undefined in a document the watch did not run in. A layout shift or a paint is entered when
 * the browser draws the frame that shows it: read at once after `load`, an image that had just arrived and
 * pushed the text down was on the screenshot but not in CLS or LCP, and on a busy machine a page whose
 * first paint came later than two frames after `load` was read with no LCP at all.
 */
export function readVitals(page: Page, paintWaitMs = PAINT_WAIT_MS): Promise<LabVitals | undefined> {
  // A string, not a function: compiled with keepNames (tsx in a job thread), a named local would call a
  // `__name` helper the page does not have.
  return page.evaluate(`(async () => {
    const read = window[Symbol.for('${VITALS_KEY}')];
    if (!read) return undefined;
    const frame = () => new Promise((resolve) => { requestAnimationFrame(resolve); setTimeout(resolve, 100); });
    const until = performance.now() + ${Math.max(0, Math.round(paintWaitMs))};
    const shows = () => Boolean(document.body && document.body.innerText.trim());
    while (!read.painted() && shows() && performance.now() < until) await frame();
    await frame();
    await frame();
    return read();
  })()`) as Promise<LabVitals | undefined>;
}
