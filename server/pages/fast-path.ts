import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StaticFile } from './assets.ts';
import type { Logger } from '#server/lib/logger.ts';
import { encodedBody, etagMatches, type CachedBody } from './page-cache.ts';
import type { RequestIds } from '#server/http/request-log.ts';
import { newNonce } from '#server/http/security.ts';

export interface FastPathOptions {
  files: Map<string, StaticFile>;
  /** A page already rendered for this path and query, if any. */
  cachedPage: (path: string, query: string) => CachedBody | undefined;
  /** helmet's headers as a flat [name, value, ...] list, CSP split around its nonce. */
  security: { headers: string[]; cspBefore: string; cspAfter: string };
  ids: RequestIds;
  log: Logger;
}

const HTML = 'text/html; charset=utf-8';

/**
 * Answers what is a pure function of the build (hashed assets, public files, pages already in the
 * page cache) before Express builds its request objects: same headers (helmet's, captured once),
 * same request id and log line, same ETag rules, a fraction of the work. Returns false to hand the
 * request to Express. Everything here is on the hot path of `npm run bench`; keep it allocation-light.
 */
export function createFastPath({ files, cachedPage, security, ids, log }: FastPathOptions) {
  return function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const file = queryAt === -1 ? files.get(path) : undefined;
    const entry = file ? file.body : cachedPage(path, queryAt === -1 ? '' : url.slice(queryAt + 1));
    if (!entry) return false;

    const started = process.hrtime.bigint();
    const id = ids.next(req);
    const head = security.headers.concat(
      'Content-Security-Policy',
      security.cspBefore + newNonce() + security.cspAfter,
      'X-Request-Id',
      id,
      'Content-Type',
      file ? file.type : HTML,
      'Cache-Control',
      file ? file.cacheControl : 'no-cache',
      'ETag',
      entry.etag,
    );
    if (entry.compressible) head.push('Vary', 'Accept-Encoding');
    let status = 200;
    if (etagMatches(req, entry)) {
      status = 304;
      res.writeHead(304, head).end();
    } else {
      const { body, encoding } = encodedBody(entry, req);
      if (encoding) head.push('Content-Encoding', encoding);
      head.push('Content-Length', String(body.length));
      res.writeHead(200, head);
      res.end(req.method === 'HEAD' ? undefined : body);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.info({ reqId: id, method: req.method, url, status, ms: Math.round(ms * 100) / 100 }, 'request');
    return true;
  };
}
