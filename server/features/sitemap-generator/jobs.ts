import type { CrawlProgress } from '#server/lib/crawler/types.ts';

export type JobEvent =
  | { type: 'progress'; progress: CrawlProgress }
  | { type: 'done'; sitemap: string; pages: number }
  | { type: 'failed'; error: string };

export type JobListener = (event: JobEvent) => void;

export interface Job<T> {
  key: string;
  url: string;
  startedAt: number;
  progress: CrawlProgress;
  promise: Promise<T>;
  controller: AbortController;
}

/** Progress is pushed to listeners at most this often; the final state always goes out. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * Running crawls keyed by site, so a second request for a site being crawled joins the first
 * crawl instead of starting another, and progress listeners can attach before or during a crawl.
 */
export function createJobRegistry<T>() {
  const jobs = new Map<string, Job<T>>();
  const listeners = new Map<string, Set<JobListener>>();

  function emit(key: string, event: JobEvent): void {
    for (const listener of listeners.get(key) ?? []) listener(event);
  }

  return {
    get(key: string): Job<T> | undefined {
      return jobs.get(key);
    },
    get running(): number {
      return jobs.size;
    },
    /**
     * Starts `run` for `key` unless a job for it is running, in which case that job is returned.
     * `describe` turns the result into the final event listeners receive.
     */
    start(
      key: string,
      url: string,
      run: (onProgress: (progress: CrawlProgress) => void, signal: AbortSignal) => Promise<T>,
      describe: (result: T) => JobEvent,
    ): { job: Job<T>; reused: boolean } {
      const existing = jobs.get(key);
      if (existing) return { job: existing, reused: true };
      const controller = new AbortController();
      let lastSent = 0;
      const job: Job<T> = { key, url, startedAt: Date.now(), progress: { found: 0, queued: 1, skipped: 0 }, controller, promise: Promise.resolve(undefined as T) };
      const onProgress = (progress: CrawlProgress) => {
        job.progress = progress;
        const now = Date.now();
        if (now - lastSent < PROGRESS_INTERVAL_MS) return;
        lastSent = now;
        emit(key, { type: 'progress', progress });
      };
      jobs.set(key, job);
      emit(key, { type: 'progress', progress: job.progress });
      job.promise = run(onProgress, controller.signal).then(
        (result) => {
          jobs.delete(key);
          emit(key, { type: 'progress', progress: job.progress });
          emit(key, describe(result));
          return result;
        },
        (error: unknown) => {
          jobs.delete(key);
          emit(key, { type: 'failed', error: error instanceof Error ? error.message : String(error) });
          throw error;
        },
      );
      return { job, reused: false };
    },
    /** Listens to the job for `key`, now or when one starts; returns the unsubscribe function. */
    subscribe(key: string, listener: JobListener): () => void {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    /** Aborts every running crawl (server shutdown) and waits for them to settle. */
    async abortAll(): Promise<void> {
      const running = [...jobs.values()];
      for (const job of running) job.controller.abort();
      await Promise.allSettled(running.map((job) => job.promise));
    },
  };
}

export type JobRegistry<T> = ReturnType<typeof createJobRegistry<T>>;
