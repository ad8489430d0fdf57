import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  deleteLead,
  exportColumns,
  iterateLeads,
  listInbox,
  setHandled,
  unreadCounts,
  type InboxKind,
  type InboxStatus,
} from '#db/lead-inbox.ts';
import type { AdminSession } from '#db/admin-sessions.ts';
import { DEFAULT_TIME_ZONE } from '#views/business.ts';
import { csvLine } from '#views/lib/csv.ts';
import { AdminNotFound, InboxPage, LoginPage } from '#views/admin/AdminPages.tsx';
import type { AppDeps } from '#server/deps.ts';
import { declaredBodyLimit } from '#server/http/body-limit.ts';
import { limiter } from '#server/http/rate-limit.ts';
import {
  currentSession,
  endSession,
  sameSecret,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  setCookie,
  startSession,
} from './admin-session.ts';
import { createSignInPace } from './sign-in-pace.ts';

/** Failed sign-ins allowed per address and window before 429. */
export const LOGIN_FAILURES = { limit: 5, windowMs: 15 * 60_000 };
export const INBOX_PAGE_SIZE = 50;
/** The inbox's forms are a few short fields; bodies above this answer 413. */
export const ADMIN_BODY_LIMIT = 16 * 1024;
const TOO_MANY_FAILURES = 'Too many failed sign-ins from this address. Try again in 15 minutes.';

export interface AdminOptions extends Pick<AppDeps, 'config' | 'db' | 'log'> {
  password: string;
  css: string;
  now?: () => number;
  /** Waits while sign-ins are slowed (tests pass one that records the wait and returns at once). */
  wait?: (ms: number) => Promise<void>;
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Locals = { session: AdminSession };

const KINDS = new Set<InboxKind>(['contact', 'articles', 'monitors']);
const STATUSES = new Set<InboxStatus>(['all', 'unread', 'handled']);
const NOTICES: Record<string, string> = {
  handled: 'Marked handled.',
  unread: 'Marked unread.',
  deleted: 'Deleted, with its notifications.',
};

function html(res: Response, status: number, element: ReactElement): void {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** The response can take more, or the client has gone. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function wantsHtml(req: Request): boolean {
  return /\btext\/html\b/.test(req.get('accept') ?? '');
}

function one(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Only a path inside the inbox is a place to go back to (never another site). */
function backTo(value: unknown, notice: string): string {
  const back = one(value);
  const url = /^\/admin(\?[^\\\s]*)?$/.test(back) ? new URL(back, 'http://x') : new URL('/admin', 'http://x');
  url.searchParams.set('done', notice);
  return `${url.pathname}${url.search}`;
}

/**
 * The password-protected inbox (`/admin`): server-rendered pages and plain forms, no script, so it
 * works without JavaScript under the site's strict CSP. Every state change needs the site's own
 * Origin and the session's CSRF token; every answer is `no-store` and `noindex`.
 */
export function adminRouter({
  config,
  db,
  log,
  password,
  css,
  now = () => Date.now(),
  wait = waitFor,
}: AdminOptions): Router {
  const router = Router();
  const origin = new URL(config.siteUrl).origin;
  const secure = config.siteUrl.startsWith('https:');
  const name = config.siteProfile.business.name;
  const delivering = Boolean(config.leadDelivery.webhook || config.leadDelivery.email);

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    next();
  });
  // The forms post urlencoded; a script signing in may send the same field as JSON.
  router.use(
    declaredBodyLimit(ADMIN_BODY_LIMIT, 'The form is too large.'),
    express.urlencoded({ extended: false, limit: ADMIN_BODY_LIMIT, parameterLimit: 20 }),
    express.json({ limit: ADMIN_BODY_LIMIT }),
  );

  /** Cross-site requests change nothing: the Origin must be this site's (SITE_URL), exactly. */
  function sameOrigin(req: Request, res: Response, next: NextFunction): void {
    if (req.get('origin') === origin) return next();
    refuse(req, res, 'Forbidden: this form must be sent from the site itself.');
  }

  function refuse(req: Request, res: Response, message: string): void {
    log.warn(
      { reqId: res.locals.requestId, origin: req.get('origin') ?? null, path: req.originalUrl },
      'admin: cross-site request refused',
    );
    res.status(403).type('text/plain').send(message);
  }

  /**
   * Signing in creates a session, so a browser's cross-site post is refused too (browsers always
   * send Origin with a POST, and Sec-Fetch-Site says where it came from). A client that is not a
   * browser sends neither and may sign in with the password alone, as the inbox's API promises.
   */
  function loginOrigin(req: Request, res: Response, next: NextFunction): void {
    const from = req.get('origin');
    const site = req.get('sec-fetch-site');
    if ((from === undefined || from === origin) && (site === undefined || site === 'same-origin' || site === 'none'))
      return next();
    refuse(req, res, 'Forbidden: sign in from the site itself.');
  }

  function renderLogin(res: Response, status: number, error?: string): void {
    html(res, status, createElement(LoginPage, { businessName: name, css, error }));
  }

  router.get('/login', async (req, res) => {
    if (await currentSession(db, req, now())) return res.redirect(303, '/admin');
    renderLogin(res, 200);
  });

  const loginLimiter = limiter('admin-login', {
    windowMs: LOGIN_FAILURES.windowMs,
    limit: LOGIN_FAILURES.limit,
    // Only wrong passwords count: an operator who signs in correctly is never locked out by it, nor
    // by sign-ins refused while the line of slowed sign-ins is full.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      log.warn({ reqId: res.locals.requestId }, 'admin: sign-in refused after repeated failures');
      if (wantsHtml(req)) return renderLogin(res, 429, TOO_MANY_FAILURES);
      res.status(429).json({ error: TOO_MANY_FAILURES });
    },
  });

