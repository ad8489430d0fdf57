import type { Writable } from 'node:stream';

/** Who waits on each response being streamed: woken together by its one `drain` or `close` listener. */
const waiting = new WeakMap<Writable, Array<() => void>>();

/**
 * Resolves once a response being streamed can take more, or the client has gone: a stream written
 * from the database waits here instead of buffering (the inbox's export, the site audit's CSV).
 * One listener per response, added at its first wait and kept: the compression middleware passes
 * `drain` listeners to its gzip stream but not their removal, so a listener per wait piled up there
 * (thousands on a big export, every one called at each drain).
 */
export function drainedOrClosed(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (out.destroyed) return resolve();
    let waiters = waiting.get(out);
    if (!waiters) {
      const woken: Array<() => void> = [];
      waiters = woken;
      waiting.set(out, woken);
      const wake = () => {
        for (const waiter of woken.splice(0)) waiter();
      };
      out.on('drain', wake);
      out.once('close', wake);
    }
    waiters.push(resolve);
  });
}
