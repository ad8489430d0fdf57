import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { indexCheckerRouter } from './router.ts';
import { createSearchConsoleClient } from './search-console.ts';

/** The index checker: on-page signals, and Search Console's URL Inspection when configured. */
export function indexCheckerFeature({ config, fetcher }: AppDeps): Feature {
  const searchConsole = config.searchConsole ? createSearchConsoleClient({ ...config.searchConsole, fetcher }) : null;
  return {
    api: indexCheckerRouter({
      fetcher,
      searchConsole,
      deadlineMs: config.bulkChecks.deadlineMs,
      capacity: createCapacity(config.limits.toolMaxRunning),
    }),
  };
}
