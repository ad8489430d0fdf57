import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { checkedUrlInput } from '#server/services/page-facts/url-input.ts';
import type { AppDeps } from '#server/deps.ts';
import { parseOr400 } from '#server/validation.ts';
import { auditUrl } from '#server/services/seo-audit/index.ts';
import { createPageSpeedClient } from '#server/services/seo-audit/pagespeed.ts';
import { appFetcher } from '#server/services/safe-fetch/app-fetcher.ts';
import { auditRequestSchema } from '#views/tools/seo-audit/schema.ts';

/** Audits fetch a whole page (and maybe call Google): a handful per minute per visitor. */
export const SEO_AUDIT_RATE_LIMIT = { windowMs: 60_000, limit: 10 };

export function seoAuditRouter({ config }: AppDeps): Router {
  const router = Router();
  const fetcher = appFetcher(config);
  const pageSpeed = config.pageSpeed ? createPageSpeedClient({ ...config.pageSpeed, fetcher }) : null;
  // endpoint(): validation (including a fetchable URL) before the limiter, then the tool's capacity.
  const parse = (req: Request) => ({ url: checkedUrlInput(parseOr400(auditRequestSchema, req.body ?? {}).url) });
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/seo-audit/audit', ...endpoint({ parse, limit: SEO_AUDIT_RATE_LIMIT, capacity }, async ({ url }, _req, res) => {
    const report = await auditUrl(url, { fetcher, pageSpeed });
    res.json({ report });
  }));
  return router;
}
