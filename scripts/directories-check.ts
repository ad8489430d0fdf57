/**
 * Operator CLI: `npm run directories:check` asks for a run of the link checker over every site in
 * the link-building directories. The run is a job (directory-check) in the configured database's
 * queue (DATABASE_URL, else the SQLite file under DATA_DIR): the server (ROLE all) or a worker runs
 * it, records the results in the database, and every web process shows them. This command follows
 * the job, printing its progress and, at the end, the report. With no server or worker running it
 * says so and keeps waiting; Ctrl-C stops following and leaves the job to run.
 * The build compiles this file to dist/directories-check.js, so the Docker image runs it with
 * plain node: `docker exec <container> node dist/directories-check.js`.
 */
import { databaseFile } from '#db/index.ts';
import { directories } from '#views/directories/directories.ts';
import type { Config } from '#server/config/index.ts';
import { openJobSystem } from '#server/job-system.ts';
import type { Jobs, JobState } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import {
  DEFAULT_CONCURRENCY,
  DIRECTORY_CHECK_ID,
  DIRECTORY_CHECK_JOB,
  type DirectoryCheckInput,
  type DirectoryCheckProgress,
  type DirectoryCheckSummary,
  type ListToCheck,
} from '#server/features/directories/check.ts';
import { loadCliConfig, openServerDatabase } from './lib/cli-config.ts';

export interface CheckCommandDeps {
  lists: ListToCheck[];
  /** The job system on the server's database, opened once the options are checked; undefined: none (said why). */
  openJobs(): Promise<{ jobs: Jobs; close(): Promise<void> } | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  signal?: AbortSignal;
  /** How often the job's state is read (default 500 ms). */
  pollMs?: number;
  /** Still queued after this long: no server or worker is taking jobs, and the command says so (default 5 s). */
  waitNoticeMs?: number;
}

const USAGE = 'Usage: npm run directories:check [-- --concurrency=N]   (N from 1 to 16, default 6)\n';

const WAITING =
  'No server or worker has taken the check yet: waiting for one to run it (the server, or `npm run worker` with DATABASE_URL). Ctrl-C stops waiting; the check stays queued and runs when one starts.\n';

const OUTAGE =
  'Most sites failed in this run, which usually means this machine has no working network or DNS. Nothing was recorded; the database keeps the previous results. Check the network of the machine running the jobs and run again.\n';

function parseArgs(argv: string[], deps: CheckCommandDeps): number | { concurrency: number } {
  let concurrency = DEFAULT_CONCURRENCY;
  for (const arg of argv) {
    const match = /^--concurrency=(\d+)$/.exec(arg);
    if (arg === '--help') {
      deps.out(USAGE);
      return 0;
    }
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 16) {
      deps.err(`Unknown option: ${arg}\n${USAGE}`);
      return 2;
    }
    concurrency = Number(match[1]);
  }
  return { concurrency };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads the job's state until it ends. The embedded queue's events reach only the process that runs
 * the job, so a command polls `state` (on both backends: one small read every half second).
 */
async function follow(jobs: Jobs, deps: CheckCommandDeps): Promise<JobState | undefined> {
  const started = Date.now();
  let printed = 0;
  let waitingSaid = false;
  // Every 25 sites, and the last one.
  const progressed = ({ checked, total }: DirectoryCheckProgress) => {
    if (Math.floor(checked / 25) > Math.floor(printed / 25) || (checked === total && printed !== total)) {
      deps.out(`  ${checked}/${total} checked\n`);
      printed = checked;
    }
  };
  for (;;) {
    const state = await jobs.state(DIRECTORY_CHECK_JOB, DIRECTORY_CHECK_ID);
    if (state?.status === 'completed') progressed(state.result as DirectoryCheckSummary);
    if (!state || (state.status !== 'queued' && state.status !== 'active')) return state;
    if (state.progress) progressed(state.progress as DirectoryCheckProgress);
    if (state.status === 'queued' && state.attempts === 0 && !waitingSaid) {
      if (Date.now() - started >= (deps.waitNoticeMs ?? 5_000)) {
        deps.out(WAITING);
        waitingSaid = true;
      }
    }
    if (deps.signal?.aborted) return state;
    await sleep(deps.pollMs ?? 500, deps.signal);
  }
}

function ending(state: JobState | undefined, deps: CheckCommandDeps): number {
  if (!state) {
    deps.err('The directory check is no longer in the queue (finished jobs are forgotten after 7 days).\n');
    return 1;
  }
  if (state.status === 'queued' || state.status === 'active') {
    deps.err(
      state.status === 'queued'
        ? 'Stopped waiting. The check stays queued and runs when a server or worker starts; run this command again to follow it.\n'
        : 'Stopped following. The check goes on where it runs; run this command again to follow it.\n',
    );
    return 130;
  }
  if (state.status !== 'completed') {
    deps.err(`The directory check ${state.status === 'cancelled' ? 'was cancelled' : 'failed'}: ${state.error}\n`);
    return 1;
  }
  const summary = state.result as DirectoryCheckSummary;
  if (!summary.recorded) {
    deps.err(OUTAGE);
    return 1;
  }
  deps.out(summary.report);
  return 0;
}

export async function checkCommand(argv: string[], deps: CheckCommandDeps): Promise<number> {
  const options = parseArgs(argv, deps);
  if (typeof options === 'number') return options;
  const queue = await deps.openJobs();
  if (!queue) return 1;
  try {
    const input: DirectoryCheckInput = { lists: deps.lists, concurrency: options.concurrency };
    const total = new Set(deps.lists.flatMap((list) => list.urls)).size;
    const { joined } = await queue.jobs.enqueue(DIRECTORY_CHECK_JOB, input, { id: DIRECTORY_CHECK_ID });
    deps.out(
      joined
        ? 'A directory check is already queued or running: following it.\n'
        : `Checking ${total} sites in ${deps.lists.length} lists, ${options.concurrency} at a time...\n`,
    );
    return ending(await follow(queue.jobs, deps), deps);
  } finally {
    await queue.close();
  }
}

/** The job system on the server's database, as the server opens it; this process never runs jobs. */
export async function openServerJobs(config: Config) {
  const db = await openServerDatabase(config);
  if (!db) return undefined;
  try {
    const jobs = await openJobSystem({
      config,
      db,
      log: createLogger('error'),
      databaseTarget: config.databaseUrl ?? databaseFile(config.dataDir),
    });
    return {
      jobs,
      db,
      async close() {
        await jobs.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadCliConfig();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const lists = directories.map((directory) => ({
    slug: directory.slug,
    urls: directory.list.sites.map((site) => site.url),
  }));
  const code = await checkCommand(process.argv.slice(2), {
    lists,
    openJobs: () => openServerJobs(config),
    signal: controller.signal,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  // Done once it has printed: after the queue is closed, BullMQ's PostgreSQL client can keep an
  // idle connection for up to 10 s, which would hold the prompt for nothing.
  process.exit(code);
}

// Run only as a program, not when a test imports checkCommand.
if (process.argv[1] && /directories-check\.(ts|js)$/.test(process.argv[1])) await main();
