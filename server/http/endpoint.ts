import type { Request, RequestHandler, Response } from 'express';
import type { Capacity } from '#server/lib/capacity.ts';
import { BusyError } from '#server/lib/domain-errors.ts';
import { rateLimit, type RateLimitOptions } from './rate-limit.ts';

/** Seconds a visitor turned away by a full tool is told to wait. */
export const BUSY_RETRY_AFTER_S = 30;
export const TOOL_BUSY = 'This tool is busy with other visitors right now. Please try again in a minute.';

export interface EndpointOptions<T> {
  /**
   * Reads and validates the request, throwing a 400 (or a domain error) for bad input. It runs
   * before the rate limit, so a malformed request never spends a visitor's quota.
   */
  parse: (req: Request) => T;
  /** Per-IP quota (options, or a limiter shared with other endpoints), spent only by requests that parsed. */
  limit?: RateLimitOptions | RequestHandler;
  /** Requests this endpoint (or the tool it belongs to) works on at once for everyone; past it 503. */
  capacity?: Capacity;
}

/**
 * The handlers of an endpoint that spends something (quota, outbound requests, CPU), in the one
 * order that keeps limits honest: parse → per-IP limit → global capacity → work. The capacity
 * slot is held until the work settles, also when the visitor has left, so abandoned work still
 * counts against the cap.
 */
export function endpoint<T>(
  options: EndpointOptions<T>,
  handler: (input: T, req: Request, res: Response) => unknown,
): RequestHandler[] {
  const inputs = new WeakMap<Request, T>();
  const parse: RequestHandler = (req, _res, next) => {
    inputs.set(req, options.parse(req));
    next();
  };
  const limiter =
    options.limit === undefined ? [] : [typeof options.limit === 'function' ? options.limit : rateLimit(options.limit)];
  const work: RequestHandler = async (req, res) => {
    const release = options.capacity ? options.capacity.tryTake() : () => undefined;
    if (!release) throw new BusyError(TOOL_BUSY, BUSY_RETRY_AFTER_S);
    try {
      await handler(inputs.get(req) as T, req, res);
    } finally {
      release();
    }
  };
  return [parse, ...limiter, work];
}