  const pace = createSignInPace({
    now,
    onSlowed: (failures, windowMs) =>
      log.warn(
        { failures, windowMinutes: windowMs / 60_000 },
        `admin: ${failures} failed sign-ins from all addresses in the last ${windowMs / 60_000} minutes; sign-ins are slowed`,
      ),
  });

  router.post('/login', loginOrigin, loginLimiter, async (req, res) => {
    const turn = pace.admit();
    if ('retryAfterMs' in turn) {
      const seconds = Math.max(1, Math.ceil(turn.retryAfterMs / 1000));
      const message = `Sign-ins are slowed after many failed attempts. Try again in ${seconds} seconds.`;
      res.setHeader('Retry-After', String(seconds));
      if (wantsHtml(req)) return renderLogin(res, 429, message);
      res.status(429).json({ error: message });
      return;
    }
    if (turn.waitMs > 0) await wait(turn.waitMs);
    if (!sameSecret(one(req.body?.password), password)) {
      pace.failed();
      log.warn({ reqId: res.locals.requestId }, 'admin: wrong password');
      if (wantsHtml(req)) return renderLogin(res, 401, 'Wrong password.');
      res.status(401).json({ error: 'Wrong password.' });
      return;
    }
    const { token } = await startSession(db, now());
    setCookie(res, SESSION_COOKIE, token, { secure, maxAgeS: SESSION_TTL_MS / 1000 });
    log.info({ reqId: res.locals.requestId }, 'admin: signed in');
    res.redirect(303, '/admin');
  });

  // Everything below needs a session.
  router.use(async (req, res, next) => {
    const session = await currentSession(db, req, now());
    if (session) {
      (res.locals as Locals).session = session;
      return next();
    }
    if (wantsHtml(req)) return res.redirect(303, '/admin/login');
    res.status(401).json({ error: 'Sign in at /admin/login first.' });
  });

  /** State changes: the Origin check, then the session's CSRF token. */
  function guarded(req: Request, res: Response, next: NextFunction): void {
    sameOrigin(req, res, () => {
      if (sameSecret(one(req.body?.csrf), (res.locals as Locals).session.csrfToken)) return next();
      res
        .status(403)
        .type('text/plain')
        .send('Forbidden: missing or wrong form token. Reload the inbox and try again.');
    });
  }

  router.get('/', async (req, res) => {
    const kind = KINDS.has(one(req.query.type) as InboxKind) ? (one(req.query.type) as InboxKind) : 'contact';
    const status = STATUSES.has(one(req.query.status) as InboxStatus) ? (one(req.query.status) as InboxStatus) : 'all';
    const q = one(req.query.q).slice(0, 200);
    const requested = Number.parseInt(one(req.query.page), 10);
    const first = await listInbox(db, { kind, q, status, page: 1, perPage: INBOX_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(first.total / INBOX_PAGE_SIZE));
    const page = Number.isSafeInteger(requested) && requested > 1 ? Math.min(requested, pages) : 1;
    const { rows, total } =
      page === 1 ? first : await listInbox(db, { kind, q, status, page, perPage: INBOX_PAGE_SIZE });
    const unread = await unreadCounts(db);
    html(
      res,
      200,
      createElement(InboxPage, {
        businessName: name,
        css,
        csrf: (res.locals as Locals).session.csrfToken,
        kind,
        q,
        status,
        page,
        pages,
        total,
        unread,
        items: rows,
        notice: NOTICES[one(req.query.done)],
        delivering,
        timeZone: config.siteProfile.business.timeZone ?? DEFAULT_TIME_ZONE,
      }),
    );
  });

  function target(req: Request): { kind: InboxKind; id: number } | null {
    const kind = req.params.kind as InboxKind;
    const id = Number(req.params.id);
    return KINDS.has(kind) && Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
  }

  router.post('/:kind/:id/handled', guarded, async (req, res) => {
    const lead = target(req);
    const handled = one(req.body?.handled) !== '0';
    if (!lead || !(await setHandled(db, lead.kind, lead.id, handled ? new Date(now()).toISOString() : null)))
      return notFound(req, res);
    res.redirect(303, backTo(req.body?.back, handled ? 'handled' : 'unread'));
  });

  router.post('/:kind/:id/delete', guarded, async (req, res) => {
    const lead = target(req);
    if (!lead || !(await deleteLead(db, lead.kind, lead.id))) return notFound(req, res);
    log.info({ reqId: res.locals.requestId, kind: lead.kind, id: lead.id }, 'admin: lead deleted');
    res.redirect(303, backTo(req.body?.back, 'deleted'));
  });

  router.get('/export.csv', async (req, res) => {
    const kind = one(req.query.type) as InboxKind;
    if (!KINDS.has(kind)) {
      res.status(400).json({ error: 'type must be contact, articles or monitors' });
      return;
    }
    const day = new Date(now()).toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${kind}-${day}.csv"`);
    // Streamed a page of rows at a time, waiting while the client is slow to read: the export holds
    // every lead, however many there are.
    res.write(csvLine(exportColumns(kind)));
    for await (const row of iterateLeads(db, kind)) {
      if (res.destroyed) break;
      if (!res.write(csvLine(row))) await drainedOrClosed(res);
    }
    res.end();
  });

  router.post('/logout', guarded, async (_req, res) => {
    await endSession(db, (res.locals as Locals).session);
    setCookie(res, SESSION_COOKIE, '', { secure, maxAgeS: 0 });
    res.redirect(303, '/admin/login');
  });

  function notFound(req: Request, res: Response): void {
    if (wantsHtml(req)) return html(res, 404, createElement(AdminNotFound, { css }));
    res.status(404).json({ error: 'Not found' });
  }
  router.use(notFound);
  return router;
}
