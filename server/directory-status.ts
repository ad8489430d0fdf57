import { normaliseUrl } from '#views/directories/logic.ts';
import type { DirectoryStatus, SiteStatus } from '#views/directories/status.ts';
import type { Config } from './config/index.ts';
import { HIDE_AFTER_FAILURES, readResults, resultsPath, type CheckResults } from './services/directory-check/index.ts';

/** The link checker's results as the directory pages use them: last check date and hidden flag per site. */
export function toDirectoryStatus(results: CheckResults): DirectoryStatus {
  const sites = new Map<string, SiteStatus>();
  for (const result of Object.values(results.sites)) {
    sites.set(normaliseUrl(result.url), { lastChecked: result.checkedAt.slice(0, 10), hidden: result.consecutiveFailures >= HIDE_AFTER_FAILURES });
  }
  return { sites };
}

const cache = new WeakMap<object, DirectoryStatus>();

/**
 * Read once per app at boot from DATA_DIR (an invalid file stops the boot with a message naming
 * it). Results of a later `npm run directories:check` show after a restart, like every other
 * page that is cached as a function of the build.
 */
export function directoryStatusFor(config: Pick<Config, 'dataDir'>): DirectoryStatus {
  let status = cache.get(config);
  if (!status) {
    status = config.dataDir === ':memory:' ? { sites: new Map() } : toDirectoryStatus(readResults(resultsPath(config.dataDir)));
    cache.set(config, status);
  }
  return status;
}
