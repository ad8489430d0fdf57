import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AdminSession } from '#db/admin-sessions.ts';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { HttpError } from '../http-error.ts';
import type { Responder } from './respond.ts';
import { wantsJson } from './respond.ts';
import { currentSession, sameSecret } from './session.ts';

/**
 * The shell's gates (docs/decisions/0023): every admin answer is neither cached nor indexed; below
 * the sign-in a live session is needed; every state change needs both SITE_URL's Origin and the
 * session's CSRF token (either alone would do against today's browsers; together they also cover an
 * old browser or a proxy that drops one).
 */

export const noStoreNoIndex: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  next();
};

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

export function sessionOf(res: Response): AdminSession {
  return (res.locals as { session: AdminSession }).session;
}

/** Only with a live session (put in res.locals): a browser is sent to /admin/login, another client gets 401. */
export function sessionGate(db: Db, now: () => number): RequestHandler {
  return async (req, res, next) => {
    const session = await currentSession(db, req, now());
    if (session) {
      (res.locals as { session: AdminSession }).session = session;
      return next();
    }
    if (!wantsJson(req)) return res.redirect(303, '/admin/login');
    res.status(401).json({ error: 'Sign in at /admin/login first.' });
  };
}

interface GuardOptions {
  origin: string;
  log: Logger;
  respond: Responder;
}

function refused(req: Request, res: Response, { log, respond }: GuardOptions, message: string): Promise<void> {
  log.warn(
    { reqId: res.locals.requestId, origin: req.get('origin') ?? null, path: req.originalUrl },
    'admin: cross-site request refused',
  );
  return respond.refuse(req, res, new HttpError(403, message));
}

/** State changes: the Origin must be SITE_URL's, exactly, and the form token (field `csrf` or X-CSRF-Token) the session's. */
export function csrfGuard(options: GuardOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.get('origin') !== options.origin)
      return refused(req, res, options, 'Forbidden: this form must be sent from the site itself.');
    const token = one(req.body?.csrf) || (req.get('x-csrf-token') ?? '');
    if (sameSecret(token, sessionOf(res).csrfToken)) return next();
    await refused(req, res, options, 'Forbidden: missing or wrong form token. Reload the page and try again.');
  };
}

/**
 * Signing in creates a session, so a browser's cross-site post is refused too (browsers always send
 * Origin with a POST, and Sec-Fetch-Site says where it came from). A client that is not a browser
 * sends neither and may sign in with the password alone, which the failure limits cover.
 */
export function signInOrigin(options: GuardOptions): RequestHandler {
  return async (req, res, next) => {
    const from = req.get('origin');
    const site = req.get('sec-fetch-site');
    if (
      (from === undefined || from === options.origin) &&
      (site === undefined || site === 'same-origin' || site === 'none')
    )
      return next();
    await refused(req, res, options, 'Forbidden: sign in from the site itself.');
  };
}
