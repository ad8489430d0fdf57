import type { Config } from '#server/config/index.ts';
import type { AppDeps, Feature } from '#server/deps.ts';
import { normaliseUrl } from '#views/directories/logic.ts';
import type { DirectoryStatus, SiteStatus } from '#views/directories/status.ts';
import { HIDE_AFTER_FAILURES, readResults, resultsPath, type CheckResults } from './check.ts';
import { directoriesRouter } from './router.ts';

/** The link checker's results as the directory pages use them: last check date and hidden flag per site. */
export function toDirectoryStatus(results: CheckResults): DirectoryStatus {
  const sites = new Map<string, SiteStatus>();
  for (const result of Object.values(results.sites)) {
    sites.set(normaliseUrl(result.url), {
      lastChecked: result.checkedAt.slice(0, 10),
      hidden: result.consecutiveFailures >= HIDE_AFTER_FAILURES,
    });
  }
  return { sites };
}

/**
 * Read once per app at boot from DATA_DIR (an invalid file stops the boot with a message naming
 * it). Results of a later `npm run directories:check` show after a restart, like every other
 * page that is cached as a function of the build.
 */
export function readDirectoryStatus(config: Pick<Config, 'dataDir'>): DirectoryStatus {
  return config.dataDir === ':memory:'
    ? { sites: new Map() }
    : toDirectoryStatus(readResults(resultsPath(config.dataDir)));
}

/** The link-building directories: their CSV and JSON lists, with the link checker's last results (read once at boot). */
export function directoriesFeature({ config }: AppDeps): Feature & { status: DirectoryStatus } {
  const status = readDirectoryStatus(config);
  return { api: directoriesRouter(status), status };
}
