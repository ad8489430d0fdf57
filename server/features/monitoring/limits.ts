import { createHash } from 'node:crypto';
import type { Db } from '#db/index.ts';
import { incrementRateLimitHits } from '#db/rate-limits.ts';
import type { MonitoringSettings } from '#server/config/monitoring.ts';
import { RateLimitedError } from '#server/lib/domain-errors.ts';
import { mailboxKey } from '#views/model/email.ts';

const HOUR_MS = 3_600_000;

/**
 * A mailbox is counted by the hash of its key (views/model/email.ts: every spelling of one inbox
 * shares it); the rate-limit table never holds an address in clear.
 */
function mailboxHash(canonicalEmail: string): string {
  return createHash('sha256').update(mailboxKey(canonicalEmail)).digest('hex').slice(0, 32);
}

function minutesLeft(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 60_000));
}

/**
 * Spends one confirmation mail of the mailbox's and the network's hourly share (the network: an
 * IPv4 address or an IPv6 /64, hashed by the router), counted in the database (every web process
 * shares the counts); throws a 429 that says which limit and for how long. The mailbox's share also
 * bounds its unconfirmed monitors (each needs a mail, and lives a day), which no longer count
 * towards MONITOR_MAX_PER_EMAIL.
 */
export async function spendConfirmation(
  db: Db,
  settings: Pick<MonitoringSettings, 'confirmPerEmailHour' | 'confirmPerIpHour'>,
  who: { email: string; networkHash: string | null },
  now: number,
): Promise<void> {
  const byEmail = await incrementRateLimitHits(db, `monitor-confirm-email:${mailboxHash(who.email)}`, now, HOUR_MS);
  if (byEmail.hits > settings.confirmPerEmailHour) {
    const minutes = minutesLeft(byEmail.resetAt, now);
    throw new RateLimitedError(
      `This address has been sent ${settings.confirmPerEmailHour} confirmation emails this hour, the most we send; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }
  if (!who.networkHash) return;
  const byIp = await incrementRateLimitHits(db, `monitor-confirm-ip:${who.networkHash}`, now, HOUR_MS);
  if (byIp.hits > settings.confirmPerIpHour) {
    const minutes = minutesLeft(byIp.resetAt, now);
    throw new RateLimitedError(
      `Too many monitors were requested from your network this hour (${settings.confirmPerIpHour} at most); try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }
}

/** Spends one "Check now" of the monitor's hourly share; throws a 429 past it. */
export async function spendCheckNow(
  db: Db,
  settings: Pick<MonitoringSettings, 'checkNowPerHour'>,
  monitorId: string,
  now: number,
): Promise<void> {
  const hits = await incrementRateLimitHits(db, `monitor-check-now:${monitorId}`, now, HOUR_MS);
  if (hits.hits > settings.checkNowPerHour) {
    const minutes = minutesLeft(hits.resetAt, now);
    const times = settings.checkNowPerHour === 1 ? 'once' : `${settings.checkNowPerHour} times`;
    throw new RateLimitedError(
      `"Check now" runs at most ${times} an hour for a monitor; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }
}
