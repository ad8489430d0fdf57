import { rateLimit as expressRateLimit, type Options } from 'express-rate-limit';
import type { Express, Request, RequestHandler } from 'express';
import type { SharedRateLimits } from './rate-limit-store.ts';

export interface RateLimitOptions {
  /**
   * The limiter's name: its counts in the shared store are kept under it, so it must be unique
   * among the app's limiters and the same in every process (a fixed string, not a counter).
   */
  name: string;
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed per IP per window. */
  limit: number;
}

/** Per-IP limiter for expensive endpoints; answers `429 {"error"}` with Retry-After. */
export function rateLimit({ name, windowMs, limit }: RateLimitOptions): RequestHandler {
  return limiter(name, {
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler(_req, res, _next, options) {
      res.status(options.statusCode).json({ error: 'Too many requests. Please wait a moment and try again.' });
    },
  });
}

/** Makes every limiter of `app` count in `shared` (createApp does this on PostgreSQL). */
export function shareRateLimits(app: Express, shared: SharedRateLimits): void {
  app.locals.sharedRateLimits = shared;
}

function sharedRateLimitsOf(req: Request): SharedRateLimits | undefined {
  return req.app.locals.sharedRateLimits as SharedRateLimits | undefined;
}

/**
 * An express-rate-limit limiter, counting where its app keeps rate limits: in this process's memory
 * (the default), or in the app's shared store under `name` (see shareRateLimits). Limiters are made
 * while features are built, before they know their app; the app is known from each request, so the
 * shared limiter is made at the app's first request and kept for the app.
 */
export function limiter(name: string, options: Partial<Options>): RequestHandler {
  const inMemory = expressRateLimit(options);
  const byApp = new WeakMap<SharedRateLimits, RequestHandler>();
  return (req, res, next) => {
    const shared = sharedRateLimitsOf(req);
    if (!shared) return inMemory(req, res, next);
    let counting = byApp.get(shared);
    if (!counting) {
      counting = expressRateLimit({
        ...options,
        store: shared.store(name),
        // Fail open: when the database cannot count, the request goes on uncounted (with a warning)
        // instead of failing. The limits spread a public site's capacity and quotas fairly; refusing
        // every request during a database hiccup would hurt everyone to stop no one. The tools' global
        // caps (server/lib/capacity.ts) still hold, and an admin sign-in needs the database anyway.
        passOnStoreError: true,
        logger: shared.logger,
        // Made during a request on purpose (above) and kept per app, which is what this check guards.
        validate: { creationStack: false },
      });
      byApp.set(shared, counting);
    }
    return counting(req, res, next);
  };
}
