import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';

export type RequestTracker = (req: IncomingMessage, res: ServerResponse) => string;

/**
 * Gives every request an id (kept from a sane incoming X-Request-Id, echoed back) and logs one
 * line when it finishes: method, url, status, duration. Never the body.
 */
export function createRequestTracker(log: Logger): RequestTracker {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (req, res) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : `${prefix}-${(++counter).toString(36)}`;
    res.setHeader('X-Request-Id', id);
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      log[level]({ reqId: id, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 100) / 100 }, 'request');
    });
    return id;
  };
}

export function requestLog(track: RequestTracker): RequestHandler {
  return (req, res, next) => {
    res.locals.requestId = track(req, res);
    next();
  };
}
