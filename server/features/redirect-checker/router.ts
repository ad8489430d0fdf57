import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { clientGoneSignal, parseOr400 } from '#server/http/validation.ts';
import type { HostSlots } from './host-slots.ts';
import { checkMigration } from './migration.ts';
import { checkRedirects } from './service.ts';
import { REDIRECT_CHECKER_PLANS } from '#views/model/plans.ts';
import { MIGRATION_BATCHES_PER_MINUTE } from '#views/model/redirect-migration.ts';
import {
  migrationCsvRequestSchema,
  migrationRequestSchema,
  redirectRequestSchema,
} from '#views/tools/redirect-checker/schema.ts';

/** One request may follow up to 100 chains, so few requests per minute. */
export const REDIRECT_RATE_LIMIT = { name: 'redirect-checker', windowMs: 60_000, limit: 6 };

/**
 * A migration list arrives as many small batches (10,000 rows are 400 requests of 25), one after
 * the other: the quota allows a steady run, the per-host slots keep it polite.
 */
export const MIGRATION_RATE_LIMIT = {
  name: 'redirect-migration',
  windowMs: 60_000,
  limit: MIGRATION_BATCHES_PER_MINUTE,
};

export interface RedirectCheckerRouterDeps {
  fetcher: SafeFetcher;
  deadlineMs: number;
  capacity: Capacity;
  /** Shared by every migration request of the process. */
  hostSlots: HostSlots;
}

export function redirectCheckerRouter({ fetcher, deadlineMs, capacity, hostSlots }: RedirectCheckerRouterDeps): Router {
  const router = Router();
  router.get('/bulk-url-redirection/plans', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json(REDIRECT_CHECKER_PLANS);
  });
  // endpoint(): validation before the limiter (a malformed request spends no quota), then the tool's capacity.
  const parse = (req: Request) => parseOr400(redirectRequestSchema, req.body ?? {});
  router.post(
    '/bulk-url-redirection/redirect',
    ...endpoint({ parse, limit: REDIRECT_RATE_LIMIT, capacity }, async ({ urls, userAgent }, _req, res) => {
      const signal = clientGoneSignal(res);
      // Per-URL failures are rows with an error, never a failed request.
      const result = await checkRedirects(urls, { fetcher, userAgent, deadlineMs, signal });
      if (!signal.aborted) res.json({ result });
    }),
  );
  // Rows as JSON, or the CSV file itself (`csv`): its rows that cannot be checked come back as `skipped`.
  const parseMigration = (req: Request) => {
    const body: unknown = req.body ?? {};
    if (typeof body === 'object' && body !== null && 'csv' in body) return parseOr400(migrationCsvRequestSchema, body);
    return { ...parseOr400(migrationRequestSchema, body), skipped: undefined };
  };
  router.post(
    '/bulk-url-redirection/migration',
    ...endpoint(
      { parse: parseMigration, limit: MIGRATION_RATE_LIMIT, capacity },
      async ({ rows, userAgent, skipped }, _req, res) => {
        const signal = clientGoneSignal(res);
        const results = await checkMigration(rows, { fetcher, hostSlots, userAgent, deadlineMs, signal });
        if (!signal.aborted) res.json(skipped ? { results, skipped } : { results });
      },
    ),
  );
  return router;
}
