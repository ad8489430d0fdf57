import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown for a destination the backup will not write to; the message is for the operator. */
export class BackupTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupTargetError';
  }
}

/** `site-20261123-104501.db`: sortable, and never two names in the same second of one run. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `site-${stamp}.db`;
}

/**
 * Where the copy goes: the given file, or a dated file inside the given directory (default
 * `<DATA_DIR>/backups`). An existing file is never overwritten: an old backup is worth keeping.
 */
export function backupTarget(requested: string | undefined, defaultDir: string, at: Date): string {
  const path = requested ?? defaultDir;
  const target = existsSync(path) && statSync(path).isDirectory() ? join(path, backupFileName(at)) : path;
  if (existsSync(target)) throw new BackupTargetError(`${target} already exists; name a new file or a directory`);
  return target;
}

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
  integrity: string;
}

/**
 * A consistent online copy of the live database with SQLite's backup API. All pages are copied in
 * one step, i.e. inside one read transaction: in WAL mode that never blocks the running server's
 * writes, and a write landing meanwhile cannot force the copy to start over (as small steps would,
 * endlessly, on a busy site). The copy is then made self-contained (no -wal file) and checked.
 */
export async function backupDatabase(sourceFile: string, target: string): Promise<BackupResult> {
  const source = new Database(sourceFile, { fileMustExist: true });
  let pages: number;
  try {
    source.pragma('busy_timeout = 5000');
    pages = (await source.backup(target, { progress: () => 0x7fffffff })).totalPages;
  } finally {
    source.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const integrity = (copy.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join('; ');
    return { file: target, pages, bytes: statSync(target).size, integrity };
  } finally {
    copy.close();
  }
}
