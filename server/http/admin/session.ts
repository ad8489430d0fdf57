import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  deleteAdminSession,
  findAdminSession,
  insertAdminSession,
  purgeExpiredAdminSessions,
  type AdminSession,
} from '#db/admin-sessions.ts';
import type { Db } from '#db/index.ts';
import { readCookie } from '../visitor.ts';

/**
 * The admin's sessions (docs/decisions/0023): a random token in an HttpOnly, SameSite=Strict cookie;
 * the database keeps only its SHA-256 with the session's CSRF token and expiry, so sessions survive
 * restarts and a copy of the database signs nobody in.
 */

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
