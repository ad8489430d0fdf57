/**
 * Operator CLI: `npm run backup [-- path]` writes a consistent copy of the live database (safe while
 * the server runs) to `path` (a new file, or a directory for a dated file), by default
 * `<DATA_DIR>/backups/site-<UTC time>.db`, then checks the copy with PRAGMA integrity_check.
 * Restore: README, "Backups". SQLite only: with DATABASE_URL the data lives in PostgreSQL, whose
 * backups are pg_dump's, and the command says so.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { backupDatabase, backupTarget, BackupTargetError } from '#db/backup.ts';
import { describeDatabase } from '#db/index.ts';
import { existingDatabase, loadCliConfig } from './lib/cli-config.ts';

async function main(argv: string[]): Promise<number> {
  const options = argv.filter((arg) => arg.startsWith('-'));
  if (options.length > 0 || argv.length > 1) {
    process.stderr.write(
      `Unknown option: ${[...options, ...argv.slice(1)].join(' ')}\nUsage: npm run backup [-- path]\n`,
    );
    return 2;
  }
  const config = loadCliConfig();
  if (config.databaseUrl) {
    process.stderr.write(
      `DATABASE_URL is set: the data lives in ${describeDatabase(config.databaseUrl)}, not in a file to copy. Back it up with pg_dump.\n`,
    );
    return 1;
  }
  const source = existingDatabase(config);
  if (!source) return 1;
  const defaultDir = join(config.dataDir, 'backups');
  if (argv.length === 0) mkdirSync(defaultDir, { recursive: true });
  let target: string;
  try {
    target = resolve(backupTarget(argv[0], defaultDir, new Date()));
  } catch (error) {
    if (!(error instanceof BackupTargetError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  if (!existsSync(dirname(target))) {
    process.stderr.write(`The directory ${dirname(target)} does not exist.\n`);
    return 1;
  }
  const result = await backupDatabase(source, target);
  if (result.integrity !== 'ok') {
    process.stderr.write(`The copy at ${result.file} failed its integrity check: ${result.integrity}\n`);
    return 1;
  }
  process.stdout.write(
    `Backed up ${source} to ${result.file} (${Math.ceil(result.bytes / 1024)} KB, ${result.pages} pages, integrity ok)\n`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
