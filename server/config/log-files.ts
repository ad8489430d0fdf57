import { isIP } from 'node:net';
import { field, Invalid, oneOf, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** A resolver address as Node's `dns.Resolver.setServers` takes it: `1.2.3.4`, `1.2.3.4:53`, `[::1]:53`. */
function isResolverAddress(entry: string): boolean {
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(entry);
  if (bracketed) return isIP(bracketed[1]) === 6 && Number(bracketed[2] ?? 53) <= 65535;
  const [host, port, ...rest] = entry.split(':');
  if (isIP(entry) === 6) return true;
  return (
    rest.length === 0 && isIP(host) === 4 && (port === undefined || (/^\d{1,5}$/.test(port) && Number(port) <= 65535))
  );
}

const resolverList = field((value) => {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isResolverAddress(entry));
  return bad === undefined
    ? entries
    : new Invalid(
        `must be a comma list of resolver addresses such as 127.0.0.1:53 or [::1]:53 (${JSON.stringify(bad)} is not one)`,
      );
});

/**
 * Server log analysis (issue 36, docs/decisions/0055): access logs uploaded by visitors (or imported by
 * the operator's command), parsed in a job thread into per-URL and per-day bot counts. Every limit a
 * visitor can reach is here.
 */
export const logFiles = defineSection({
  env: {
    LOG_FILES_MAX_BYTES: wholeNumber({ min: 1024, max: 1024 ** 4, fallback: 2 * 1024 ** 3 }),
    LOG_FILES_MAX_FILES: wholeNumber({ min: 1, max: 100, fallback: 20 }),
    LOG_FILES_KEEP_DAYS: wholeNumber({ min: 1, max: 3650, fallback: 7 }),
    LOG_FILES_RATE_LIMIT: wholeNumber({ min: 1, max: 10_000, fallback: 10 }),
    LOG_FILES_MAX_RUNNING: wholeNumber({ min: 1, max: 16, fallback: 1 }),
    LOG_FILES_MAX_QUEUED: wholeNumber({ min: 1, max: 1000, fallback: 10 }),
    LOG_FILES_DNS_VERIFY: oneOf(['off', 'on'], 'off'),
    LOG_FILES_DNS_SERVERS: resolverList,
    LOG_FILES_MAX_DNS_LOOKUPS: wholeNumber({ min: 1, max: 100_000, fallback: 1000 }),
  },
  read: (env) => ({
    /** Bytes one upload (all its files together, as sent: gzip counts compressed) may hold. */
    maxBytes: env.LOG_FILES_MAX_BYTES,
    /** Files one upload may hold. */
    maxFiles: env.LOG_FILES_MAX_FILES,
    /** Days a log's results are kept after its upload; then they are deleted. */
    keepDays: env.LOG_FILES_KEEP_DAYS,
    /** Uploads one IP may start per hour. */
    ratePerHour: env.LOG_FILES_RATE_LIMIT,
    /** Logs parsed at once per process that runs jobs (each in a job thread). */
    maxRunning: env.LOG_FILES_MAX_RUNNING,
    /** Logs waiting or parsing across all processes; past it a new upload answers 503. */
    maxQueued: env.LOG_FILES_MAX_QUEUED,
    /** Reverse-then-forward DNS for bot addresses outside the published ranges (each lookup leaves the box). */
    dnsVerify: env.LOG_FILES_DNS_VERIFY === 'on',
    /** The resolvers those lookups ask; empty: the system's. */
    dnsServers: env.LOG_FILES_DNS_SERVERS,
    /** Distinct addresses one log may look up; the rest stay unverified. */
    maxDnsLookups: env.LOG_FILES_MAX_DNS_LOOKUPS,
  }),
});

export type LogFilesSettings = ReturnType<typeof logFiles.read>;
