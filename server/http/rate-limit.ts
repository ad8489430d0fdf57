import { rateLimit as expressRateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';

export interface RateLimitOptions {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed per IP per window. */
  limit: number;
}

/** Per-IP limiter for expensive endpoints; answers `429 {"error"}` with Retry-After. */
export function rateLimit({ windowMs, limit }: RateLimitOptions): RequestHandler {
  return expressRateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler(_req, res, _next, options) {
      res.status(options.statusCode).json({ error: 'Too many requests. Please wait a moment and try again.' });
    },
  });
}
