import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { PageDef } from '#views/page.ts';

/**
 * What a page sees of a query string: only the parameters it declares in `query`, in their
 * original order. Everything else (utm_*, gclid, fbclid, msclkid, a cache-buster) is dropped
 * before the page renders, so it can neither change the bytes nor defeat the page cache.
 */
export function pageSearch(page: PageDef | undefined, query: string): string {
  if (!query) return '';
  // No page: the not-found page, never cached, which reads its own `q` (the site search).
  if (!page) return `?${query}`;
  // `cacheQuery` names parameters the page reads too.
  const reads = [...(page.query ?? []), ...(page.cacheQuery ?? [])];
  if (reads.length === 0) return '';
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (reads.includes(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `?${search}` : '';
}

/**
 * The page cache key for a request, or null when it must be rendered fresh: a page with
 * `cache: false`, or a query parameter the page reads but does not list in `cacheQuery`
 * (such as a free-text search). Parameters the page does not read are ignored.
 */
export function pageCacheKey(page: PageDef | undefined, path: string, query: string, year: number): string | null {
  if (!page || page.cache === false) return null;
  const params = new URLSearchParams(pageSearch(page, query));
  const cached = page.cacheQuery ?? [];
  const kept: string[] = [];
  for (const name of new Set(params.keys())) {
    if (!cached.includes(name)) return null;
  }
  // The first value of each cached parameter, in declared order: `?page=2&page=3` is page 2.
  for (const name of cached) if (params.has(name)) kept.push(`${name}=${params.get(name)}`);
  return `${year} ${path}?${kept.join('&')}`;
}

/**
 * react-router's `createFetchRequest` pattern (its Express SSR docs): the Fetch Request handed to
 * loaders carries the visitor's real headers (Accept-Language, cookies, User-Agent) and a signal
 * that aborts when the client goes away, so a loader can stop its work. The URL is built on the
 * configured public origin, never on the Host header a client chose, and keeps only the query
 * parameters the page reads.
 */
export function createFetchRequest(req: ExpressRequest, res: ExpressResponse, url: string): Request {
  const controller = new AbortController();
  // 'close' also follows a finished response; aborting then is a no-op for loaders long done.
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(url, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers, signal: controller.signal });
}
