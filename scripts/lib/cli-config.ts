import { existsSync } from 'node:fs';
import { databaseFile, DatabaseUrlError, openDatabase, type Db } from '#db/index.ts';
import { ConfigError, loadConfig, type Config } from '#server/config/index.ts';

/**
 * The configuration as an operator's command (submissions, backup) reads it: the server's own
 * schema without its SITE_URL requirement. A bad variable prints one plain line per problem and
 * exits 1, like the server's boot.
 */
export function loadCliConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env, { cli: true });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.problems.join('\n')}\n`);
    process.exit(1);
  }
}

/** The server's database file under DATA_DIR; a command has nothing to do without one, and says where it looked. */
export function existingDatabase(config: Config): string | undefined {
  const file = databaseFile(config.dataDir);
  if (existsSync(file)) return file;
  process.stderr.write(`No database at ${file}. Set DATA_DIR to the directory the server uses.\n`);
  return undefined;
}

/**
 * Opens the database the server uses: PostgreSQL when DATABASE_URL is set, else the existing file
 * under DATA_DIR. Undefined, with one plain line on stderr, when there is none or it cannot be used.
 */
export async function openServerDatabase(config: Config): Promise<Db | undefined> {
  const target = config.databaseUrl ?? existingDatabase(config);
  if (!target) return undefined;
  try {
    return await openDatabase(target);
  } catch (error) {
    if (!(error instanceof DatabaseUrlError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
