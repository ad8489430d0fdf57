import type { Db } from './index.ts';

/**
 * Uploaded (or imported) access logs, one row each (migration 0023, docs/decisions/0055). The counts
 * live in log_file_hits and log_file_days (db/log-file-hits.ts, db/log-file-days.ts) and go with
 * the row when it is deleted.
 */

export type LogFileStatus = 'queued' | 'running' | 'done' | 'failed';

export interface LogFileRow {
  id: string;
  visitor: string;
  status: LogFileStatus;
  error: string | null;
  auditId: string | null;
  files: Array<{ name: string; bytes: number }>;
  bytes: number;
  format: string | null;
  lines: number;
  unparsed: number;
  summary: unknown;
  createdAt: number;
  finishedAt: number | null;
  expiresAt: number;
  /** The client site the operator attached it to (/admin/client-sites, migration 0028), or null. */
  clientSite: string | null;
}

export interface NewLogFile {
  id: string;
  visitor: string;
  auditId: string | null;
  files: Array<{ name: string; bytes: number }>;
  createdAt: number;
  expiresAt: number;
  clientSite?: string | null;
}

type Row = {
  id: string;
  visitor: string;
  status: LogFileStatus;
  error: string | null;
  audit_id: string | null;
  files: string;
  bytes: number;
  format: string | null;
  lines: number;
  unparsed: number;
  summary: string | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number;
  client_site: string | null;
};

function toLogFile(row: Row): LogFileRow {
  return {
    id: row.id,
    visitor: row.visitor,
    status: row.status,
    error: row.error,
    auditId: row.audit_id,
    files: JSON.parse(row.files) as LogFileRow['files'],
    bytes: Number(row.bytes),
    format: row.format,
    lines: Number(row.lines),
    unparsed: Number(row.unparsed),
    summary: row.summary === null ? undefined : JSON.parse(row.summary),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: Number(row.expires_at),
    clientSite: row.client_site,
  };
}

export async function insertLogFile(db: Db, log: NewLogFile): Promise<void> {
  await db
    .insertInto('log_files')
    .values({
      id: log.id,
      visitor: log.visitor,
      status: 'queued',
      audit_id: log.auditId,
      files: JSON.stringify(log.files),
      bytes: log.files.reduce((sum, file) => sum + file.bytes, 0),
      created_at: log.createdAt,
      expires_at: log.expiresAt,
      client_site: log.clientSite ?? null,
    })
    .execute();
}

/** The log, unless it has expired (an expired row not yet pruned is answered as gone). */
export async function getLogFile(db: Db, id: string, now: number): Promise<LogFileRow | undefined> {
  const row = await db
    .selectFrom('log_files')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && toLogFile(row);
}

/** The unexpired logs attached to these client sites, newest first. */
export async function listClientSiteLogFiles(db: Db, clientSites: string[], now: number): Promise<LogFileRow[]> {
  if (clientSites.length === 0) return [];
  const rows = await db
    .selectFrom('log_files')
    .selectAll()
    .where('client_site', 'in', clientSites)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toLogFile);
}

/** Deletes every log of a client site (the site is gone); answers their ids. */
export async function deleteClientSiteLogFiles(db: Db, clientSite: string): Promise<string[]> {
  const rows = await db.deleteFrom('log_files').where('client_site', '=', clientSite).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Logs waiting or being parsed, in every process's eyes (the line LOG_FILES_MAX_QUEUED bounds). */
export async function countUnfinishedLogFiles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('log_files')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A try starts: the log moves to `running` and the counts an earlier try left are dropped, in one
 * transaction. False when the log has ended or is gone (deleted, expired): the try has nothing to do.
 */
export async function markLogFileRunning(db: Db, id: string): Promise<boolean> {
  return updateUnfinished(db, id, { status: 'running', error: null, lines: 0, unparsed: 0 });
}

/**
 * Changes an unfinished (queued or running) log and drops the counts a try had written, in one
 * transaction; false, touching nothing, when the log has ended or is gone.
 */
async function updateUnfinished(
  db: Db,
  id: string,
  set: { status: LogFileStatus; error: string | null; lines?: number; unparsed?: number; finished_at?: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('log_files')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await deleteCounts(trx, id);
    return true;
  });
}

export async function completeLogFile(
  db: Db,
  id: string,
  result: { format: string; lines: number; unparsed: number; summary: unknown; finishedAt: number },
): Promise<void> {
  await db
    .updateTable('log_files')
    .set({
      status: 'done',
      format: result.format,
      lines: result.lines,
      unparsed: result.unparsed,
      summary: JSON.stringify(result.summary),
      finished_at: result.finishedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Ends an unfinished log as failed, dropping what a try had counted. False when it had already ended. */
export async function failLogFile(db: Db, id: string, error: string, finishedAt: number): Promise<boolean> {
  return updateUnfinished(db, id, { status: 'failed', error, finished_at: finishedAt });
}

export async function deleteLogFile(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('log_files').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the logs whose time is up (their counts go with them); answers their ids. */
export async function pruneLogFiles(db: Db, now: number): Promise<string[]> {
  const rows = await db.deleteFrom('log_files').where('expires_at', '<=', now).returning('id').execute();
  return rows.map((row) => row.id);
}

async function deleteCounts(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('log_file_hits').where('log_id', '=', id).execute();
  await trx.deleteFrom('log_file_days').where('log_id', '=', id).execute();
}
