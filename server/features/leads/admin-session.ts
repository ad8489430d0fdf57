import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  deleteAdminSession,
  findAdminSession,
  insertAdminSession,
  purgeExpiredAdminSessions,
  type AdminSession,
} from '#db/admin-sessions.ts';
import type { Db } from '#db/index.ts';
import { readCookie } from '#server/http/visitor.ts';

export const SESSION_COOKIE = 'admin_session';
export const SESSION_TTL_MS = 12 * 60 * 60_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');
const hash = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: both sides are hashed first, so their lengths cannot leak either. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(hash(given), hash(expected));
}

export interface CookieOptions {
  secure: boolean;
  maxAgeS: number;
}

/** HttpOnly, SameSite=Strict, Path=/, Secure when the site is served over https. */
export function setCookie(res: Response, name: string, value: string, { secure, maxAgeS }: CookieOptions): void {
  res.append(
    'Set-Cookie',
    `${name}=${value}; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

function cookieToken(req: Request, name: string): string | undefined {
  const value = readCookie(req.headers.cookie, name);
  return value && TOKEN.test(value) ? value : undefined;
}

/** Starts a session: the cookie gets the token, the database only its hash. */
export async function startSession(db: Db, now: number): Promise<{ token: string; session: AdminSession }> {
  await purgeExpiredAdminSessions(db, now);
  const token = newToken();
  const session = {
    tokenHash: hash(token).toString('hex'),
    csrfToken: newToken(),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  };
  await insertAdminSession(db, session);
  return { token, session };
}

export async function currentSession(db: Db, req: Request, now: number): Promise<AdminSession | undefined> {
  const token = cookieToken(req, SESSION_COOKIE);
  return token ? findAdminSession(db, hash(token).toString('hex'), now) : undefined;
}

export async function endSession(db: Db, session: AdminSession): Promise<void> {
  await deleteAdminSession(db, session.tokenHash);
}

/** Whether the request asks for JSON (an API client) rather than a page. */
export function wantsJson(req: Request): boolean {
  return !/\btext\/html\b/.test(req.get('accept') ?? '');
}

/**
 * The gate in front of an admin router's pages: never cached or indexed, and only with a live
 * session (put in `res.locals.session`); a browser is sent to /admin/login, an API client gets 401.
 */
export function adminGate(db: Db, now: () => number): RequestHandler[] {
  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      next();
    },
    async (req: Request, res: Response, next: NextFunction) => {
      const session = await currentSession(db, req, now());
      if (session) {
        (res.locals as { session: AdminSession }).session = session;
        return next();
      }
      if (!wantsJson(req)) return res.redirect(303, '/admin/login');
      res.status(401).json({ error: 'Sign in at /admin/login first.' });
    },
  ];
}
