/*
 * Lab Core Web Vitals of a rendered page (docs/decisions/0056), observed in the page from its start to
 * the moment it is read, once it has settled (server/lib/browser/settle.ts, whose init script embeds this
 * watch: a text block painted or a layout shifted by a timer of the page is in), computed as Lighthouse computes them:
 *  - LCP: the last largest-contentful-paint entry's render time (from the navigation's start);
 *  - CLS: the largest session window of layout shifts (shifts at most 1 s apart, a window at most 5 s
 *    long), as Lighthouse 10+ and Chrome report it (the render sends no input, so no shift follows one);
 *  - TBT: the sum over long tasks after the first contentful paint of the time each ran past 50 ms
 *    (Lighthouse ends at Time to Interactive; here, when the page is read).
 * Lab values of the audit's render: a 1280×800 window, the machine's own CPU and loopback network
 * speed, and images, fonts and media not loaded, so an image's LCP is not seen (docs/decisions/0056);
 * the mobile test's render (page-render/) loads them, on the device's screen (docs/decisions/0061).
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
    // Whether the browser has painted the page's first content (settle.ts waits for it before the read).
    read.painted = () => { flush(); return v.fcp !== null; };
    return read;
  })();`;
