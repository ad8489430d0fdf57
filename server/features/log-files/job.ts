import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { botTotals } from '#db/log-file-days.ts';
import { botSpend } from '#db/log-file-hits.ts';
import { completeLogFile, failLogFile, markLogFileRunning } from '#db/log-files.ts';
import type { Config } from '#server/config/index.ts';
import { isDomainError } from '#server/lib/domain-errors.ts';
import { defineJob, type JobDeps } from '#server/lib/jobs/index.ts';
import { OTHER_CLIENTS } from '#views/model/log-file-bots.ts';
import { analyseLog, type AnalyseProgress, type Analysis, type StagedFile } from './analyse.ts';
import { joinWithAudit } from './join.ts';
import { createVerifier } from './verify.ts';

/*
 * A log's parse as a durable job (docs/decisions/0032, 0055): read, classified, verified and counted
 * in a job thread of whichever process runs jobs; the web process that took the upload only stores
 * the files and the row.
 */

export const LOG_FILES_JOB = 'log-files';

export interface LogFilesInput {
  logId: string;
  files: StagedFile[];
  auditId: string | null;
}

/** Why a log could not be read, stored on its row; not a failed try (reading it again changes nothing). */
export type LogFilesOutcome = { ok: true; lines: number } | { ok: false; error: string };

export const UNEXPECTED_FAILURE = 'The log could not be analysed because of an unexpected error. Please try again.';

/** What the results page shows besides the tables: read from the counts once the lines are in. */
export async function summarize(
  deps: Pick<JobDeps, 'db'>,
  input: LogFilesInput,
  analysis: Analysis,
  dns: { enabled: boolean; lookups: number },
) {
  const totals = await botTotals(deps.db, input.logId);
  const bots = new Map<string, { bot: string; verified: number; unverified: number }>();
  for (const { bot, verified, hits } of totals) {
    if (bot === OTHER_CLIENTS) continue;
    const entry = bots.get(bot) ?? { bot, verified: 0, unverified: 0 };
    entry[verified ? 'verified' : 'unverified'] += hits;
    bots.set(bot, entry);
  }
  return {
    formats: analysis.formats,
    range: analysis.range,
    samples: analysis.samples,
    bots: [...bots.values()].sort(
      (a, b) => b.verified + b.unverified - (a.verified + a.unverified) || a.bot.localeCompare(b.bot),
    ),
    otherHits: totals.filter((row) => row.bot === OTHER_CLIENTS).reduce((sum, row) => sum + row.hits, 0),
    spend: await botSpend(deps.db, input.logId),
    dns,
    join: input.auditId ? ((await joinWithAudit(deps.db, input.logId, input.auditId)) ?? null) : null,
  };
}

export type LogSummary = Awaited<ReturnType<typeof summarize>>;

/** The staged upload is deleted once its log has ended, whichever way. */
export async function removeStaged(files: readonly StagedFile[]): Promise<void> {
  const dirs = new Set(files.map((file) => dirname(file.path)));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

async function run(input: LogFilesInput, deps: JobDeps, signal: AbortSignal, progress: (p: AnalyseProgress) => void) {
  const settings = (deps.config as Config).logFiles;
  const verifier = createVerifier({
    dns: settings.dnsVerify,
    dnsServers: settings.dnsServers,
    maxLookups: settings.maxDnsLookups,
  });
  // Beside the upload, so the runs go when it goes (removeStaged), whichever way the log ends.
  const counts = { runsDir: join(dirname(input.files[0]!.path), 'url-runs') };
  const analysis = await analyseLog(input.files, {
    db: deps.db,
    logId: input.logId,
    verifier,
    signal,
    progress,
    counts,
  });
  const summary = await summarize(deps, input, analysis, { enabled: settings.dnsVerify, lookups: verifier.lookups() });
  await completeLogFile(deps.db, input.logId, {
    format: analysis.formats.join(', '),
    lines: analysis.lines,
    unparsed: analysis.unparsed,
    summary,
    finishedAt: Date.now(),
  });
  return analysis.lines;
}

export const logFilesJob = {
  ...defineJob<LogFilesInput, AnalyseProgress, LogFilesOutcome>({
    name: LOG_FILES_JOB,
    // Replaced by concurrencyFrom below: LOG_FILES_MAX_RUNNING threads in each process that runs jobs.
    concurrency: 1,
    // A second try when the process running it stopped: the staged files are still there.
    attempts: 2,
    backoffMs: 1000,
    progressIntervalMs: 250,
    // What a log holds in memory is bounded (aggregate.ts: 100,000 rows between flushes); a ceiling on
    // the thread's heap makes V8 collect before its garbage, not the counts, grows the process.
    heapLimitMb: 160,
    async run(job, deps) {
      if (!(await markLogFileRunning(deps.db, job.input.logId))) {
        await removeStaged(job.input.files);
        return { ok: false, error: 'This log was deleted before it was analysed.' };
      }
      try {
        const lines = await run(job.input, deps, job.signal, (progress) => job.progress(progress));
        await removeStaged(job.input.files);
        return { ok: true, lines };
      } catch (error) {
        // Stopped (shutdown, cancel) or broken: the job system decides; the files stay for a try again.
        if (job.signal.aborted || !isDomainError(error)) throw error;
        await failLogFile(deps.db, job.input.logId, error.message, Date.now());
        await removeStaged(job.input.files);
        return { ok: false, error: error.message };
      }
    },
    async onFailed(input, id, reason, { db, log }) {
      log.warn({ id, reason }, 'log analysis failed');
      await failLogFile(db, input.logId, reason || UNEXPECTED_FAILURE, Date.now());
      await removeStaged(input.files);
    },
  }),
  concurrencyFrom: (config: Config) => config.logFiles.maxRunning,
};
