import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { clientGoneSignal, parseOr400 } from '#server/http/validation.ts';
import { checkIndexability } from './service.ts';
import type { SearchConsoleClient } from './search-console.ts';
import { indexCheckRequestSchema } from '#views/tools/index-checker/schema.ts';

export const INDEX_CHECK_RATE_LIMIT = { name: 'index-checker', windowMs: 60_000, limit: 6 };

export interface IndexCheckerRouterDeps {
  fetcher: SafeFetcher;
  searchConsole: SearchConsoleClient | null;
  deadlineMs: number;
  capacity: Capacity;
}

export function indexCheckerRouter({ fetcher, searchConsole, deadlineMs, capacity }: IndexCheckerRouterDeps): Router {
  const router = Router();
  // endpoint(): validation before the limiter (a malformed request spends no quota), then the tool's capacity.
  const parse = (req: Request) => parseOr400(indexCheckRequestSchema, req.body ?? {});
  router.post(
    '/google-index-checker/check',
    ...endpoint({ parse, limit: INDEX_CHECK_RATE_LIMIT, capacity }, async ({ urls }, _req, res) => {
      const signal = clientGoneSignal(res);
      const result = await checkIndexability(urls, { fetcher, searchConsole, deadlineMs, signal });
      if (!signal.aborted) res.json({ result });
    }),
  );
  return router;
}
