import { Router } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { clientGoneSignal, validateBody, validBody } from '#server/validation.ts';
import { checkRedirects } from '#server/services/redirect-checker/index.ts';
import { REDIRECT_CHECKER_PLANS } from '#views/model/plans.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { redirectRequestSchema } from '#views/tools/redirect-checker/schema.ts';

/** One request may follow up to 100 chains, so few requests per minute. */
export const REDIRECT_RATE_LIMIT = { windowMs: 60_000, limit: 6 };

export function redirectCheckerRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  router.get('/bulk-url-redirection/plans', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json(REDIRECT_CHECKER_PLANS);
  });
  // Validation runs before the limiter: a malformed request is a 400 that spends no quota.
  router.post('/bulk-url-redirection/redirect', validateBody(redirectRequestSchema), rateLimit(REDIRECT_RATE_LIMIT), async (_req, res) => {
    const { urls, userAgent } = validBody(res, redirectRequestSchema);
    const signal = clientGoneSignal(res);
    // Per-URL failures are rows with an error, never a failed request.
    const result = await checkRedirects(urls, { fetcher, userAgent, deadlineMs: config.bulkChecks.deadlineMs, signal });
    if (!signal.aborted) res.json({ result });
  });
  return router;
}
