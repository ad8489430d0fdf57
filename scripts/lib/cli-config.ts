import { existsSync } from 'node:fs';
import { databaseFile } from '#db/index.ts';
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
