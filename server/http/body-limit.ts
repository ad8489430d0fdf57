import type { Request, RequestHandler } from 'express';
import { HttpError } from './http-error.ts';

/**
 * Refuses a body whose declared `Content-Length` passes `limitBytes` before reading any of it.
 * body-parser and multer find the same thing, but answer only once they have read the whole body
 * off the connection: a client declaring 100 MB got its 413 after sending 100 MB. This answers 413
 * at once with `Connection: close`, so Node closes the connection instead of reading the rest.
 * Put it in front of the parser that would read the body, with that parser's limit (a chunked
 * body, which declares no length, is still cut off by the parser's own limit).
 */
export function declaredBodyLimit(
  limitBytes: number,
  message: string,
  applies: (req: Request) => boolean = () => true,
): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limitBytes && applies(req)) return next(new HttpError(413, message, { Connection: 'close' }));
    next();
  };
}
