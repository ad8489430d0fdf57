import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '#db/index.ts';
import {
  countUnfinishedLogFiles,
  deleteClientSiteLogFiles,
  deleteLogFile,
  failLogFile,
  getLogFile,
  insertLogFile,
  listClientSiteLogFiles,
  pruneLogFiles,
  type LogFileRow,
} from '#db/log-files.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import type { LogFilesSettings } from '#server/config/log-files.ts';
import { BusyError, InvalidInputError, NotAllowedError, NotFoundError } from '#server/lib/domain-errors.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import type { ClientSiteLogItem } from '#views/model/client-sites.ts';
import type { LogFileView } from '#views/model/log-files.ts';
import type { AnalyseProgress, StagedFile } from './analyse.ts';
import { LOG_FILES_JOB, removeStaged, UNEXPECTED_FAILURE, type LogFilesInput } from './job.ts';
import { createLogResults, logView } from './results.ts';
import { isId, newId } from '#views/model/ids.ts';

const DAY_MS = 86_400_000;
const RETRY_AFTER_SECONDS = 60;

export interface LogFilesServiceOptions {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'state'>;
  settings: LogFilesSettings;
  /** Where uploads wait for their job (DATA_DIR/log-files): one folder per log. */
  stagingDir: string;
  log: { warn(obj: object, msg?: string): void };
  now?: () => number;
}

/**
 * Logs on the job system: a row each (what every process reads), the uploaded files staged under
 * DATA_DIR until a `log-files` job (job.ts) has read them. Framework-free; throws domain errors.
 */
