import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminSession } from '#db/admin-sessions.ts';
import type { AppDeps, Feature } from '#server/deps.ts';
import { auditPdfLines, renderAuditPdf, reportBrand } from '#server/features/site-audit/index.ts';
import { createCapacity, type Capacity } from '#server/lib/capacity.ts';
import { pickPdfFont } from '#server/lib/youtube/transcript-pdf.ts';
import { adminGate, sameSecret, wantsJson } from '#server/features/leads/admin-session.ts';
import type { AuditPdf, ReportBrand } from './monthly-pdf.ts';
import { STATUS_OF_KIND } from '#server/http/errors.ts';
import { DomainError, InvalidInputError } from '#server/lib/domain-errors.ts';
import { AdminNotFound } from '#views/admin/AdminPages.tsx';
import { ClientSitesPage, type ClientSiteValues } from '#views/admin/ClientSitesAdmin.tsx';
import { CLIENT_SITE_LIMITS, clientSiteItem, monthlyReportOf, parseMonth, parseRecipients } from './client-sites.ts';
import { renderMonthlyPdf } from './monthly-pdf.ts';
import type { MonitoringService } from './service.ts';

type Locals = { session: AdminSession };

export interface ClientSitesRouterOptions extends Pick<AppDeps, 'config' | 'db' | 'log'> {
  service: Pick<
    MonitoringService,
    'createClientMonitor' | 'listMonitors' | 'getMonitor' | 'updateMonitor' | 'deleteMonitor' | 'runMonitorNow'
  >;
  css: string;
  brand: ReportBrand;
  pdf: AuditPdf;
  fontPath: string | undefined;
  /** PDFs drawn at once in this process (each can take a while for a large audit). */
  pdfCapacity: Capacity;
  mailEnabled: boolean;
  now?: () => number;
}

const NOTICES: Record<string, string> = {
  added: 'Client site added: its first check starts within a minute.',
  paused: 'Paused: no check, alert or report until you resume it.',
  resumed: 'Resumed.',
  started: 'Check started: the result shows here when it ends.',
  deleted: 'Client site deleted.',
};
const SCHEDULES = new Set(['daily', 'weekly', 'monthly']);
const EMPTY: ClientSiteValues = { url: '', schedule: 'weekly', recipients: '' };

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

