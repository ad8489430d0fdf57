import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Db } from '#db/index.ts';
import { auditPages, issueLinksOf, type SiteAuditRow, type StoredPageKind } from '#db/site-audits.ts';
import type { SiteAuditSettings } from '#server/config/site-audit.ts';
import { HttpError } from '#server/http/http-error.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { openEventStream } from '#server/http/sse.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import type { ReportBrand } from '#server/lib/pdf/index.ts';
import { issuePage, issueSummary, issueTypesMatching } from './issue-reads.ts';
import { printedIssueGroups, renderAuditPdf } from './pdf.ts';
import { writeAuditCsv } from './csv-router.ts';
import type { AuditEvent, SiteAuditService } from './service.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { visitorKey } from '#server/http/visitor.ts';
import { ISSUE_TYPE_BY_ID, ISSUE_TYPES } from '#views/model/site-audit.ts';
import { issuesQuery, issueUrlsQuery, pagesQuery, startAuditBody } from '#views/tools/site-audit/schema.ts';

export interface SiteAuditRouterDeps {
  service: SiteAuditService;
  db: Db;
  settings: SiteAuditSettings;
  /** Who the client report is from: the operator's business profile (SITE_PROFILE). */
  brand: ReportBrand;
  fontPath: string | undefined;
  /** Rendering a PDF of a large audit takes a while: the tool's share of TOOL_MAX_RUNNING bounds it. */
  pdfCapacity: Capacity;
}

/** The pages list, or the scripts and stylesheets the pages load (the resources list): the same query. */
function urlList(service: SiteAuditService, db: Db, kind: StoredPageKind) {
  return async (req: Request, res: Response) => {
    const query = parseOr400(pagesQuery, req.query);
    const audit = await service.finished(String(req.params.id));
    const result = await auditPages(db, audit.id, {
      offset: (query.page - 1) * query.perPage,
      limit: query.perPage,
      issue: query.issue,
      search: query.q,
      kind,
      sort: query.sort,
    });
    // Each page's link issues name their links (target, anchor text, position).
    const links = await issueLinksOf(
      db,
      audit.id,
      result.pages.map((page) => page.url),
    );
    const pages = result.pages.map((page) => {
      const own = links.get(page.url);
      return own ? { ...page, links: own } : page;
    });
    res.json({ total: result.total, page: query.page, perPage: query.perPage, pages });
  };
}

/**
 * Site audit API (issue 12): POST /api/site-audits {url} → 202 {id, status}; GET /api/site-audits
 * (the caller's own, by cookie); GET /api/site-audits/issue-types; GET /api/site-audits/:id and
 * its /history, /issues, /pages, /resources, /export.csv, /report.pdf and /events (SSE); DELETE /api/site-audits/:id cancels.
 */
export function siteAuditRouter({ service, db, settings, brand, fontPath, pdfCapacity }: SiteAuditRouterDeps): Router {
  const router = Router();
  const limiter = rateLimit({ name: 'site-audit', windowMs: 10 * 60_000, limit: settings.rateLimitPer10Min });
  // The body is checked before the rate limiter runs, so a typo (or a private address) does not use up an attempt.
  const validate = (req: Request, res: Response, next: NextFunction) => {
    res.locals.startAudit = parseOr400(startAuditBody, req.body ?? {});
    service.check((res.locals.startAudit as { url: string }).url);
    next();
  };

  router.post('/site-audits', validate, limiter, async (req, res) => {
    const { url, render, checkExternalLinks } = res.locals.startAudit as {
      url: string;
      render: boolean;
      checkExternalLinks: boolean;
    };
    const visitor = visitorKey(req, res, { create: true })!;
    const started = await service.start(url, visitor, { render, checkExternalLinks });
    res.status(202).setHeader('Location', `/api/site-audits/${started.id}`).json(started);
  });

  router.get('/site-audits', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const visitor = visitorKey(req, res, { create: false });
    res.json({ audits: visitor ? await service.list(visitor) : [] });
  });

  router.get('/site-audits/issue-types', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({ types: ISSUE_TYPES });
  });

  router.get('/site-audits/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.get(String(req.params.id)));
  });

  // The site's score history as far as this audit reaches: the same on every device and for a shared link.
  router.get('/site-audits/:id/history', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ audits: await service.history(String(req.params.id)) });
  });

  // Counts per type without URLs (issue 34): a million-page audit answers as fast as a small one.
  router.get('/site-audits/:id/issues', async (req, res) => {
    const { q } = parseOr400(issuesQuery, req.query);
    const audit = await service.finished(String(req.params.id));
    res.json(q ? { issues: await issueTypesMatching(db, audit.id, q) } : await issueSummary(db, audit.id));
  });

  // One type's URLs a page at a time: the browser never receives more than a page of them.
  router.get('/site-audits/:id/issues/:type', async (req, res) => {
    const paging = parseOr400(issueUrlsQuery, req.query);
    const audit = await service.finished(String(req.params.id));
    const type = String(req.params.type);
    if (!ISSUE_TYPE_BY_ID.has(type)) throw new HttpError(404, 'No such issue type.');
    res.json(await issuePage(db, audit.id, type, paging));
  });

  router.get('/site-audits/:id/pages', urlList(service, db, 'page'));
  router.get('/site-audits/:id/resources', urlList(service, db, 'resource'));

  // Streamed as it is read, in batches (issue 34): memory stays flat whatever the audit's size.
  router.get('/site-audits/:id/export.csv', async (req, res) => {
    const audit = await service.finished(String(req.params.id));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="site-audit-${audit.id}.csv"`);
    await writeAuditCsv(db, audit, res);
  });

  // The audit is looked up (404, or 409 while it runs) before a PDF slot is taken.
  const finishedAudits = new WeakMap<Request, SiteAuditRow>();
  const findFinished = async (req: Request, _res: Response, next: NextFunction) => {
    finishedAudits.set(req, await service.finished(String(req.params.id)));
    next();
  };
  const pdfParse = (req: Request) => finishedAudits.get(req)!;
  router.get(
    '/site-audits/:id/report.pdf',
    findFinished,
    ...endpoint({ parse: pdfParse, capacity: pdfCapacity }, async (audit, _req, res) => {
      // At most URLS_PER_ISSUE URLs a type are read (issue 34): the PDF's memory does not grow with the audit.
      const groups = await printedIssueGroups(db, audit.id);
      const pdf = await renderAuditPdf({ audit, groups, brand, fontPath });
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="site-audit-${audit.id}.pdf"`);
      res.send(pdf);
    }),
  );

  router.get('/site-audits/:id/events', async (req, res) => {
    const audit = await service.get(String(req.params.id));
    const stream = openEventStream(req, res);
    stream.send('status', { status: audit.status, progress: audit.progress });
    // A finished audit has nothing more to say: its state went out above.
    if (audit.status !== 'queued' && audit.status !== 'running') return stream.close();
    const unwatch = service.watch(
      audit,
      (event: AuditEvent) => {
        if (event.type === 'progress') stream.send('progress', event.progress);
        else if (event.type === 'status') stream.send('status', { status: event.status });
        else stream.send(event.type, event);
      },
      () => stream.close(),
    );
    stream.onClose(unwatch);
  });

  router.delete('/site-audits/:id', async (req, res) => {
    const visitor = visitorKey(req, res, { create: false });
    if (!visitor) throw new HttpError(403, 'Only the visitor who started an audit can cancel it.');
    res.json(await service.cancel(String(req.params.id), visitor));
  });

  return router;
}
