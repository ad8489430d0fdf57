import type { Request, RequestHandler, Response, Router } from 'express';
import type { AdminTools, AnswerAgain } from '#server/http/admin/shell.ts';
import { NotFoundError } from '#server/lib/domain-errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { ClientSiteLogItem } from '#views/model/client-sites.ts';
import type { MonitoringService } from './service.ts';

/**
 * What the client sites' section needs of the log analyser to let the operator attach access logs
 * (issue 36, docs/decisions/0055). The log-files feature builds it (its client-sites-router.ts) and
 * server/features/index.ts hands it in: features do not import each other.
 */
export interface ClientSiteLogs {
  /** Bytes a multipart body may declare (the log analyser's upload limit and the form's fields). */
  maxBodyBytes: number;
  /** Reads and stages a multipart upload (field `file`, one or more) as the public upload does; rejects with a 4xx error. */
  receive(req: Request, res: Response): Promise<ReceivedClientLogs>;
  /** Each client site's logs, newest first. */
  list(clientSites: string[]): Promise<Record<string, ClientSiteLogItem[]>>;
  remove(clientSite: string, id: string): Promise<void>;
  removeAll(clientSite: string): Promise<void>;
}

export interface ReceivedClientLogs {
  files: number;
  /** Queues the analysis, joined with the newest of `auditIds` (newest first) still there and finished. */
  attach(to: { clientSite: string; auditIds: readonly string[] }): Promise<{ id: string; joined: boolean }>;
  /** Drops the staged files unless they were attached. */
  discard(): Promise<void>;
}

export const LOG_NOTICES: Record<string, string> = {
  'log-added': "Log attached: it is being analysed with the site's latest audit. Its report opens from the site's row.",
  'log-added-alone':
    'Log attached: it is being analysed. The site has no finished check yet, so it is not compared with an audit.',
  'log-deleted': 'Log deleted.',
};

interface LogRoutesOptions {
  service: Pick<MonitoringService, 'getMonitor'>;
  logs: ClientSiteLogs;
  log: Logger;
  /** The client sites' page again, with an error at a site's logs. */
  again: (res: Response, siteId: string) => AnswerAgain;
}

type Site = Awaited<ReturnType<MonitoringService['getMonitor']>>;
type Upload = { site: Site; received: ReceivedClientLogs };

async function clientSite(service: LogRoutesOptions['service'], id: string): Promise<Site> {
  const site = await service.getMonitor(id);
  if (site.kind !== 'client') throw new NotFoundError('No client site with that id.');
  return site;
}

/**
 * POST /admin/client-sites/:id/logs (multipart: `file`, one or more, and `csrf`) and
 * POST /admin/client-sites/:id/logs/:logId/delete. A script's upload carries X-CSRF-Token and is
 * checked by the shell's guard before a byte is read; a plain form's token is a field of the body, so
 * the same guard checks it once the body is read (the session, needed before anything is read, is a
 * SameSite=Strict cookie: a cross-site form never gets that far), and a refused upload is dropped.
 */
export function clientSiteLogRoutes(router: Router, admin: AdminTools, options: LogRoutesOptions): void {
  const { logs, log, again } = options;
  const byHeader = (req: Request) => req.get('x-csrf-token') !== undefined;
  const guardFirst: RequestHandler = (req, res, next) => (byHeader(req) ? admin.guard(req, res, next) : next());
  const guardAfter: RequestHandler = (req, res, next) => (byHeader(req) ? next() : admin.guard(req, res, next));
  const upload = (res: Response) => res.locals.upload as Upload;

  const receive: RequestHandler = async (req, res, next) => {
    const siteId = String(req.params.id);
    try {
      const site = await clientSite(options.service, siteId);
      const received = await logs.receive(req, res);
      // Whatever answers from here on, files that were not attached are dropped.
      res.once('close', () => void received.discard());
      res.locals.upload = { site, received } satisfies Upload;
      next();
    } catch (error) {
      await admin.refuse(req, res, error, again(res, siteId));
    }
  };

  router.post('/:id/logs', guardFirst, receive, guardAfter, async (req, res) => {
    const { site, received } = upload(res);
    const auditIds = site.runs.flatMap((run) => (run.status === 'done' && run.auditId ? [run.auditId] : []));
    let attached;
    try {
      attached = await received.attach({ clientSite: site.id, auditIds });
    } catch (error) {
      return admin.refuse(req, res, error, again(res, site.id));
    }
    log.info({ reqId: res.locals.requestId, monitor: site.id, log: attached.id }, 'admin: client site log attached');
    if (admin.wantsJson(req)) return void res.status(202).json(attached);
    res.redirect(303, `/admin/client-sites?done=${attached.joined ? 'log-added' : 'log-added-alone'}`);
  });

  router.post('/:id/logs/:logId/delete', admin.guard, async (req, res) => {
    const siteId = String(req.params.id);
    const id = String(req.params.logId);
    try {
      await logs.remove(siteId, id);
    } catch (error) {
      return admin.refuse(req, res, error, again(res, siteId));
    }
    log.info({ reqId: res.locals.requestId, monitor: siteId, log: id }, 'admin: client site log deleted');
    if (admin.wantsJson(req)) return void res.json({ id, done: 'log-deleted' });
    res.redirect(303, '/admin/client-sites?done=log-deleted');
  });
}
