/** Sums of an audit's render latencies (RenderTimings): the renderer adds to them as pages end. */
export function createTimingsLog(concurrency: number) {
  let finished = 0;
  let rendered = 0;
  let launchMs: number | null = null;
  let readySum = 0;
  let busySum = 0;
  let firstAsked: number | undefined;
  let lastEnded: number | undefined;
  return {
    get rendered() {
      return rendered;
    },
    launched(ms: number): void {
      launchMs = ms;
    },
    asked(): void {
      firstAsked ??= performance.now();
    },
    ready(ms: number): void {
      rendered += 1;
      readySum += ms;
    },
    /** A page gave its slot back, rendered or not; it had held it since `holding`. */
    released(holding: number): void {
      finished += 1;
      lastEnded = performance.now();
      busySum += lastEnded - holding;
    },
    timings() {
      const span = firstAsked !== undefined && lastEnded !== undefined ? lastEnded - firstAsked : 0;
      return {
        pages: finished,
        launchMs: launchMs === null ? null : Math.round(launchMs),
        meanReadyMs: rendered ? Math.round(readySum / rendered) : 0,
        meanSlotMs: finished ? Math.round(busySum / finished) : 0,
        meanIdleSlotMs: Math.round(Math.max(0, span * concurrency - busySum) / concurrency),
      };
    },
  };
}
