import { Router } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { parseOr400 } from '#server/validation.ts';
import { testMobileFriendly } from '#server/services/mobile-test/index.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { mobileTestRequestSchema } from '#views/tools/mobile-test/schema.ts';

export const MOBILE_TEST_RATE_LIMIT = { windowMs: 60_000, limit: 10 };

export function mobileTestRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  router.post('/mobile-friendly-tester/test', rateLimit(MOBILE_TEST_RATE_LIMIT), async (req, res) => {
    const { url } = parseOr400(mobileTestRequestSchema, req.body ?? {});
    const report = await testMobileFriendly(url, { fetcher });
    res.json({ report });
  });
  return router;
}
