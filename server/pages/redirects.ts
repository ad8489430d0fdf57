import type { RequestHandler } from 'express';
import type { PageDef } from '#views/page.ts';
import { buildRedirects } from './routes.ts';

/**
 * A path a browser resolves on this site: one leading slash, then no second slash or backslash
 * (`//evil.com` and `/\evil.com` are protocol-relative), and no whitespace or control characters
 * (browsers drop tabs and newlines from URLs, so `/\t/evil.com` becomes `//evil.com`).
 */
export function isLocalPath(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  return /^\/(?![/\\])/.test(location) && !/[\\\s\u0000-\u001f\u007f]/.test(location);
}

/** The request's own query string, `?` included, or ''. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/**
 * 301s for old spellings (aliases), trailing slashes and letter-case variants. Every target is a
 * canonical path from the route table, never built from the request path, so no spelling of the
 * request (`//evil.com/`, `/\evil.com/`, `/%2F/evil.com/`, ...) can produce an off-site Location:
 * a path that is not a page with extra slashes or another case falls through to the 404 page.
 */
export function redirects(table: PageDef[]): RequestHandler {
  const aliases = buildRedirects(table);
  const canonical = new Set(table.map((page) => page.path));
  const byLowerCase = new Map<string, string | null>();
  for (const [from, to] of [...table.map((page): [string, string] => [page.path, page.path]), ...aliases]) {
    const key = from.toLowerCase();
    // Two pages that differ only in case: no guess, both spellings stay as they are.
    byLowerCase.set(key, byLowerCase.has(key) && byLowerCase.get(key) !== to ? null : to);
  }
  for (const target of [...canonical, ...aliases.values()]) {
    if (!isLocalPath(target)) throw new Error(`Route table path ${JSON.stringify(target)} is not a plain site path`);
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (canonical.has(path)) return next();
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
    const target = aliases.get(trimmed) ?? (canonical.has(trimmed) ? trimmed : byLowerCase.get(trimmed.toLowerCase()));
    if (!target || target === path) return next();
    res.redirect(301, target + queryOf(req.originalUrl));
  };
}
