import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '#server/lib/logger.ts';

/** What of a BullMQ Worker (made with `autorun: false`) starting it takes. */
export interface StartableWorker {
  waitUntilReady(): Promise<unknown>;
  run(): Promise<unknown>;
  close(): Promise<unknown>;
}

/**
 * Runs a Worker once its connections are ready, and answers it (undefined when the job system closed first).
 * BullMQ remembers a failed start for good: a Worker whose database connection was cut while it started would
 * fail every fetch at once and loop on it without yielding, starving the event loop (no requests, no signals,
 * its log lines piling up in memory). So a Worker that could not start is closed, and a new one is made after a
 * pause (1 s, doubling up to 15 s) until one starts.
 */
export async function startWhenReady<W extends StartableWorker>(
  make: () => W,
  options: { closed(): boolean; log: Logger; job: string },
): Promise<W | undefined> {
  const { log, job } = options;
  for (let round = 0; !options.closed(); round++) {
    const worker = make();
    const ready = await worker.waitUntilReady().then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error, job }, 'job worker could not start: trying again');
        return false;
      },
    );
    if (ready && !options.closed()) {
      void worker.run().catch((error: unknown) => log.error({ err: error, job }, 'job worker stopped'));
      return worker;
    }
    // Not awaited: closing what never started may wait on the same lost connection.
    void worker.close().catch(() => undefined);
    if (!options.closed()) await delay(Math.min(1000 * 2 ** round, 15_000), undefined, { ref: false });
  }
  return undefined;
}
