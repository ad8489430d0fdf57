export interface BatchOptions {
  /** Workers in flight at most. */
  concurrency: number;
  /** The whole batch's time limit: what has not finished by then is reported unfinished. */
  deadlineMs: number;
  /** Aborted when nobody waits for the answer any more (the client left): work stops at once. */
  signal?: AbortSignal;
}

type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Maps items with at most `concurrency` workers in flight, results in input order, under one
 * deadline for the whole batch. When the deadline passes or `signal` aborts, the signal every
 * worker was given aborts (so fetches in flight are cancelled), nothing new starts, and each item
 * without a result gets `unfinished(item)` instead of holding the answer open.
 */
export async function runBatch<T, R>(
  items: readonly T[],
  options: BatchOptions,
  worker: (item: T, signal: AbortSignal, index: number) => Promise<R>,
  unfinished: (item: T, index: number) => R,
): Promise<R[]> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  const stopped = new Promise<null>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(null), { once: true }),
  );
  const timer = setTimeout(stop, options.deadlineMs);
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();

  const results = new Map<number, R>();
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length && !controller.signal.aborted) {
      const index = next;
      next += 1;
      // Settled never rejects, so a worker failing after the deadline is not an unhandled rejection.
      const settled: Promise<Settled<R>> = worker(items[index], controller.signal, index).then(
        (value) => ({ ok: true, value }),
        (error: unknown) => ({ ok: false, error }),
      );
      const outcome = await Promise.race([settled, stopped]);
      if (outcome === null) return;
      if (!outcome.ok) throw outcome.error;
      results.set(index, outcome.value);
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(Math.max(1, options.concurrency), items.length) }, lane));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
    // Anything still running is cancelled; its result would arrive too late to be used.
    stop();
  }
  return items.map((item, index) => (results.has(index) ? (results.get(index) as R) : unfinished(item, index)));
}
