import { z } from 'zod';

/** host:port entries the guarded fetcher may reach even though they are private (tests only). */
const hostPortList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z.array(
      z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'FETCH_ALLOW_PRIVATE entries must look like host:port'),
    ),
  );

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number from 0 to 65535' }).int().min(0).max(65535, 'must be a port number from 0 to 65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: optionalString.pipe(z.string().url('SITE_URL must be an absolute http(s) URL').optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  FETCH_ALLOW_PRIVATE: hostPortList,
  TRUST_PROXY: optionalString,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin without a trailing slash, used for canonicals, sitemaps and JSON-LD. */
  siteUrl: string;
  dataDir: string;
  logLevel: string;
  fetchAllowPrivate: string[];
  /** Value handed to Express's `trust proxy` setting (false when unset). */
  trustProxy: boolean | number | string;
  /** Raw environment, for feature modules that read their own optional settings. */
  raw: Record<string, string | undefined>;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment once; throws an Error whose message lists every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${String(issue.path[0] ?? 'env')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(siteUrl)) throw new Error('Invalid configuration:\n  SITE_URL: must start with http:// or https://');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    siteUrl,
    dataDir: env.DATA_DIR,
    logLevel: env.LOG_LEVEL,
    fetchAllowPrivate: env.FETCH_ALLOW_PRIVATE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    raw: { ...source },
  };
}
