import { Router } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { rateLimit } from '#server/rate-limit.ts';
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
  router.post('/seo-audit/audit', rateLimit(SEO_AUDIT_RATE_LIMIT), async (req, res) => {
    const { url } = parseOr400(auditRequestSchema, req.body ?? {});
    const report = await auditUrl(url, { fetcher, pageSpeed });
    res.json({ report });
  });
  return router;
}
