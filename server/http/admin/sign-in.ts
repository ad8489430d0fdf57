import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { LoginPage } from '#views/admin/AdminFrame.tsx';
import { limiter } from '../rate-limit.ts';
import { sessionOf } from './guard.ts';
import { sendHtml, wantsJson, type Responder } from './respond.ts';
import {
  currentSession,
  endSession,
  sameSecret,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  setCookie,
  startSession,
} from './session.ts';
import { createSignInPace } from './sign-in-pace.ts';

/** Failed sign-ins allowed per address and window before 429. */
export const LOGIN_FAILURES = { limit: 5, windowMs: 15 * 60_000 };
const TOO_MANY_FAILURES = 'Too many failed sign-ins from this address. Try again in 15 minutes.';

/** The sign-in form (or the same field as JSON, for a script). */
const signInForm = z.object({ password: z.string().min(1, 'Password is required').max(1_000) });

export interface SignInOptions {
  db: Db;
  log: Logger;
  password: string;
  businessName: string;
  css: string;
  secure: boolean;
  respond: Responder;
  now: () => number;
  /** Waits while sign-ins are slowed (tests pass one that records the wait and returns at once). */
  wait: (ms: number) => Promise<void>;
}

/**
 * GET and POST /login (docs/decisions/0023): the password compared in constant time; wrong ones
 * limited per address (5 per 15 minutes, then 429) and, from all addresses together, paced
 * (sign-in-pace.ts). A right password is never counted, and every sign-in waits while paced.
 */
export function signInRoutes(options: SignInOptions, ...before: RequestHandler[]): Router {
  const { db, log, now, respond } = options;
  const router = Router();
  const login = (res: Response, status: number, error?: string) =>
    sendHtml(res, status, createElement(LoginPage, { businessName: options.businessName, css: options.css, error }));
  const answer = (req: Request, res: Response, status: number, message: string) => {
    if (!wantsJson(req)) return login(res, status, message);
    res.status(status).json({ error: message });
  };

  router.get('/login', async (req, res) => {
    if (await currentSession(db, req, now())) return res.redirect(303, '/admin');
    login(res, 200);
  });

  const perAddress = limiter('admin-login', {
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
      answer(req, res, 429, TOO_MANY_FAILURES);
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

  router.post('/login', ...before, perAddress, async (req, res) => {
    const form = await respond.parse(req, res, signInForm, req.body ?? {}, (message, status) =>
      login(res, status, message),
    );
    if (!form) return;
    const turn = pace.admit();
    if ('retryAfterMs' in turn) {
      const seconds = Math.max(1, Math.ceil(turn.retryAfterMs / 1000));
      res.setHeader('Retry-After', String(seconds));
      return answer(req, res, 429, `Sign-ins are slowed after many failed attempts. Try again in ${seconds} seconds.`);
    }
    if (turn.waitMs > 0) await options.wait(turn.waitMs);
    if (!sameSecret(form.password, options.password)) {
      pace.failed();
      log.warn({ reqId: res.locals.requestId }, 'admin: wrong password');
      return answer(req, res, 401, 'Wrong password.');
    }
    const { token } = await startSession(db, now());
    setCookie(res, SESSION_COOKIE, token, { secure: options.secure, maxAgeS: SESSION_TTL_MS / 1000 });
    log.info({ reqId: res.locals.requestId }, 'admin: signed in');
    res.redirect(303, '/admin');
  });
  return router;
}

/** POST /logout (behind the session and the CSRF guard): the session ends on the server too. */
export function signOut(db: Db, secure: boolean): RequestHandler {
  return async (_req, res) => {
    await endSession(db, sessionOf(res));
    setCookie(res, SESSION_COOKIE, '', { secure, maxAgeS: 0 });
    res.redirect(303, '/admin/login');
  };
}
