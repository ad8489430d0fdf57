/**
 * Requests in flight per host, for checks that hit one site many times (a migration list): a
 * request waits for a free slot of its host, so a long list never opens more than `perHost`
 * connections to the site being migrated, whatever the overall concurrency.
 */
export interface HostSlots {
  /** Resolves with the release function once `host` has a free slot; rejects when `signal` aborts first. */
  take(host: string, signal: AbortSignal): Promise<() => void>;
}

export function createHostSlots(perHost: number): HostSlots {
  const used = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();

  function release(host: string) {
    const next = waiting.get(host)?.shift();
    if (next) return next();
    const left = (used.get(host) ?? 1) - 1;
    if (left <= 0) used.delete(host);
    else used.set(host, left);
  }

  function grant(host: string): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release(host);
    };
  }

  return {
    take(host, signal) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const inUse = used.get(host) ?? 0;
      if (inUse < perHost) {
        used.set(host, inUse + 1);
        return Promise.resolve(grant(host));
      }
      return new Promise((resolve, reject) => {
        const queue = waiting.get(host) ?? [];
        waiting.set(host, queue);
        // A released slot passes straight to the next waiter: the count stays as it is.
        const onSlot = () => {
          signal.removeEventListener('abort', onAbort);
          resolve(grant(host));
        };
        const onAbort = () => {
          const index = queue.indexOf(onSlot);
          if (index >= 0) queue.splice(index, 1);
          reject(signal.reason);
        };
        queue.push(onSlot);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
