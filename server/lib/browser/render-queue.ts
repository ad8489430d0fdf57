/**
 * The renders under way at once in one browser (the mobile test's, a site audit's): `concurrency`
 * slots, the others wait their turn in order, at most `maxWaiting` of them. A wait ends early, with
 * `cancelled()`, when its signal aborts.
 */
export function createRenderQueue(concurrency: number, maxWaiting = Infinity) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    /** Resolves true once a slot is the caller's, or false at once when every slot and place in line is taken. */
    async enter(signal: AbortSignal | undefined, cancelled: () => Error): Promise<boolean> {
      if (running < concurrency) {
        running += 1;
        return true;
      }
      if (waiting.length >= maxWaiting) return false;
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', drop);
          resolve();
        };
        const drop = () => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(cancelled());
        };
        signal?.addEventListener('abort', drop, { once: true });
        waiting.push(start);
      });
      return true;
    },
    /** A render ended: the next one waiting takes its slot. */
    leave(): void {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
  };
}
