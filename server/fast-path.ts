import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { StaticFile } from './assets.ts';
import { sendCached, type CachedBody } from './page-cache.ts';
import type { RequestTracker } from './request-log.ts';
import { newNonce } from './security.ts';

export interface FastPathOptions {
  files: Map<string, StaticFile>;
  /** A page already rendered for this path and query, if any. */
  cachedPage: (path: string, query: string) => CachedBody | undefined;
  securityHeaders: (nonce: string) => OutgoingHttpHeaders;
  track: RequestTracker;
}

const HTML = 'text/html; charset=utf-8';

/**
 * Answers what is a pure function of the build (hashed assets, public files, pages already in the
 * page cache) before Express builds its request objects: same headers, same log line, same ETag
 * rules, a fraction of the work. Returns false to hand the request to Express.
 */
export function createFastPath({ files, cachedPage, securityHeaders, track }: FastPathOptions) {
  return function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const file = queryAt === -1 ? files.get(path) : undefined;
    const page = file ? undefined : cachedPage(path, queryAt === -1 ? '' : url.slice(queryAt + 1));
    if (!file && !page) return false;
    track(req, res);
    const headers = securityHeaders(newNonce());
    if (file) sendCached(req, res, file.body, file.type, file.cacheControl, headers);
    else sendCached(req, res, page!, HTML, 'no-cache', headers);
    return true;
  };
}
