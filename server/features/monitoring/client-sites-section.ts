import type { Request, Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import type { AppDeps } from '#server/deps.ts';
import type { AdminSection, AdminTools } from '#server/http/admin/shell.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { ClientSitesPage, type ClientSiteValues } from '#views/admin/client-sites/ClientSitesPage.tsx';
import { logUploadScript } from '#views/admin/client-sites/log-upload-script.ts';
import { clientSiteLogRoutes, LOG_NOTICES, type ClientSiteLogs } from './client-site-logs-section.ts';
import { CLIENT_SITE_LIMITS, clientSiteItem, monthlyReportOf, parseMonth, parseRecipients } from './client-sites.ts';
import type { ReportBrand } from '#server/lib/pdf/index.ts';
import { renderMonthlyPdf, type AuditPdf } from './monthly-pdf.ts';
import type { MonitoringService } from './service.ts';

export interface ClientSitesSectionOptions extends Pick<AppDeps, 'db' | 'log'> {
  service: Pick<
    MonitoringService,
    'createClientMonitor' | 'listMonitors' | 'getMonitor' | 'updateMonitor' | 'deleteMonitor' | 'runMonitorNow'
  >;
  brand: ReportBrand;
  pdf: AuditPdf;
  fontPath: string | undefined;
  /** PDFs drawn at once in this process (each can take a while for a large audit). */
  pdfCapacity: Capacity;
  mailEnabled: boolean;
  /** The log analyser's way in (issue 36): without it, the rows have no logs. */
  logs?: ClientSiteLogs;
}

const NOTICES: Record<string, string> = {
  added: 'Client site added: its first check starts within a minute.',
  paused: 'Paused: no check, alert or report until you resume it.',
  resumed: 'Resumed.',
  started: 'Check started: the result shows here when it ends.',
  deleted: 'Client site deleted.',
  ...LOG_NOTICES,
};
const EMPTY: ClientSiteValues = { url: '', schedule: 'weekly', recipients: '' };
const ADDRESS = 'url: the address of the site to monitor.';

/** The add form (or JSON body): the address, how often, and who gets the alerts and reports. */
const clientSiteForm = z.object({
  url: z
    .string({ error: ADDRESS })
    .trim()
    .min(1, ADDRESS)
    .max(CLIENT_SITE_LIMITS.urlChars, `url: at most ${CLIENT_SITE_LIMITS.urlChars} characters.`),
  schedule: z
    .union([z.literal(''), z.enum(['daily', 'weekly', 'monthly'])], { error: 'schedule: daily, weekly or monthly.' })
    .optional()
    .transform((schedule) => schedule || 'weekly'),
  // Typed in one box (commas, semicolons, spaces or lines), or a list from a script.
  recipients: z
    .union([z.string(), z.array(z.string())], { error: 'recipients: add at least one email address.' })
    .default('')
    .transform((value, ctx) => {
      try {
        return parseRecipients(Array.isArray(value) ? value.join('\n') : value);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
});

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * `/admin/client-sites`: the operator's client sites (issue 25), monitored without verification.
 * Browsers get pages and redirects; other clients (Accept without text/html) get JSON.
 */
export function clientSitesSection(options: ClientSitesSectionOptions): AdminSection {
  const { service, log, logs } = options;
  const list = async () => {
    const sites = await service.listMonitors('client');
    const attached = logs ? await logs.list(sites.map((site) => site.id)) : {};
    return sites.map((site) => clientSiteItem(site, attached[site.id]));
  };

  async function page(admin: AdminTools, res: Response, status: number, extra: Partial<ClientSitesPageExtra>) {
    const content = createElement(ClientSitesPage, {
      csrf: admin.session(res).csrfToken,
      sites: await list(),
      values: extra.values ?? EMPTY,
      notice: extra.notice,
      error: extra.error,
      logError: extra.logError,
      logsEnabled: Boolean(logs),
      mailEnabled: options.mailEnabled,
      now: new Date(admin.now()).toISOString(),
    });
    // With logs, the script that shows an upload's progress.
    const script = logs ? logUploadScript(admin.session(res).csrfToken) : undefined;
    admin.page(res, status, { title: 'Client sites', content, script });
  }

  return {
    path: '/client-sites',
    label: 'Client sites',
    // The attached logs' uploads (JSON and form bodies keep the shell's default).
    bodyLimits: logs ? { multipart: logs.maxBodyBytes } : undefined,
    routes(router, admin) {
      router.get('/', async (req, res) => {
        if (admin.wantsJson(req)) return void res.json({ sites: await list() });
        await page(admin, res, 200, { notice: NOTICES[one(req.query.done)] });
      });

      router.post('/', admin.guard, async (req, res) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const typed = { url: one(body.url), schedule: one(body.schedule), recipients: one(body.recipients) };
        const again = (error: string, status: number) => page(admin, res, status, { values: typed, error });
        const input = await admin.parse(req, res, clientSiteForm, body, again);
        if (!input) return;
        let created;
        try {
          created = await service.createClientMonitor(input);
        } catch (error) {
          return admin.refuse(req, res, error, again);
        }
        log.info({ reqId: res.locals.requestId, monitor: created.id }, 'admin: client site added');
        if (admin.wantsJson(req)) return void res.status(201).json(clientSiteItem(created));
        res.redirect(303, '/admin/client-sites?done=added');
      });

      const actions: Array<[string, string, (id: string) => Promise<unknown>]> = [
        ['pause', 'paused', (id) => service.updateMonitor(id, { paused: true })],
        ['resume', 'resumed', (id) => service.updateMonitor(id, { paused: false })],
        ['run', 'started', (id) => service.runMonitorNow(id)],
        // The site's logs go with it.
        [
          'delete',
          'deleted',
          async (id) => {
            await service.deleteMonitor(id);
            await logs?.removeAll(id);
          },
        ],
      ];
      for (const [path, done, act] of actions)
        router.post(`/:id/${path}`, admin.guard, async (req, res) => {
          const id = String(req.params.id);
          try {
            await act(id);
          } catch (error) {
            return admin.refuse(req, res, error, (message, status) => page(admin, res, status, { error: message }));
          }
          log.info({ reqId: res.locals.requestId, monitor: id, action: path }, 'admin: client site changed');
          if (admin.wantsJson(req)) return void res.json({ id, done });
          res.redirect(303, `/admin/client-sites?done=${done}`);
        });

      router.get('/:id/report.pdf', (req, res) => monthlyPdf(options, admin, req, res));

      if (logs)
        clientSiteLogRoutes(router, admin, {
          service,
          logs,
          log,
          again: (res, siteId) => (message, status) => page(admin, res, status, { logError: { siteId, message } }),
        });
    },
  };
}

type ClientSitesPageExtra = {
  values: ClientSiteValues;
  notice: string;
  error: string;
  logError: { siteId: string; message: string };
};

/** GET /:id/report.pdf?month=YYYY-MM: the month's branded report, one drawn at a time per process. */
async function monthlyPdf(options: ClientSitesSectionOptions, admin: AdminTools, req: Request, res: Response) {
  let monitor;
  let month;
  try {
    month = parseMonth(req.query.month);
    monitor = await options.service.getMonitor(String(req.params.id));
  } catch (error) {
    return admin.refuse(req, res, error);
  }
  const release = options.pdfCapacity.tryTake();
  if (!release) return void res.status(429).json({ error: 'Another report is being drawn: try again in a moment.' });
  try {
    const report = await monthlyReportOf(options.db, monitor, month, options.brand.timeZone, options.pdf.groups);
    const pdf = await renderMonthlyPdf(report, options.brand, options.pdf, options.fontPath);
    const host = new URL(monitor.url).hostname;
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="report-${host}-${month}.pdf"`);
    res.send(pdf);
  } finally {
    release();
  }
}
