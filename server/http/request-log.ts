import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '#server/lib/logger.ts';

export interface RequestIds {
  /** A sane incoming X-Request-Id is kept (so a proxy's id follows the request); else a new one. */
  next(req: IncomingMessage): string;
}

export function createRequestIds(): RequestIds {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return {
    next(req) {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming)
        ? incoming
        : `${prefix}-${(++counter).toString(36)}`;
    },
  };
}

/**
 * Gives every request an id (echoed as X-Request-Id) and logs one line when it finishes: method,
 * url, status, duration. Never the body or headers.
 */
export function requestLog(ids: RequestIds, log: Logger): RequestHandler {
  return (req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }, next) => {
    const id = ids.next(req);
    if (res.locals) res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    // Read now: routers mounted below strip their prefix from req.url while they run.
    const url = req.url;
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      log[level](
        { reqId: id, method: req.method, url, status: res.statusCode, ms: Math.round(ms * 100) / 100 },
        'request',
      );
    });
    next();
  };
}
