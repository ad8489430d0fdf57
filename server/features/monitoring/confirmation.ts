import { confirmEmail, type MonitorRow } from '#db/monitoring/monitors.ts';
import { ExpiredError, InvalidInputError } from '#server/lib/domain-errors.ts';
import type { Ownership } from './ownership.ts';
import { fullMailbox } from './requests.ts';
import type { Scheduling } from './scheduling.ts';
import type { ServiceContext } from './service-types.ts';

/**
 * The double opt-in's second half: the mail's signed link confirms the address. Only its first use
 * hands out the manage link: the confirmation link may be forwarded or logged, so later uses say the
 * address is confirmed and that the monitor's page is linked from the mail.
 */
export function createConfirmation(
  { db, settings, options, now }: ServiceContext,
  ownership: Ownership,
  scheduling: Scheduling,
) {
  /**
   * Confirmed just now (`before`: as it was): active unless its owner paused it from the mail's manage
   * link, a lead, and checked for the proof of ownership at once.
   */
  async function confirmed(before: MonitorRow) {
    const stored = await ownership.linked(before.id);
    let current = await scheduling.apply(before, { emailConfirmedAt: stored.emailConfirmedAt, status: stored.status });
    if (current.kind === 'visitor') await options.storeLead(current);
    if (current.verifiedAt === null) {
      const result = await ownership.checkOwnership(current).catch(() => ({ verified: false }));
      if (result.verified) current = await scheduling.apply(current, { verifiedAt: now().toISOString() });
    }
    return { id: current.id, status: current.status, verified: current.verifiedAt !== null };
  }

  return async function confirm(token: string) {
    const check = (await ownership.tokens()).check(token, 'confirm', now().getTime());
    if (!check.ok && check.reason === 'expired')
      throw new ExpiredError(
        'This confirmation link has expired (links last 24 hours). Ask for monitoring again from your audit report.',
      );
    if (!check.ok)
      throw new InvalidInputError('This confirmation link is not valid. Copy the whole link from the email.');
    const monitor = await ownership.linked(check.id);
    // Of two confirmations at once one stores it; the statement also keeps the mailbox to its limit.
    const at = now().toISOString();
    if (monitor.emailConfirmedAt === null && (await confirmEmail(db, monitor.id, at, settings.maxPerEmail)))
      return { ...(await confirmed(monitor)), ...(await ownership.manageLink(monitor.id)) };
    const current = await ownership.linked(monitor.id);
    if (current.emailConfirmedAt === null) throw fullMailbox(settings.maxPerEmail);
    return {
      id: current.id,
      status: current.status,
      verified: current.verifiedAt !== null,
      alreadyConfirmed: true as const,
    };
  };
}
