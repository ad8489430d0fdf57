import type { AppDeps, Feature } from '#server/deps.ts';
import { normaliseUrl } from '#views/directories/logic.ts';
import type { DirectoryStatus, SiteStatus } from '#views/directories/status.ts';
import { HIDE_AFTER_FAILURES, resultsPath, type CheckResults } from './check.ts';
import { followResults } from './follow.ts';
import { directoriesRouter } from './router.ts';
import { importResultsFile } from './store.ts';

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
 * The status the page loaders and the lists' API read on every request: one object per app whose
 * `sites` a newer run replaces. `revision` counts the replacements, so cached pages rendered from
 * an older status are not served again.
 */
export interface LiveDirectoryStatus extends DirectoryStatus {
  revision: number;
}

/**
 * The link-building directories: their CSV and JSON lists, with the link checker's newest results
 * from the database (read at `prepare`, then again when a check completes and every 10 minutes).
 */
export function directoriesFeature({ config, db, jobs, log }: AppDeps): Feature & { status: LiveDirectoryStatus } {
  const status: LiveDirectoryStatus = { sites: new Map(), revision: 0 };
  const follower = followResults({
    db,
    jobs,
    log,
    onResults(results) {
      status.sites = toDirectoryStatus(results).sites;
      status.revision += 1;
    },
  });
  return {
    api: directoriesRouter(status),
    status,
    async prepare() {
      // An upgrade keeps the results an older version wrote to DATA_DIR.
      if (config.dataDir !== ':memory:') await importResultsFile(db, resultsPath(config.dataDir), log);
      await follower.start();
    },
    stop: () => follower.stop(),
  };
}
