import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import type { AppDeps } from '#server/deps.ts';
import { clientGoneSignal, parseOr400 } from '#server/validation.ts';
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
  // endpoint(): validation before the limiter (a malformed request spends no quota), then the tool's capacity.
  const parse = (req: Request) => parseOr400(redirectRequestSchema, req.body ?? {});
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/bulk-url-redirection/redirect', ...endpoint({ parse, limit: REDIRECT_RATE_LIMIT, capacity }, async ({ urls, userAgent }, _req, res) => {
    const signal = clientGoneSignal(res);
    // Per-URL failures are rows with an error, never a failed request.
    const result = await checkRedirects(urls, { fetcher, userAgent, deadlineMs: config.bulkChecks.deadlineMs, signal });
    if (!signal.aborted) res.json({ result });
  }));
  return router;
}
