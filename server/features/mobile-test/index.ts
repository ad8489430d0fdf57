import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { mobileTestRouter } from './router.ts';
import { createMobileRenderer, findRendererChromium } from './service.ts';

/** The mobile-friendly test: rendered in Chromium when installed (CHROMIUM_PATH; `off` keeps the static checks). */
export function mobileTestFeature({ config, fetcher, log }: AppDeps): Feature {
  const settings = config.mobileTest;
  const chromiumPath = findRendererChromium(settings.chromiumPath);
  // The browser itself starts on the first render, not here.
  const renderer = chromiumPath
    ? createMobileRenderer({
        chromiumPath,
        fetcher,
        log,
        maxQueued: settings.maxQueued,
        limits: { timeoutMs: settings.timeoutMs, maxPageBytes: settings.maxPageBytes, memoryMb: settings.memoryMb },
      })
    : undefined;
  return {
    api: mobileTestRouter({ fetcher, renderer, capacity: createCapacity(config.limits.toolMaxRunning) }),
    stop: () => renderer?.close(),
  };
}
