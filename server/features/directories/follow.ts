import { latestDirectoryCheckId } from '#db/directory-checks.ts';
import type { Db } from '#db/index.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { DIRECTORY_CHECK_ID, DIRECTORY_CHECK_JOB } from './job.ts';
import { EMPTY_RESULTS, type CheckResults } from './results.ts';
import { readStoredResults } from './store.ts';

/** A web process looks for a newer run at least this often, whatever it heard. */
export const REFRESH_MS = 10 * 60 * 1000;

export interface ResultsFollower {
  /** Reads the newest results (invalid ones throw), then follows new runs. */
  start(): Promise<void>;
  /** Reads the newest results if a newer run was recorded. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps a process's copy of the checker's results current: `onResults` gets the newest run's
 * results at start, when a directory-check job completes (in whichever process ran it: jobs.watch),
 * and whenever the periodic look finds a newer run (a missed event, a row written by hand).
 */
export function followResults(options: {
  db: Db;
  jobs: Jobs;
  log: Logger;
  onResults(results: CheckResults): void;
  refreshMs?: number;
}): ResultsFollower {
  const { db, jobs, log } = options;
  let current: string | undefined;
  let loading: Promise<void> | undefined;
  let again = false;
  let unwatch: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function loadNewest(): Promise<void> {
    const newest = await latestDirectoryCheckId(db);
    if (newest === current) return;
    const stored = await readStoredResults(db);
    current = stored?.runId;
    options.onResults(stored?.results ?? EMPTY_RESULTS);
  }

  /** One load at a time; a request during one loads again after it. */
  function refresh(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          await loadNewest();
        } while (again);
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  const refreshLogged = () => {
    refresh().catch((error: unknown) =>
      log.error({ err: error }, 'reading the directory check results failed; the pages keep the previous ones'),
    );
  };

  return {
    async start() {
      // Watch first, then read: a run ending in between is not missed.
      unwatch = jobs.watch(DIRECTORY_CHECK_JOB, DIRECTORY_CHECK_ID, (event) => {
        if (event.type === 'completed') refreshLogged();
      });
      try {
        await refresh();
      } catch (error) {
        unwatch();
        throw error;
      }
      timer = setInterval(refreshLogged, options.refreshMs ?? REFRESH_MS);
      timer.unref();
    },
    refresh,
    async stop() {
      unwatch?.();
      clearInterval(timer);
      await loading?.catch(() => undefined);
    },
  };
}
