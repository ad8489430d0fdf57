import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { checkedUrlInput } from '#server/services/page-facts/url-input.ts';
import type { AppDeps } from '#server/deps.ts';
import { parseOr400 } from '#server/validation.ts';
import { createMobileRenderer, findRendererChromium, testMobileFriendly } from '#server/services/mobile-test/index.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { mobileTestRequestSchema } from '#views/tools/mobile-test/schema.ts';

export const MOBILE_TEST_RATE_LIMIT = { windowMs: 60_000, limit: 10 };

export function mobileTestRouter({ config, log, onShutdown }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  // Rendered when Chromium is installed (CHROMIUM_PATH, else /usr/bin/chromium); `off` keeps the static checks.
  const chromiumPath = findRendererChromium(config.mobileTest.chromiumPath);
  const renderer = chromiumPath
    ? createMobileRenderer({
        chromiumPath,
        fetcher,
        log,
        maxQueued: config.mobileTest.maxQueued,
        limits: { timeoutMs: config.mobileTest.timeoutMs, maxPageBytes: config.mobileTest.maxPageBytes, memoryMb: config.mobileTest.memoryMb },
      })
    : undefined;
  if (renderer) onShutdown(() => renderer.close());
  // endpoint(): validation (including a fetchable URL) before the limiter, then the tool's capacity.
  const parse = (req: Request) => ({ url: checkedUrlInput(parseOr400(mobileTestRequestSchema, req.body ?? {}).url) });
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/mobile-friendly-tester/test', ...endpoint({ parse, limit: MOBILE_TEST_RATE_LIMIT, capacity }, async ({ url }, _req, res) => {
    // A visitor who leaves stops their render (its browser context is closed).
    const left = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) left.abort();
    });
    // Busy renderer: a `busy` domain error, answered 503 with Retry-After by the error handler.
    const report = await testMobileFriendly(url, { fetcher, renderer, signal: left.signal });
    res.json({ report });
  }));
  return router;
}
