import { Router } from 'express';
import type { SiteAuditRow } from '#db/site-audits.ts';
import { STATUS_OF_KIND } from '#server/http/errors.ts';
import { isDomainError } from '#server/lib/domain-errors.ts';
import type { ReportBrand } from '#server/lib/pdf/index.ts';
import { cardCache, cardFacts } from './report-card.ts';
import type { SiteAuditService } from './service.ts';

/**
 * GET /site-audit/:id/card.png, the report's Open Graph image. Not under /api: robots.txt shuts crawlers out
 * of /api, and link previewers (Slack, X) honour it for images. Like the report page it is never indexed.
 */
export function reportCardRouter(service: SiteAuditService, brand: ReportBrand, cards = cardCache()): Router {
  const router = Router();
  router.get('/site-audit/:id/card.png', async (req, res) => {
    let audit: SiteAuditRow;
    try {
      audit = await service.finished(String(req.params.id));
    } catch (err) {
      if (!isDomainError(err)) throw err;
      // No report (unknown, malformed or still running): no card, in the API's words.
      res.status(STATUS_OF_KIND[err.kind]).setHeader('Cache-Control', 'no-store').json({ error: err.message });
      return;
    }
    const png = await cards(audit.id, cardFacts(audit, brand));
    res.type('image/png');
    res.setHeader('Cache-Control', 'public, max-age=86400, immutable');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.send(png);
  });
  return router;
}
