import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDeps, Feature } from '#server/deps.ts';
import { clientSiteLogs } from './client-sites-router.ts';
import { logFilesRouter } from './router.ts';
import { createLogFilesService } from './service.ts';

// The seam for other ways in (the operator's command, the admin's client sites): stage files, then
// `service.accept` them, as the upload does.
export { createLogFilesService, type LogFilesService } from './service.ts';
export { LOG_FILES_JOB, type LogFilesOutcome } from './job.ts';
export type { AnalyseProgress, StagedFile } from './analyse.ts';

/** Where uploads wait for their job: under DATA_DIR (a temporary folder when the data lives in memory, as in tests). */
export function logStagingDir(dataDir: string): string {
  return join(dataDir === ':memory:' ? tmpdir() : dataDir, 'log-files');
}

/**
 * Server log analysis (issue 36): uploaded access logs parsed by a `log-files` job in a job thread,
 * bots' hits counted per URL and per day, verified against their operators' published ranges.
 * `clientSiteLogs` is the operator's way in from the client sites' admin section, handed there by
 * server/features/index.ts (features do not import each other).
 */
export function logFilesFeature({ config, db, log, jobs }: AppDeps): Feature & {
  clientSiteLogs: ReturnType<typeof clientSiteLogs>;
} {
  const service = createLogFilesService({
    db,
    jobs,
    log,
    settings: config.logFiles,
    stagingDir: logStagingDir(config.dataDir),
  });
  return {
    api: logFilesRouter({ service, settings: config.logFiles }),
    // Expired logs go at boot and with each new upload (no timer of its own).
    prepare: async () => void (await service.prune()),
    clientSiteLogs: clientSiteLogs(service, config.logFiles),
  };
}
