import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { parseOr400 } from '#server/validation.ts';
import { createMobileRenderer, findRendererChromium, testMobileFriendly } from '#server/services/mobile-test/index.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { mobileTestRequestSchema } from '#views/tools/mobile-test/schema.ts';

export const MOBILE_TEST_RATE_LIMIT = { windowMs: 60_000, limit: 10 };

export function mobileTestRouter({ config, onShutdown }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  // Rendered when Chromium is installed (CHROMIUM_PATH, else /usr/bin/chromium); `off` keeps the static checks.
  const chromiumPath = findRendererChromium(config.mobileTest.chromiumPath);
  const renderer = chromiumPath
    ? createMobileRenderer({ chromiumPath, fetcher, maxQueued: config.mobileTest.maxQueued, limits: { timeoutMs: config.mobileTest.timeoutMs, maxPageBytes: config.mobileTest.maxPageBytes } })
    : undefined;
  if (renderer) onShutdown(() => renderer.close());
  // Validation first: a malformed request is a 400 and spends none of the visitor's tests.
  const validate: RequestHandler = (req, res, next) => {
    res.locals.url = parseOr400(mobileTestRequestSchema, req.body ?? {}).url;
    next();
  };
  router.post('/mobile-friendly-tester/test', validate, rateLimit(MOBILE_TEST_RATE_LIMIT), async (req, res) => {
    const url = res.locals.url as string;
    // A visitor who leaves stops their render (its browser context is closed).
    const left = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) left.abort();
    });
    // Busy renderer: a `busy` domain error, answered 503 with Retry-After by the error handler.
    const report = await testMobileFriendly(url, { fetcher, renderer, signal: left.signal });
    res.json({ report });
  });
  return router;
}
