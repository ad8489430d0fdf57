import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long synchronous work (robots.txt rules, thousands of links, megabytes of HTML) runs on the
 * event loop that serves pages; it calls `breathe()` between small units of work. Once the loop
 * has been held for a slice, breathing waits for a turn of the loop (I/O, other requests), and
 * each turn lets one waiter go on, first come first served, so several crawls at once still hold
 * the loop about one slice per turn, and each gets its share. See docs/decisions/0030.
 */
export const SLICE_MS = 10;

export interface TimeSlicer {
  /** Resolves at once while the slice lasts; past it, after the event loop has turned. */
  breathe(): Promise<void>;
  /** Turns given so far (tests count them instead of timing anything). */
  readonly turns: number;
}

export interface TimeSlicerOptions {
  sliceMs?: number;
  now?: () => number;
  /** Resolves on the loop's next turn (setImmediate runs after pending I/O). */
  turn?: () => Promise<unknown>;
}

export function createTimeSlicer(options: TimeSlicerOptions = {}): TimeSlicer {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const now = options.now ?? (() => performance.now());
  const turn = options.turn ?? (() => nextTurn());
  const waiting: Array<() => void> = [];
  let since = now();
  let scheduled = false;
  let turns = 0;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    void turn().then(wakeOne);
  }

  function wakeOne(): void {
    scheduled = false;
    since = now();
    turns += 1;
    waiting.shift()?.();
    if (waiting.length > 0) schedule();
  }

  return {
    breathe() {
      if (now() - since < sliceMs) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        schedule();
      });
    },
    get turns() {
      return turns;
    },
  };
}

/**
 * The one slicer of this thread's event loop, shared by every crawl on it: the budget is the
 * loop's, not each crawl's. (A worker thread loads its own copy of this module, so its own slicer.)
 */
export const eventLoopSlicer = createTimeSlicer();
