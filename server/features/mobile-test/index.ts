import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { createMobileTestClient } from './client.ts';
import { MOBILE_TEST_CONCURRENCY } from './job.ts';
import { HARD_STOP_GRACE_MS } from '#server/lib/browser/page-render/renderer.ts';
import { mobileTestRouter } from './router.ts';

/**
 * The mobile-friendly test: a `mobile-test` job (job.ts), rendered in Chromium in a job thread when
 * installed (CHROMIUM_PATH; `off` keeps the static checks); the request waits for its result.
 */
export function mobileTestFeature({ config, jobs }: AppDeps): Feature {
  const settings = config.mobileTest;
  // As many tests as this process runs at once, plus MOBILE_TEST_QUEUE waiting for a thread; each
  // waiting test may wait for the renders ahead of it.
  const rounds = Math.max(1, Math.ceil(settings.maxQueued / MOBILE_TEST_CONCURRENCY));
  const client = createMobileTestClient({
    jobs,
    maxPending: MOBILE_TEST_CONCURRENCY + settings.maxQueued,
    queueWaitMs: rounds * (settings.timeoutMs + HARD_STOP_GRACE_MS),
    timeoutMs: settings.timeoutMs,
  });
  return {
    api: mobileTestRouter({ client, capacity: createCapacity(config.limits.toolMaxRunning) }),
    stop: () => client.stop(),
  };
}
