import ipaddr from 'ipaddr.js';
import { field, Invalid, oneOf, origin, text, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** host:port entries the guarded fetcher may reach even though they are private (test fixtures). */
const hostPortList = field((value) => {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((entry) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry));
  return bad === undefined
    ? entries
    : new Invalid(
        `must be a comma list of host:port entries such as 127.0.0.1:4000 (${JSON.stringify(bad)} is not one)`,
      );
});

/** The names proxy-addr (Express's `trust proxy`) understands besides addresses and subnets. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !ipaddr.isValid(address)) return false;
  if (range === undefined) return true;
  const kind = ipaddr.parse(address).kind();
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (kind === 'ipv4' ? 32 : 128);
  // proxy-addr also takes "10.0.0.0/255.0.0.0".
  return (
    kind === 'ipv4' && ipaddr.IPv4.isValid(range) && ipaddr.IPv4.parse(range).prefixLengthFromSubnetMask() !== null
  );
}

export type TrustProxy = false | number | string[];

/**
 * Express's `trust proxy`: a hop count or the proxies' addresses. `true` (trust every hop) is
 * refused: with it any client picks its own address through X-Forwarded-For, which switches off
 * every per-IP limit and makes the stored ip_hash meaningless.
 */
const trustProxy = field((value): TrustProxy | Invalid => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') {
    return new Invalid(
      'must not be true: trusting every hop lets any client choose its own address, which switches off per-IP limits and the stored ip_hash; give the number of proxies in front (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    return new Invalid(
      `must be a hop count (e.g. 1) or a comma list of addresses, subnets or the names loopback, linklocal, uniquelocal (${JSON.stringify(bad)} is none of these)`,
    );
  }
  return entries;
});

/** Where every table lives when not in the SQLite file under DATA_DIR: a PostgreSQL server. */
const databaseUrl = field((value): string | undefined | Invalid => {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^postgres(ql)?:\/\/[^\s]+$/i.test(value.trim()))
    // secret: the value may hold a password, so it is never echoed back.
    return new Invalid('must be a PostgreSQL address such as postgres://user:password@db.internal:5432/site', true);
  return value.trim();
});

export const ROLES = ['all', 'web', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export const core = defineSection({
  env: {
    NODE_ENV: oneOf(['development', 'production', 'test'], 'development'),
    PORT: wholeNumber({ min: 0, max: 65535, fallback: 3000, message: 'must be a port number from 0 to 65535' }),
    HOST: text('0.0.0.0'),
    SITE_URL: origin(undefined, 'https://www.example.com'),
    DATA_DIR: text('./data'),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
    FETCH_ALLOW_PRIVATE: hostPortList,
    TRUST_PROXY: trustProxy,
    DATABASE_URL: databaseUrl,
    ROLE: oneOf(ROLES, 'all'),
    JOB_STALL_SECONDS: wholeNumber({
      min: 5,
      max: 60,
      fallback: 30,
      message: 'must be a whole number of seconds from 5 to 60',
    }),
  },
  read: (env) => {
    return {
      env: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      /** Public origin without a trailing slash, used for canonicals, sitemaps and JSON-LD. */
      siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
      /** False when SITE_URL fell back to localhost (refused for a production server). */
      siteUrlSet: env.SITE_URL !== undefined,
      dataDir: env.DATA_DIR,
      logLevel: env.LOG_LEVEL,
      fetchAllowPrivate: env.FETCH_ALLOW_PRIVATE,
      /** Value handed to Express's `trust proxy` setting. */
      trustProxy: env.TRUST_PROXY,
      /** A postgres:// address, or undefined for the SQLite file under DATA_DIR. */
      databaseUrl: env.DATABASE_URL,
      /** `all`: pages and jobs in one process; `web`: pages only; `worker`: jobs only. */
      role: env.ROLE,
      /**
       * With DATABASE_URL: a job whose worker process died is taken up again (or failed, without
       * tries left) within this many seconds (server/lib/jobs, docs/decisions/0032).
       */
      jobStallSeconds: env.JOB_STALL_SECONDS,
    };
  },
});
