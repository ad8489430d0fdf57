/**
 * What a time to first byte must not count: the time this thread's own event loop could not look at its
 * sockets. An answer that arrives while the loop is blocked (a long synchronous write, a major garbage
 * collection, the process waiting for a core on a busy machine) is only seen once the loop runs again, so
 * `now() - started` then holds our stall as well as the site's time. A timer ticks while any request is in
 * flight; an answer seen more than `STALL_MS` after the last tick came during a stall, and the stall (from
 * the last tick, or the request's start if later) is taken off its time. The answer can only have arrived
 * after the last tick: had it arrived before, the loop, free then, would have seen it then.
 *
 * So the time reported is the least the site can have taken, never more than was measured: a page is never
 * called slow for our stall (a million-page audit called four 3 ms pages slow before this), and a slow page
 * whose answer lands inside one of our stalls is reported with the part of its time we saw.
 */

/** How often the loop is looked at while requests are in flight. */
export const TICK_MS = 10;
/** A gap since the last tick longer than this is a stall of the loop, not a timer's ordinary lateness. */
export const STALL_MS = 50;

export interface LoopWatch {
  /** A request is in flight from here: its `unseenMs()` once its answer is seen, and its `end()`. */
  begin(): { unseenMs(): number; end(): void };
}

export interface LoopWatchOptions {
  now?: () => number;
  /** Starts the ticking (an unref'd interval by default); returns its stop. Tests tick by hand. */
  every?: (tick: () => void, ms: number) => () => void;
}

function unrefInterval(tick: () => void, ms: number): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}

export function createLoopWatch(options: LoopWatchOptions = {}): LoopWatch {
  const now = options.now ?? (() => performance.now());
  const every = options.every ?? unrefInterval;
  let lastTick = now();
  let inFlight = 0;
  let stop: (() => void) | undefined;
  return {
    begin() {
      const started = now();
      inFlight += 1;
      if (!stop) {
        lastTick = started;
        stop = every(() => {
          lastTick = now();
        }, TICK_MS);
      }
      let ended = false;
      return {
        unseenMs() {
          const seen = now();
          if (seen - lastTick <= STALL_MS) return 0;
          return seen - Math.max(lastTick, started);
        },
        end() {
          if (ended) return;
          ended = true;
          inFlight -= 1;
          if (inFlight === 0 && stop) {
            stop();
            stop = undefined;
          }
        },
      };
    },
  };
}

/** This thread's watch, shared by its fetchers (one timer however many requests are in flight). */
export const threadLoopWatch: LoopWatch = createLoopWatch();
