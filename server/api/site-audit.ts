import { Router, type NextFunction, type Request, type Response } from 'express';
import { auditIssues, auditPages } from '#db/site-audits.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError } from '#server/http-error.ts';
import { endpoint } from '#server/endpoint.ts';
import { rateLimit } from '#server/rate-limit.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { CRAWLER_BOT_NAME } from '#server/services/crawler/index.ts';
import { createSafeFetcher } from '#server/services/safe-fetch/index.ts';
import type { ReportBrand } from '#server/services/site-audit/branding.ts';
import { isSiteAuditError, type SiteAuditErrorCode } from '#server/services/site-audit/errors.ts';
import { groupIssues } from '#server/services/site-audit/issues.ts';
import { renderAuditPdf } from '#server/services/site-audit/pdf.ts';
import { createSiteAuditService, type AuditEvent } from '#server/services/site-audit/service.ts';
import { pickPdfFont } from '#server/services/youtube/transcript-pdf.ts';
import { parseOr400 } from '#server/validation.ts';
import { visitorKey } from '#server/visitor.ts';
import type { Business } from '#views/business.ts';
import { toCsv } from '#views/tools/csv.ts';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import { pagesQuery, startAuditBody } from '#views/tools/site-audit/schema.ts';

const STATUS_FOR: Record<SiteAuditErrorCode, number> = { 'invalid-url': 400, 'not-found': 404, 'not-owner': 403, finished: 409, 'not-done': 409, busy: 503, closing: 503 };
const HEARTBEAT_MS = 15_000;

/** Who the client report is from: the operator's business profile (SITE_PROFILE). */
function reportBrand(business: Business, siteUrl: string): ReportBrand {
  return { name: business.name, tagline: business.tagline, email: business.email, phone: business.phone, website: siteUrl };
}

/** SiteAuditError → HttpError; anything else is passed on untouched. */
function mapped<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isSiteAuditError(error)) throw new HttpError(STATUS_FOR[error.code], error.message, error.code === 'busy' || error.code === 'closing' ? { 'retry-after': '60' } : {});
    throw error;
  }
}

function sendEvent(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * Site audit API (issue 12): POST /api/site-audits {url} → 202 {id, status}; GET /api/site-audits
 * (the caller's own, by cookie); GET /api/site-audits/issue-types; GET /api/site-audits/:id and
 * its /issues, /pages, /export.csv, /report.pdf and /events (SSE); DELETE /api/site-audits/:id cancels.
 */
export function siteAuditRouter({ config, db, log, onShutdown }: AppDeps): Router {
  const settings = config.siteAudit;
  const service = createSiteAuditService({
    db,
    log,
    settings,
    fetcher: createSafeFetcher({ allowPrivate: config.fetchAllowPrivate, userAgent: `${CRAWLER_BOT_NAME}/1.0 (+${config.siteUrl}/site-audit)` }),
  });
  onShutdown(() => service.close());
  const router = Router();
  const limiter = rateLimit({ windowMs: 10 * 60_000, limit: settings.rateLimitPer10Min });
  // The body is checked before the rate limiter runs, so a typo does not use up an attempt.
  const validate = (req: Request, res: Response, next: NextFunction) => {
    res.locals.startAudit = parseOr400(startAuditBody, req.body ?? {});
    next();
  };

  router.post('/site-audits', validate, limiter, (req, res) => {
    const { url } = res.locals.startAudit as { url: string };
    const visitor = visitorKey(req, res, { create: true })!;
    const started = mapped(() => service.start(url, visitor));
    res.status(202).setHeader('Location', `/api/site-audits/${started.id}`).json(started);
  });

  router.get('/site-audits', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const visitor = visitorKey(req, res, { create: false });
    res.json({ audits: visitor ? service.list(visitor) : [] });
  });

  router.get('/site-audits/issue-types', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({ types: ISSUE_TYPES });
  });

  router.get('/site-audits/:id', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(mapped(() => service.get(String(req.params.id))));
  });

  router.get('/site-audits/:id/issues', (req, res) => {
    const audit = mapped(() => service.finished(String(req.params.id)));
    res.json({ issues: groupIssues(auditIssues(db, audit.id)) });
  });

  router.get('/site-audits/:id/pages', (req, res) => {
    const query = parseOr400(pagesQuery, req.query);
    const audit = mapped(() => service.finished(String(req.params.id)));
    const result = auditPages(db, audit.id, { offset: (query.page - 1) * query.perPage, limit: query.perPage, issue: query.issue, search: query.q });
    res.json({ total: result.total, page: query.page, perPage: query.perPage, pages: result.pages });
  });

  router.get('/site-audits/:id/export.csv', (req, res) => {
    const audit = mapped(() => service.finished(String(req.params.id)));
    const rows = auditIssues(db, audit.id).map((issue) => [issue.url, issue.type, issue.severity, issue.detail]);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="site-audit-${audit.id}.csv"`);
    res.send(toCsv(['url', 'type', 'severity', 'detail'], rows));
  });

  // Rendering a PDF of a large audit takes a while: the tool's share of TOOL_MAX_RUNNING bounds it.
  const pdfParse = (req: Request) => mapped(() => service.finished(String(req.params.id)));
  router.get('/site-audits/:id/report.pdf', ...endpoint({ parse: pdfParse, capacity: createCapacity(config.limits.toolMaxRunning) }, async (audit, _req, res) => {
    const pdf = await renderAuditPdf({ audit, issues: auditIssues(db, audit.id), brand: reportBrand(config.siteProfile.business, config.siteUrl), fontPath: pickPdfFont(config.youtube.pdfFontPath) });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="site-audit-${audit.id}.pdf"`);
    res.send(pdf);
  }));

  router.get('/site-audits/:id/events', (req, res) => {
    const audit = mapped(() => service.get(String(req.params.id)));
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    sendEvent(res, 'status', { status: audit.status, progress: audit.progress });
    const finish = () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      res.end();
    };
    const unsubscribe = service.watch(audit.id, (event: AuditEvent) => {
      if (event.type === 'progress') sendEvent(res, 'progress', event.progress);
      else if (event.type === 'status') sendEvent(res, 'status', { status: event.status });
      else {
        sendEvent(res, event.type, event);
        finish();
      }
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    // A finished audit has nothing more to say: its state went out above.
    if (!unsubscribe) finish();
    req.on('close', finish);
  });

  router.delete('/site-audits/:id', (req, res) => {
    const visitor = visitorKey(req, res, { create: false });
    if (!visitor) throw new HttpError(403, 'Only the visitor who started an audit can cancel it.');
    res.json(mapped(() => service.cancel(String(req.params.id), visitor)));
  });

  return router;
}
