import { z } from 'zod';
import { defineJob, type RunningJob } from '#server/lib/jobs/index.ts';
import type { AppJobDeps } from '#server/job-deps.ts';
import { DEFAULT_CONCURRENCY, looksLikeLocalOutage, runChecks } from './check-run.ts';
import { formatReport, type ListToCheck } from './report.ts';
import { EMPTY_RESULTS } from './results.ts';
import { readStoredResults, storeResults } from './store.ts';

/** The job's name, and the one id every request uses: a second request joins the run under way. */
export const DIRECTORY_CHECK_JOB = 'directory-check';
export const DIRECTORY_CHECK_ID = 'directory-check';

export interface DirectoryCheckInput {
  /** The lists to check, by slug; a site listed twice is visited once, and unlisted results are dropped. */
  lists: readonly ListToCheck[];
  /** Requests in flight at once (`--concurrency=N`, 1 to 16; default 6). */
  concurrency?: number;
}

const inputSchema = z.strictObject({
  lists: z.array(z.strictObject({ slug: z.string().min(1), urls: z.array(z.string().url()) })),
  concurrency: z.number().int().min(1).max(16).optional(),
});

export interface DirectoryCheckProgress {
  checked: number;
  total: number;
}

export interface DirectoryCheckSummary {
  /** False when most sites failed (no network where the job ran): nothing was recorded. */
  recorded: boolean;
  checked: number;
  total: number;
  /** The operator's report (formatReport); empty when nothing was recorded. */
  report: string;
}

type Job = Pick<RunningJob<DirectoryCheckInput, DirectoryCheckProgress>, 'input' | 'signal' | 'progress'>;

/**
 * One run of the link checker, in a job thread: visits every listed site through the thread's
 * guarded fetcher (at most `concurrency` at a time, 15 s and 512 KB per request), merges with the
 * newest recorded run (failures in a row add up, a pass resets them) and records the result. A run
 * that is stopped records nothing (a shutdown runs it again from the start, a cancel ends it), and
 * neither does one where most sites fail.
 */
export async function checkDirectories(
  job: Job,
  deps: Pick<AppJobDeps, 'db' | 'fetcher'>,
  now?: () => Date,
): Promise<DirectoryCheckSummary> {
  const input = inputSchema.parse(job.input);
  const { lists } = input;
  const urls = lists.flatMap((list) => list.urls);
  const total = new Set(urls).size;
  const previous = (await readStoredResults(deps.db))?.results ?? EMPTY_RESULTS;
  job.progress({ checked: 0, total });
  const results = await runChecks({
    fetcher: deps.fetcher,
    urls,
    previous,
    concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
    now,
    signal: job.signal,
    onResult: (_result, checked) => job.progress({ checked, total }),
  });
  const checked = results.lastRun?.checked ?? 0;
  if (job.signal.aborted)
    throw new Error(
      `The directory check stopped (${String(job.signal.reason)}) before it ended; nothing was recorded.`,
    );
  if (looksLikeLocalOutage(results)) return { recorded: false, checked, total, report: '' };
  await storeResults(deps.db, results);
  return { recorded: true, checked, total, report: formatReport(lists, results) };
}

export const directoryCheckJob = defineJob<
  DirectoryCheckInput,
  DirectoryCheckProgress,
  DirectoryCheckSummary,
  AppJobDeps
>({
  name: DIRECTORY_CHECK_JOB,
  concurrency: 1,
  attempts: 2,
  backoffMs: 30_000,
  progressIntervalMs: 500,
  run: (job, deps) => checkDirectories(job, deps),
});
