import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import { isHttpError } from './http-error.ts';
import type { Logger } from '#server/lib/logger.ts';

/**
 * Messages for the 4xx errors body-parser and Express raise, which are the client's fault. Their
 * own messages are not passed on: some are zlib's or Node's words ("incorrect header check").
 */
function clientErrorMessage(err: { type?: string; code?: string }): string {
  if (err.type === 'entity.too.large') return 'Request body is too large';
  if (err.type === 'entity.parse.failed') return 'Malformed JSON in request body';
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') return 'Unsupported request encoding';
  if (err.type === 'request.aborted' || err.type === 'request.size.invalid')
    return 'The request body did not arrive complete';
  // zlib (gzip, deflate) and brotli failures: the body is not what Content-Encoding claims.
  if (err.code?.startsWith('Z_') || err.code?.startsWith('ERR__ERROR'))
    return 'The request body could not be decompressed: it does not match its Content-Encoding';
  return 'Bad request';
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API endpoint at ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** The one place a service's domain error becomes an HTTP status. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  'invalid-input': 400,
  'not-allowed': 403,
  'not-found': 404,
  expired: 410,
  'not-possible': 422,
  conflict: 409,
  'rate-limited': 429,
  upstream: 502,
  busy: 503,
};

/** One error path: JSON for /api, the static error page for anything else. */
export function errorHandler(
  log: Logger,
  renderErrorPage: (details?: string) => string,
  showDetails: boolean,
): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const isApi = req.originalUrl.startsWith('/api/') || req.originalUrl === '/api';
    let status = 500;
    let message = 'Internal server error';
    if (isHttpError(err)) {
      status = err.status;
      message = err.message;
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
    } else if (isDomainError(err)) {
      status = STATUS_OF_KIND[err.kind];
      message = err.message;
      if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    } else {
      const statusLike = Number(err?.status ?? err?.statusCode);
      if (statusLike >= 400 && statusLike < 500) {
        status = statusLike;
        message = clientErrorMessage(err);
      }
    }
    if (status >= 500) log.error({ err, reqId: res.locals.requestId, url: req.originalUrl }, 'request failed');
    if (isApi) {
      res.status(status).json({ error: message });
      return;
    }
    res.status(status).type('html').setHeader('Cache-Control', 'no-store');
    res.end(renderErrorPage(showDetails && err instanceof Error ? (err.stack ?? err.message) : undefined));
  };
}
