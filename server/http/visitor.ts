import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { isId, newId } from '#views/model/ids.ts';

/** Name of the first-party cookie that ties a visitor's tool results (site audits) to them. */
export const VISITOR_COOKIE = 'visitor';
const ONE_YEAR_S = 365 * 24 * 3600;

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The visitor's key, as a SHA-256 hex digest of their cookie (the database never holds the cookie
 * itself). With `create`, a visitor without a valid cookie gets a new 128-bit random one
 * (HttpOnly, SameSite=Lax, Secure over https); without it, they get null.
 */
export function visitorKey(req: Request, res: Response, options: { create: boolean }): string | null {
  let value = readCookie(req.headers.cookie, VISITOR_COOKIE);
  if (!value || !isId(value)) {
    if (!options.create) return null;
    value = newId();
    const secure = req.secure ? '; Secure' : '';
    res.append(
      'Set-Cookie',
      `${VISITOR_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return createHash('sha256').update(value).digest('hex');
}
