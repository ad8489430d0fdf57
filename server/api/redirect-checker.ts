import { Router } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { parseOr400 } from '#server/validation.ts';
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
  router.post('/bulk-url-redirection/redirect', rateLimit(REDIRECT_RATE_LIMIT), async (req, res) => {
    const { urls } = parseOr400(redirectRequestSchema, req.body ?? {});
    // Per-URL failures are rows with an error, never a failed request.
    res.json({ result: await checkRedirects(urls, { fetcher }) });
  });
  return router;
}
