import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import type { AppDeps } from '#server/deps.ts';
import { clientGoneSignal, parseOr400 } from '#server/validation.ts';
import { checkIndexability } from '#server/services/index-checker/index.ts';
import { createSearchConsoleClient } from '#server/services/index-checker/search-console.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { indexCheckRequestSchema } from '#views/tools/index-checker/schema.ts';

export const INDEX_CHECK_RATE_LIMIT = { windowMs: 60_000, limit: 6 };

export function indexCheckerRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  const searchConsole = config.searchConsole ? createSearchConsoleClient({ ...config.searchConsole, fetcher }) : null;
  // endpoint(): validation before the limiter (a malformed request spends no quota), then the tool's capacity.
  const parse = (req: Request) => parseOr400(indexCheckRequestSchema, req.body ?? {});
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/google-index-checker/check', ...endpoint({ parse, limit: INDEX_CHECK_RATE_LIMIT, capacity }, async ({ urls }, _req, res) => {
    const signal = clientGoneSignal(res);
    const result = await checkIndexability(urls, { fetcher, searchConsole, deadlineMs: config.bulkChecks.deadlineMs, signal });
    if (!signal.aborted) res.json({ result });
  }));
  return router;
}
