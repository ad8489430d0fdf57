import type { RequestHandler } from 'express';
import type { PageDef } from '#views/page.ts';

/**
 * Where a request path should permanently move, from the route table: a declared alias, a path
 * that differs from a route (or an alias) only in letter case, or a trailing slash. Undefined
 * when the path is fine as it is (a route, or a 404 for the router to answer).
 */
export type RedirectResolver = (path: string) => string | undefined;

/** Alias → canonical path, from each page's `aliases`. Exact-case keys. */
export function aliasMap(table: PageDef[]): Map<string, string> {
  const redirects = new Map<string, string>();
  const canonical = new Set(table.map((page) => page.path));
  for (const page of table) {
    for (const alias of page.aliases ?? []) {
      if (canonical.has(alias)) throw new Error(`Alias ${alias} is also a canonical path`);
      if (redirects.has(alias)) throw new Error(`Alias ${alias} is declared twice`);
      redirects.set(alias, page.path);
    }
  }
  return redirects;
}

/**
 * A Location that can only mean a path on this site. `//host` and `/\host` are read by browsers
 * as another origin, so leading slashes and backslashes collapse to one slash.
 */
export function sameOriginPath(path: string): string {
  return path.replace(/^[/\\]+/, '/');
}

export function createRedirectResolver(table: PageDef[]): RedirectResolver {
  const aliases = aliasMap(table);
  // Letter-case variants: every route and alias by its lower-case spelling. Routes with
  // parameters (/site-audit/:id) take any value, so they have no single spelling to fold.
  const folded = new Map<string, string>();
  const fold = (spelling: string, target: string) => {
    const key = spelling.toLowerCase();
    const taken = folded.get(key);
    if (taken && taken !== target) throw new Error(`${spelling} and another route differ only in letter case (${taken}, ${target})`);
    folded.set(key, target);
  };
  for (const page of table) if (!page.path.includes(':')) fold(page.path, page.path);
  for (const [alias, target] of aliases) fold(alias, target);

  return (path) => {
    const exact = aliases.get(path);
    if (exact) return exact;
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
    const target = folded.get(trimmed.toLowerCase()) ?? (trimmed !== path ? trimmed : undefined);
    if (target === undefined || target === path) return undefined;
    return sameOriginPath(target);
  };
}

/** 301 for aliases, letter-case variants and trailing slashes, keeping the query string. */
export function redirectsMiddleware(table: PageDef[]): RequestHandler {
  const resolve = createRedirectResolver(table);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = resolve(req.path);
    if (target === undefined) return next();
    const queryAt = req.originalUrl.indexOf('?');
    res.redirect(301, target + (queryAt === -1 ? '' : req.originalUrl.slice(queryAt)));
  };
}
