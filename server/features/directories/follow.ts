import { latestDirectoryCheckId } from '#db/directory-checks.ts';
import type { Db } from '#db/index.ts';
import { followJob, type JobFollower, type Jobs } from '#server/lib/jobs/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { DIRECTORY_CHECK_ID, DIRECTORY_CHECK_JOB } from './job.ts';
import { EMPTY_RESULTS, type CheckResults } from './results.ts';
import { readStoredResults } from './store.ts';

/** Should a check's end go unheard (an event lost between processes), its state is read this often. */
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
 * results at start and when a directory-check job completes, in whichever process ran it: heard
 * from the job system (followJob: the job's events, and its state read every REFRESH_MS should an
 * event go astray).
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
  let follower: JobFollower | undefined;

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
      // Follow first, then read: a run ending in between is not missed.
      follower = followJob(
        jobs,
        DIRECTORY_CHECK_JOB,
        DIRECTORY_CHECK_ID,
        (end) => {
          if (end.type === 'completed') refreshLogged();
        },
        { recheckMs: options.refreshMs ?? REFRESH_MS },
      );
      try {
        await refresh();
      } catch (error) {
        follower.stop();
        throw error;
      }
    },
    refresh,
    async stop() {
      follower?.stop();
      await loading?.catch(() => undefined);
    },
  };
}