function html(res: Response, status: number, element: ReactElement): void {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** The add form (or JSON body) into the service's input, refusing what is wrong in plain words. */
function newClientSite(body: Record<string, unknown>): {
  url: string;
  schedule: 'daily' | 'weekly' | 'monthly';
  recipients: string[];
} {
  const url = one(body.url).trim();
  if (!url) throw new InvalidInputError('url: the address of the site to monitor.');
  if (url.length > CLIENT_SITE_LIMITS.urlChars)
    throw new InvalidInputError(`url: at most ${CLIENT_SITE_LIMITS.urlChars} characters.`);
  const schedule = one(body.schedule) || 'weekly';
  if (!SCHEDULES.has(schedule)) throw new InvalidInputError('schedule: daily, weekly or monthly.');
  const recipients = Array.isArray(body.recipients)
    ? parseRecipients(body.recipients.map(one).join('\n'))
    : parseRecipients(one(body.recipients));
  return { url, schedule: schedule as 'daily' | 'weekly' | 'monthly', recipients };
}

/**
 * `/admin/client-sites`: the operator's client sites (issue 25). Behind the inbox's sign-in; every
 * change needs the site's Origin and the session's CSRF token, as /admin/posts does. Browsers get
 * pages and redirects; other clients (Accept without text/html) get JSON.
 */
export function clientSitesRouter(options: ClientSitesRouterOptions): Router {
  const { config, db, log, service, css, now = () => Date.now() } = options;
  const router = Router();
  const origin = new URL(config.siteUrl).origin;
  const businessName = config.siteProfile.business.name;

  router.use(adminGate(db, now));
  router.use(
    express.json({ limit: 16 * 1024 }),
    express.urlencoded({ extended: false, limit: 16 * 1024, parameterLimit: 10 }),
  );

  function guarded(req: Request, res: Response, next: NextFunction): void {
    const token = one(req.body?.csrf) || (req.get('x-csrf-token') ?? '');
    if (req.get('origin') === origin && sameSecret(token, (res.locals as Locals).session.csrfToken)) return next();
    log.warn(
      { reqId: res.locals.requestId, path: req.originalUrl },
      'client sites: request without origin or token refused',
    );
    res.status(403).json({ error: 'Forbidden: send this from the admin pages (same origin, with the form token).' });
  }

  function failure(error: unknown): { status: number; message: string } {
    if (error instanceof DomainError) return { status: STATUS_OF_KIND[error.kind], message: error.message };
    throw error;
  }

  async function page(
    res: Response,
    status: number,
    extra: { values?: ClientSiteValues; notice?: string; error?: string },
  ) {
    const sites = (await service.listMonitors('client')).map(clientSiteItem);
    html(
      res,
      status,
      createElement(ClientSitesPage, {
        businessName,
        css,
        csrf: (res.locals as Locals).session.csrfToken,
        sites,
        values: extra.values ?? EMPTY,
        notice: extra.notice,
        error: extra.error,
        mailEnabled: options.mailEnabled,
        now: new Date(now()).toISOString(),
      }),
    );
  }

  router.get('/', async (req, res) => {
    if (wantsJson(req)) return void res.json({ sites: (await service.listMonitors('client')).map(clientSiteItem) });
    await page(res, 200, { notice: NOTICES[one(req.query.done)] });
  });

  router.post('/', guarded, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const created = await service.createClientMonitor(newClientSite(body));
      log.info({ reqId: res.locals.requestId, monitor: created.id }, 'admin: client site added');
      if (wantsJson(req)) return void res.status(201).json(clientSiteItem(created));
      res.redirect(303, '/admin/client-sites?done=added');
    } catch (error) {
      const { status, message } = failure(error);
      if (wantsJson(req)) return void res.status(status).json({ error: message });
      const values = { url: one(body.url), schedule: one(body.schedule), recipients: one(body.recipients) };
      await page(res, status, { values, error: message });
    }
  });

  /** One action on a client site: the service call, then the list again (or JSON). */
  function action(path: string, done: string, act: (id: string) => Promise<unknown>) {
    router.post(`/:id/${path}`, guarded, async (req, res) => {
      const id = String(req.params.id);
      try {
        await act(id);
      } catch (error) {
        const { status, message } = failure(error);
        if (wantsJson(req)) return void res.status(status).json({ error: message });
        return void (await page(res, status, { error: message }));
      }
      log.info({ reqId: res.locals.requestId, monitor: id, action: path }, 'admin: client site changed');
      if (wantsJson(req)) return void res.json({ id, done });
      res.redirect(303, `/admin/client-sites?done=${done}`);
    });
  }
  action('pause', 'paused', (id) => service.updateMonitor(id, { paused: true }));
  action('resume', 'resumed', (id) => service.updateMonitor(id, { paused: false }));
  action('run', 'started', (id) => service.runMonitorNow(id));
  action('delete', 'deleted', (id) => service.deleteMonitor(id));

  router.get('/:id/report.pdf', async (req, res) => {
    let monitor;
    let month;
    try {
      month = parseMonth(req.query.month);
      monitor = await service.getMonitor(String(req.params.id));
    } catch (error) {
      const { status, message } = failure(error);
      return void res.status(status).json({ error: message });
    }
    const release = options.pdfCapacity.tryTake();
    if (!release) return void res.status(429).json({ error: 'Another report is being drawn: try again in a moment.' });
    try {
      const report = await monthlyReportOf(db, monitor, month);
      const pdf = await renderMonthlyPdf(report, options.brand, options.pdf, options.fontPath);
      const host = new URL(monitor.url).hostname;
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="report-${host}-${month}.pdf"`);
      res.send(pdf);
    } finally {
      release();
    }
  });

  router.use((req, res) => {
    if (wantsJson(req)) return void res.status(404).json({ error: 'Not found' });
    html(res, 404, createElement(AdminNotFound, { css }));
  });
  return router;
}

/**
 * The operator's client sites as a feature of its own, so its pages mount ahead of the inbox's
 * /admin catch-all (server/features/index.ts lists it before the leads): the admin pages (with
 * ADMIN_PASSWORD). The hourly look for monthly reports to send is a repeatable job (client-report.ts).
 */
export function clientSitesFeature(
  deps: Pick<AppDeps, 'config' | 'db' | 'log' | 'assets'>,
  service: ClientSitesRouterOptions['service'],
): Feature {
  const { config, db, log } = deps;
  return {
    mounts: config.admin
      ? [
          {
            path: '/admin/client-sites',
            router: clientSitesRouter({
              config,
              db,
              log,
              service,
              css: deps.assets.css,
              brand: reportBrand(config),
              pdf: { lines: auditPdfLines, render: renderAuditPdf },
              fontPath: pickPdfFont(config.youtube.pdfFontPath),
              pdfCapacity: createCapacity(CLIENT_SITE_LIMITS.pdfsAtOnce),
              mailEnabled: Boolean(config.leadDelivery.email),
            }),
          },
        ]
      : [],
  };
}
