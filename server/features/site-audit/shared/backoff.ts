/** An idle reader waits at most this many times its shortest wait. */
export const MAX_BACKOFF = 8;

/**
 * How long a shared audit's reader waits before it looks again (decision 0071): `minMs` while it finds work,
 * doubling up to `maxMs` while it finds none, so an idle look does not cost the database a statement every
 * few milliseconds.
 */
export function createBackoff(minMs: number, maxMs: number) {
  let waitMs = minMs;
  return {
    /** The wait before the next look after one that found nothing. */
    next(): number {
      const current = waitMs;
      waitMs = Math.min(maxMs, waitMs * 2);
      return current;
    },
    /** A look found work: the next wait is the shortest again. */
    reset(): void {
      waitMs = minMs;
    },
  };
}
