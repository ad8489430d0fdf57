import type { Writable } from 'node:stream';

/**
 * Resolves once a response being streamed can take more, or the client has gone: a stream written
 * from the database waits here instead of buffering (the inbox's export, the site audit's CSV).
 */
export function drainedOrClosed(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (out.destroyed) return resolve();
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
