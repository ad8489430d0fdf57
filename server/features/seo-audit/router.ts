import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { checkedUrlInput, type TypedTarget } from '#server/lib/page-facts/url-input.ts';
import { parseOr400 } from '#server/http/validation.ts';
import type { AuditReport } from '#views/model/seo-audit.ts';
import { auditRequestSchema } from '#views/tools/seo-audit/schema.ts';

/** Audits fetch a whole page (and maybe call Google): a handful per minute per visitor. */
export const SEO_AUDIT_RATE_LIMIT = { name: 'seo-audit', windowMs: 60_000, limit: 10 };

export interface SeoAuditRouterDeps {
  /** Runs the audit (a job: job.ts); `signal` aborts when the visitor leaves. */
  audit: (target: TypedTarget, signal?: AbortSignal) => Promise<AuditReport>;
  capacity: Capacity;
}

export function seoAuditRouter({ audit, capacity }: SeoAuditRouterDeps): Router {
  const router = Router();
  // endpoint(): validation (including a fetchable URL) before the limiter, then the tool's capacity.
  const parse = (req: Request) => ({ url: checkedUrlInput(parseOr400(auditRequestSchema, req.body ?? {}).url) });
  router.post(
    '/seo-audit/audit',
    ...endpoint({ parse, limit: SEO_AUDIT_RATE_LIMIT, capacity }, async ({ url }, _req, res) => {
      // A visitor who leaves stops their audit (its job is cancelled).
      const left = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) left.abort();
      });
      const report = await audit(url, left.signal);
      res.json({ report });
    }),
  );
  return router;
}
