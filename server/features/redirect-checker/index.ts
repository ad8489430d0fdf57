import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { createHostSlots } from './host-slots.ts';
import { MIGRATION_LIMITS } from './migration.ts';
import { redirectCheckerRouter } from './router.ts';

/** The bulk redirect checker: chains followed hop by hop through the app's guarded fetcher. */
export function redirectCheckerFeature({ config, fetcher }: AppDeps): Feature {
  return {
    api: redirectCheckerRouter({
      fetcher,
      deadlineMs: config.bulkChecks.deadlineMs,
      capacity: createCapacity(config.limits.toolMaxRunning),
      hostSlots: createHostSlots(MIGRATION_LIMITS.perHost),
    }),
  };
}
