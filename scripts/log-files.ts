/**
 * Operator CLI: `npm run log-files -- import <path|url>... [--audit <id>]` analyses access logs on this
 * box (a path) or reachable from it (a URL, read through the guarded fetcher: a private address needs
 * FETCH_ALLOW_PRIVATE) with no upload and no upload limit. The files are staged under DATA_DIR like an
 * upload, then a `log-files` job in the server's queue (DATABASE_URL, else the SQLite file under
 * DATA_DIR) reads them: the server (ROLE all) or a worker runs it. The command follows the job and
 * prints the results' address. The build compiles it to dist/log-files.js (`node dist/log-files.js`).
 */
import { open as openFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '#db/index.ts';
import type { Config } from '#server/config/index.ts';
import {
  createLogFilesService,
  LOG_FILES_JOB,
  logStagingDir,
  type AnalyseProgress,
  type StagedFile,
} from '#server/features/log-files/index.ts';
import { stageFile } from '#server/features/log-files/stage.ts';
import type { Jobs, JobState } from '#server/lib/jobs/index.ts';
import { createAppFetcher } from '#server/lib/safe-fetch/app-fetcher.ts';
import { loadCliConfig } from './lib/cli-config.ts';
import { openServerJobs } from './directories-check.ts';

const USAGE = 'Usage: npm run log-files -- import <path|url>... [--audit <site audit id>]\n';

export interface LogFilesCommandDeps {
  config: Config;
  openJobs(): Promise<{ jobs: Jobs; db: Db; close(): Promise<void> } | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  signal?: AbortSignal;
  /** How often the job's state is read (default 500 ms). */
  pollMs?: number;
}

function parseArgs(argv: string[]): { sources: string[]; auditId?: string } | undefined {
  const [command, ...rest] = argv;
  if (command !== 'import') return undefined;
  const sources: string[] = [];
  let auditId: string | undefined;
  for (let index = 0; index < rest.length; index++) {
    if (rest[index] === '--audit') auditId = rest[++index];
    else if (rest[index]!.startsWith('--')) return undefined;
    else sources.push(rest[index]!);
  }
  return sources.length > 0 && (auditId === undefined || /^[A-Za-z0-9_-]{22}$/.test(auditId))
    ? { sources, auditId }
    : undefined;
}

/** A source's bytes: a URL through the guarded fetcher (an hour and 100 GB at most), else a file. */
async function open(source: string, config: Config, signal?: AbortSignal): Promise<Readable> {
  // Opened first, so a missing file fails here rather than as a stream's late error.
  if (!/^https?:\/\//i.test(source)) return (await openFile(source)).createReadStream();
  const result = await createAppFetcher(config).stream(source, {
    timeoutMs: 60 * 60_000,
    maxBytes: 100 * 1024 ** 3,
    signal,
  });
  if (result.status !== 200) {
    result.body.destroy();
    throw new Error(`${source} answered ${result.status}.`);
  }
  return result.body;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Reads the job's state until it ends (the embedded queue's events reach only the process that runs it). */
async function follow(jobs: Jobs, id: string, deps: LogFilesCommandDeps): Promise<JobState | undefined> {
  let said = '';
  for (;;) {
    const state = await jobs.state(LOG_FILES_JOB, id);
    if (!state || (state.status !== 'queued' && state.status !== 'active') || deps.signal?.aborted) return state;
    const progress = state.progress as AnalyseProgress | undefined;
    const line = progress
      ? `  ${progress.lines.toLocaleString('en')} lines read\n`
      : state.status === 'queued'
        ? '  waiting for a server or worker to read it\n'
        : '';
    if (line && line !== said) deps.out((said = line));
    await sleep(deps.pollMs ?? 500, deps.signal);
  }
}

export async function logFilesCommand(argv: string[], deps: LogFilesCommandDeps): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    deps.err(USAGE);
    return 2;
  }
  const queue = await deps.openJobs();
  if (!queue) return 1;
  const service = createLogFilesService({
    db: queue.db,
    jobs: queue.jobs,
    settings: deps.config.logFiles,
    stagingDir: logStagingDir(deps.config.dataDir),
    log: { warn: () => undefined },
  });
  const id = service.newId();
  try {
    const files: StagedFile[] = [];
    for (const [index, source] of args.sources.entries()) {
      const path = join(service.stagingFor(id), String(index));
      const name = basename(new URL(source, 'file:///').pathname) || source;
      files.push({ path, name, bytes: await stageFile(await open(source, deps.config, deps.signal), path, name) });
    }
    await service.accept({ id, files, visitor: '', auditId: args.auditId });
  } catch (error) {
    await rm(service.stagingFor(id), { recursive: true, force: true });
    await queue.close();
    deps.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    deps.out(`Queued as ${id}.\n`);
    const state = await follow(queue.jobs, id, deps);
    const log = await service.get(id);
    if (log.status !== 'done') {
      deps.err(
        state && (state.status === 'queued' || state.status === 'active')
          ? 'Stopped following; the log is still queued or being read.\n'
          : `The log could not be analysed: ${log.error}\n`,
      );
      return state && (state.status === 'queued' || state.status === 'active') ? 130 : 1;
    }
    deps.out(`${log.lines.toLocaleString('en')} lines, ${log.unparsed.toLocaleString('en')} not understood.\n`);
    for (const bot of log.bots) deps.out(`  ${bot.name}: ${bot.verified} verified, ${bot.unverified} unverified\n`);
    deps.out(`Results: ${deps.config.siteUrl}/log-file-analyser/${id}\n`);
    return 0;
  } finally {
    await queue.close();
  }
}

async function main(): Promise<void> {
  const config = loadCliConfig();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const code = await logFilesCommand(process.argv.slice(2), {
    config,
    openJobs: () => openServerJobs(config),
    signal: controller.signal,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  process.exit(code);
}

// Run only as a program, not when a test imports logFilesCommand.
if (process.argv[1] && /log-files\.(ts|js)$/.test(process.argv[1])) await main();
