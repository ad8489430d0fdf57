import type {
  ClientRateLimitInfo,
  IncrementResponse,
  Logger as RateLimitLogger,
  Options,
  Store,
} from 'express-rate-limit';
import { dialectOf, type Db } from '#db/index.ts';
import {
  decrementRateLimitHits,
  deleteExpiredRateLimitHits,
  deleteRateLimitHits,
  getRateLimitHits,
  incrementRateLimitHits,
} from '#db/rate-limits.ts';
import type { Logger } from '#server/lib/logger.ts';

/** Expired rows are deleted after every this many counted requests (of all limiters of the app). */
export const SWEEP_EVERY = 1000;

/**
 * The app's rate limit counts in its database (table rate_limit_hits), so that every web process
 * behind one proxy counts against the same total. One `store(name)` per limiter.
 */
export interface SharedRateLimits {
  /** A store for the limiter called `name`; its keys start with the name, so limiters never share counts. */
  store(name: string): DatabaseRateLimitStore;
  /** Where express-rate-limit reports this app's limiters' problems (a failed count among them). */
  logger: RateLimitLogger;
  /** Waits for a sweep of expired rows in flight; call before the database closes. */
  close(): Promise<void>;
}

export interface SharedRateLimitsOptions {
  db: Db;
  log: Logger;
  /** The clock windows are measured by (tests pass their own). */
  now?: () => number;
  sweepEvery?: number;
}

/**
 * The app's rate limit counts: in the database on PostgreSQL, where several web processes may serve
 * the site; none (each limiter keeps express-rate-limit's in-memory store) on SQLite, where one process
 * serves it, so memory counts exactly and costs no database write per request.
 */
export function sharedRateLimitsFor(db: Db, log: Logger): SharedRateLimits | undefined {
  return dialectOf(db) === 'postgres' ? createSharedRateLimits({ db, log }) : undefined;
}

export function createSharedRateLimits({
  db,
  log,
  now = Date.now,
  sweepEvery = SWEEP_EVERY,
}: SharedRateLimitsOptions): SharedRateLimits {
  const names = new Set<string>();
  let counted = 0;
  let sweeping: Promise<void> | undefined;
  // Every N counts rather than on a timer: nothing to stop at shutdown, and a quiet site, which has
  // few rows to delete, does no work at all. Any process may sweep; a sweep deletes only ended windows.
  const afterIncrement = () => {
    counted += 1;
    if (counted % sweepEvery !== 0 || sweeping) return;
    sweeping = deleteExpiredRateLimitHits(db, now())
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'rate limits: could not delete expired counts'),
      )
      .finally(() => {
        sweeping = undefined;
      });
  };
  // Everything express-rate-limit reports for these limiters leaves the request running (see
  // passOnStoreError in rate-limit.ts), so it is a warning, in the app's log.
  const report = (error: unknown, message?: string) => log.warn({ err: error }, message ?? 'rate limits: problem');
  return {
    store(name) {
      // Two limiters under one name would add up each other's requests.
      if (names.has(name)) throw new Error(`Two rate limiters are named "${name}"`);
      names.add(name);
      return new DatabaseRateLimitStore({ db, prefix: `${name}:`, now, afterIncrement });
    },
    logger: { warn: report, error: report },
    async close() {
      await sweeping;
    },
  };
}

export interface DatabaseRateLimitStoreOptions {
  db: Db;
  /** Put before every key: the limiter's name and a colon. */
  prefix: string;
  now?: () => number;
  /** Called after each counted hit (the app's sweep of expired rows). */
  afterIncrement?: () => void;
}

/** An express-rate-limit Store on the rate_limit_hits table (db/rate-limits.ts), shared by every process. */
export class DatabaseRateLimitStore implements Store {
  /** Counts are shared with other processes (express-rate-limit's double-count checks read this). */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly db: Db;
  private readonly now: () => number;
  private readonly afterIncrement: () => void;
  private windowMs = 60_000;

  constructor({ db, prefix, now = Date.now, afterIncrement = () => undefined }: DatabaseRateLimitStoreOptions) {
    this.db = db;
    this.prefix = prefix;
    this.now = now;
    this.afterIncrement = afterIncrement;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { hits, resetAt } = await incrementRateLimitHits(this.db, this.prefix + key, this.now(), this.windowMs);
    this.afterIncrement();
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const found = await getRateLimitHits(this.db, this.prefix + key, this.now());
    return found && { totalHits: found.hits, resetTime: new Date(found.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await decrementRateLimitHits(this.db, this.prefix + key, this.now());
  }

  async resetKey(key: string): Promise<void> {
    await deleteRateLimitHits(this.db, this.prefix + key);
  }
}
