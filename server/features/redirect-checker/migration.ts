import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { runBatch } from '#server/lib/batch/run-batch.ts';
import { timedOutText } from '#views/model/bulk-check.ts';
import type { MigrationAgent, MigrationCheck, MigrationResult } from '#views/model/redirect-checker.ts';
import { USER_AGENTS } from '#views/model/user-agents.ts';
import { MIGRATION_PER_HOST, resolveTarget, sameUrl, type MigrationPair } from '#views/model/redirect-migration.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { followChain, type Chain } from './chain.ts';
import type { HostSlots } from './host-slots.ts';

export const MIGRATION_LIMITS = {
  /** Chains followed at once in one request (each row is two: Googlebot and a browser). */
  concurrency: 6,
  /** Requests in flight to one host, across every migration check of the process. */
  perHost: MIGRATION_PER_HOST,
  /** Per hop. */
  timeoutMs: 8_000,
} as const;

/** Googlebot first: it is what decides where rankings go; the browser second. */
export const MIGRATION_AGENTS: readonly MigrationAgent[] = ['googlebot-smartphone', 'browser'];

export interface MigrationDeps {
  fetcher: SafeFetcher;
  hostSlots: HostSlots;
  /** One agent only; both by default. */
  userAgent?: MigrationAgent;
  deadlineMs: number;
  concurrency?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One agent's chain as a migration check: where it ended, in how many hops, permanent or not, and whether that is right. */
export function migrationCheck(
  userAgent: MigrationAgent,
  from: string,
  expected: string,
  chain: Chain,
): MigrationCheck {
  const redirects = chain.hops.filter((hop) => hop.kind !== 'final');
  const permanent = redirects.length > 0 && redirects.every((hop) => hop.permanent === true);
  const lands = chain.failure === null && chain.finalStatus === 200 && sameUrl(chain.finalUrl, expected);
  // A row whose old and new URL are the same expects no redirect at all.
  const matches = lands && (redirects.length === 0 ? sameUrl(from, expected) : permanent);
  const check: MigrationCheck = {
    userAgent,
    finalUrl: chain.finalUrl,
    status: chain.finalStatus,
    hops: redirects.length,
    permanent,
    matches,
    chain: chain.hops,
    state: chain.failure ? 'failed' : 'checked',
  };
  if (chain.failure) check.error = chain.failure.message;
  return check;
}

function timedOut(userAgent: MigrationAgent, deadlineMs: number): MigrationCheck {
  return {
    userAgent,
    finalUrl: null,
    status: null,
    hops: 0,
    permanent: false,
    matches: false,
    chain: [],
    error: timedOutText(deadlineMs),
    state: 'timed-out',
  };
}

function differ(a: MigrationCheck, b: MigrationCheck): boolean {
  return a.finalUrl !== b.finalUrl || a.status !== b.status || a.hops !== b.hops || a.permanent !== b.permanent;
}

/**
 * Checks each old → new row with each agent (both by default): every hop goes through the guarded
 * fetcher and waits for a free slot of its host, so the migrated site never sees more than
 * `perHost` requests at once from this process. One deadline for the whole batch: checks not done
 * by then come back `timed-out`. Results in input order.
 */
export async function checkMigration(rows: readonly MigrationPair[], deps: MigrationDeps): Promise<MigrationResult[]> {
  const agents = deps.userAgent ? [deps.userAgent] : MIGRATION_AGENTS;
  const items = rows.flatMap((row) => agents.map((agent) => ({ row, agent })));
  const checks = await runBatch(
    items,
    { concurrency: deps.concurrency ?? MIGRATION_LIMITS.concurrency, deadlineMs: deps.deadlineMs, signal: deps.signal },
    async ({ row, agent }, signal) => {
      const from = typedUrl(row.from);
      const expected = resolveTarget(row.from, row.to);
      // The schema refused rows like these; kept total for callers that skip it.
      if (!from.ok || expected === null) throw new Error('Unchecked migration row');
      const chain = await followChain(from.url, {
        fetcher: deps.fetcher,
        userAgent: USER_AGENTS[agent].header,
        timeoutMs: deps.timeoutMs ?? MIGRATION_LIMITS.timeoutMs,
        signal,
        hostSlots: deps.hostSlots,
      });
      return migrationCheck(agent, from.url, expected, chain);
    },
    ({ agent }) => timedOut(agent, deps.deadlineMs),
  );
  return rows.map((row, index) => {
    const own = checks.slice(index * agents.length, (index + 1) * agents.length);
    const first = own[0];
    return {
      from: row.from,
      to: resolveTarget(row.from, row.to) ?? row.to,
      finalUrl: first.finalUrl,
      status: first.status,
      hops: first.hops,
      permanent: first.permanent,
      matches: own.every((check) => check.matches),
      agentsDiffer: own.some((check) => differ(check, first)),
      checks: own,
    };
  });
}
