import { PageRenderError } from './render-job.ts';

/**
 * The renders under way at once: `concurrency` slots; the others wait their turn in order. A wait
 * ends early when its signal aborts (the audit was cancelled).
 */
export function createRenderQueue(concurrency: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async enter(signal?: AbortSignal): Promise<void> {
      if (running < concurrency) {
        running += 1;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', drop);
          resolve();
        };
        const drop = () => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(new PageRenderError('cancelled', 'The audit was cancelled.'));
        };
        signal?.addEventListener('abort', drop, { once: true });
        waiting.push(start);
      });
    },
    /** A render ended: the next one waiting takes its slot. */
    leave(): void {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
  };
}

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