export function createLogFilesService(options: LogFilesServiceOptions) {
  const { db, jobs, settings } = options;
  const now = options.now ?? (() => Date.now());

  async function stored(id: string): Promise<LogFileRow> {
    const row = isId(id) ? await getLogFile(db, id, now()) : undefined;
    if (!row) throw new NotFoundError('No log with that id: it was deleted, or its results have expired.');
    return row;
  }

  /** A row whose job has ended without ending it (its process died, the job was lost) is ended here. */
  async function settled(row: LogFileRow): Promise<{ row: LogFileRow; progress?: AnalyseProgress }> {
    if (row.status !== 'queued' && row.status !== 'running') return { row };
    const state = await jobs.state(LOG_FILES_JOB, row.id);
    if (state && (state.status === 'queued' || state.status === 'active'))
      return { row, progress: state.progress as AnalyseProgress | undefined };
    await failLogFile(db, row.id, state?.error || UNEXPECTED_FAILURE, now());
    return { row: await stored(row.id) };
  }

  /** A finished log's row (results are read only once they are all in). */
  async function finished(id: string): Promise<LogFileRow> {
    const row = await stored(id);
    if (row.status !== 'done')
      throw new NotFoundError('This log has no results (yet): it is still being analysed, or it failed.');
    return row;
  }

  async function removeLog(id: string): Promise<void> {
    await deleteLogFile(db, id);
    await rm(join(options.stagingDir, id), { recursive: true, force: true });
  }

  /** The operator's logs of client sites: owned by the site (its monitor's id), not by a browser. */
  function clientSiteLogs() {
    return {
      /** The newest of these audits (newest first) that is still there and finished, if any. */
      async latestFinishedAudit(auditIds: readonly string[]): Promise<string | undefined> {
        for (const auditId of auditIds) if ((await getSiteAudit(db, auditId))?.status === 'done') return auditId;
        return undefined;
      },
      /** Each client site's unexpired logs, newest first. */
      async ofClientSites(clientSites: string[]): Promise<Record<string, ClientSiteLogItem[]>> {
        const lists: Record<string, ClientSiteLogItem[]> = {};
        for (const row of await listClientSiteLogFiles(db, clientSites, now()))
          (lists[row.clientSite!] ??= []).push({
            id: row.id,
            status: row.status,
            files: row.files.map((file) => file.name),
            lines: row.lines,
            error: row.error,
            joined: row.auditId !== null,
            createdAt: new Date(row.createdAt).toISOString(),
          });
        return lists;
      },
      /** The operator deletes one of a client site's logs (another site's, or a visitor's, is not found). */
      async removeOfClientSite(clientSite: string, id: string): Promise<void> {
        const row = await stored(id);
        if (row.clientSite !== clientSite) throw new NotFoundError('This client site has no log with that id.');
        await removeLog(row.id);
      },
      /** A client site is gone: its logs go with it. */
      async removeClientSite(clientSite: string): Promise<void> {
        for (const id of await deleteClientSiteLogFiles(db, clientSite))
          await rm(join(options.stagingDir, id), { recursive: true, force: true });
      },
    };
  }

  return {
    // The one id rule: the results' only key, so a link to them can be shared safely.
    newId,
    stagingFor: (id: string) => join(options.stagingDir, id),
    /** Refuses a new log before its upload is read when the queue is full. */
    async admit(): Promise<void> {
      if ((await countUnfinishedLogFiles(db)) >= settings.maxQueued)
        throw new BusyError(
          'The log analyser is busy with other logs; please try again in a few minutes.',
          RETRY_AFTER_SECONDS,
        );
    },
    /** Stores the log's row and queues its job; the staged files are the job's from here on. */
    async accept(log: {
      id: string;
      files: StagedFile[];
      visitor: string;
      auditId?: string;
      /** The operator's client site it is attached to (/admin/client-sites); its visitor is then ''. */
      clientSite?: string;
    }): Promise<{ id: string }> {
      if (log.auditId) {
        const audit = await getSiteAudit(db, log.auditId);
        if (!audit || audit.status !== 'done')
          throw new InvalidInputError(
            'There is no finished site audit with that id: run the audit first, or leave the field empty.',
          );
      }
      const at = now();
      await insertLogFile(db, {
        id: log.id,
        visitor: log.visitor,
        auditId: log.auditId ?? null,
        clientSite: log.clientSite ?? null,
        files: log.files.map(({ name, bytes }) => ({ name, bytes })),
        createdAt: at,
        expiresAt: at + settings.keepDays * DAY_MS,
      });
      const input: LogFilesInput = { logId: log.id, files: log.files, auditId: log.auditId ?? null };
      try {
        await jobs.enqueue(LOG_FILES_JOB, input, { id: log.id });
      } catch (error) {
        await failLogFile(db, log.id, UNEXPECTED_FAILURE, now());
        throw error;
      }
      // Expired logs go with each new one (and at boot): no timer of their own.
      await pruneLogFiles(db, now());
      return { id: log.id };
    },
    async get(id: string): Promise<LogFileView> {
      const { row, progress } = await settled(await stored(id));
      return logView(row, settings.dnsVerify, progress);
    },
    ...createLogResults(db, finished),
    async finished(id: string): Promise<LogFileView> {
      return logView(await finished(id), settings.dnsVerify);
    },
    /** The uploader (their visitor cookie) deletes a log: its results and, if still waiting, its files. */
    async remove(id: string, visitor: string | null): Promise<void> {
      const row = await stored(id);
      if (!visitor || row.visitor !== visitor)
        throw new NotAllowedError('Only the browser that uploaded a log can delete it.');
      await removeLog(row.id);
    },
    ...clientSiteLogs(),
    /**
     * Deletes the logs whose LOG_FILES_KEEP_DAYS are over, and staged folders a day old that no waiting
     * log owns (an upload cut off half way, a process that stopped between storing and queueing).
     */
    async prune(): Promise<number> {
      const pruned = await pruneLogFiles(db, now());
      const folders = await readdir(options.stagingDir).catch(() => [] as string[]);
      for (const folder of folders) {
        const age = now() - (await stat(join(options.stagingDir, folder))).mtimeMs;
        const row = isId(folder) ? await getLogFile(db, folder, now()) : undefined;
        if (age > DAY_MS && (!row || (row.status !== 'queued' && row.status !== 'running')))
          await removeStaged([{ path: join(options.stagingDir, folder, '0'), name: '', bytes: 0 }]);
      }
      return pruned.length;
    },
  };
}

export type LogFilesService = ReturnType<typeof createLogFilesService>;
