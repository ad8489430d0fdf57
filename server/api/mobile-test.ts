import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { checkedUrlInput } from '#server/services/page-facts/url-input.ts';
import { createCapacity } from '#server/services/capacity.ts';
import type { AppDeps } from '#server/deps.ts';
import { parseOr400 } from '#server/validation.ts';
import { testMobileFriendly } from '#server/services/mobile-test/index.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { mobileTestRequestSchema } from '#views/tools/mobile-test/schema.ts';

export const MOBILE_TEST_RATE_LIMIT = { windowMs: 60_000, limit: 10 };

export function mobileTestRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  const parse = (req: Request) => ({ url: checkedUrlInput(parseOr400(mobileTestRequestSchema, req.body ?? {}).url) });
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/mobile-friendly-tester/test', ...endpoint({ parse, limit: MOBILE_TEST_RATE_LIMIT, capacity }, async ({ url }, _req, res) => {
    const report = await testMobileFriendly(url, { fetcher });
    res.json({ report });
  }));
  return router;
}
