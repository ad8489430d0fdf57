import { ConfigError, loadConfig } from '#server/config/index.ts';

/** The plain problem lines loadConfig reports for `env` (fails the test if it reports none). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
