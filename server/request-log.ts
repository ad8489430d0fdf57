import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';

/** Gives every request an id (echoed as X-Request-Id) and logs one line when it finishes. Never the body. */
export function requestLog(log: Logger): RequestHandler {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : `${prefix}-${(++counter).toString(36)}`;
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      log[level]({ reqId: id, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 100) / 100 }, 'request');
    });
    next();
  };
}
