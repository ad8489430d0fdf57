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
