import { Router } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { clientGoneSignal, validateBody, validBody } from '#server/validation.ts';
import { checkIndexability } from '#server/services/index-checker/index.ts';
import { createSearchConsoleClient } from '#server/services/index-checker/search-console.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { indexCheckRequestSchema } from '#views/tools/index-checker/schema.ts';

export const INDEX_CHECK_RATE_LIMIT = { windowMs: 60_000, limit: 6 };

export function indexCheckerRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  const searchConsole = config.searchConsole ? createSearchConsoleClient({ ...config.searchConsole, fetcher }) : null;
  // Validation runs before the limiter: a malformed request is a 400 that spends no quota.
  router.post('/google-index-checker/check', validateBody(indexCheckRequestSchema), rateLimit(INDEX_CHECK_RATE_LIMIT), async (_req, res) => {
    const { urls } = validBody(res, indexCheckRequestSchema);
    const signal = clientGoneSignal(res);
    const result = await checkIndexability(urls, { fetcher, searchConsole, deadlineMs: config.bulkChecks.deadlineMs, signal });
    if (!signal.aborted) res.json({ result });
  });
  return router;
}
