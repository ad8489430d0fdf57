import type { MonitorPatch, MonitorRow } from '#db/monitoring/monitors.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { startUrlOf } from './requests.ts';
import { DIGEST_INTERVAL_MS } from './runs.ts';
import type { Scheduling } from './scheduling.ts';
import type { MonitorChanges, ServiceContext } from './service-types.ts';

/** The status a paused monitor resumes to: active once its address is confirmed (clients always are). */
function resumedStatus(monitor: MonitorRow): MonitorRow['status'] {
  return monitor.kind === 'client' || monitor.emailConfirmedAt ? 'active' : 'unconfirmed';
}

/**
 * A new address to audit. On another origin a visitor's monitor proves it again (the tag or file is
 * looked for there); the operator's client sites need no proof.
 */
function addressPatch(monitor: MonitorRow, typed: string | undefined): MonitorPatch {
  if (typed === undefined) return {};
  const url = startUrlOf(typed);
  if (url === monitor.url) return {};
  const origin = new URL(url).origin;
  if (origin === monitor.origin || monitor.kind === 'client') return { url, origin };
  return { url, origin, verifiedAt: null };
}

/** The alert settings as a patch: where alerts go, what alerts, the digest and the pause switch. */
function alertPatch(monitor: MonitorRow, changes: MonitorChanges, now: Date): MonitorPatch {
  const patch: MonitorPatch = addressPatch(monitor, changes.url);
  if (changes.schedule !== undefined) patch.schedule = changes.schedule;
  if (changes.webhookUrl !== undefined) patch.webhookUrl = changes.webhookUrl;
  if (changes.scoreDrop !== undefined) patch.scoreDrop = changes.scoreDrop;
  if (changes.recipients !== undefined) {
    if (monitor.kind !== 'client') throw new InvalidInputError('Only client monitors have a list of recipients.');
    patch.recipients = changes.recipients;
    patch.email = changes.recipients[0];
  }
  if (changes.digest !== undefined) {
    patch.digest = changes.digest;
    // Switched on, the first digest is a week away; switched off, none is due.
    if (changes.digest !== monitor.digest)
      patch.nextDigestAt = changes.digest ? new Date(now.getTime() + DIGEST_INTERVAL_MS).toISOString() : null;
  }
  if (changes.paused === true && monitor.status !== 'paused') patch.status = 'paused';
  if (changes.paused === false && monitor.status === 'paused') patch.status = resumedStatus(monitor);
  return patch;
}

/** Applies an owner's (or the operator's) changes to a monitor's settings; the monitor as stored afterwards. */
export async function changeSettings(
  { now }: Pick<ServiceContext, 'now'>,
  scheduling: Scheduling,
  monitor: MonitorRow,
  changes: MonitorChanges,
): Promise<MonitorRow> {
  const updated = await scheduling.apply(monitor, alertPatch(monitor, changes, now()));
  return changes.schedule !== undefined && changes.schedule !== monitor.schedule
    ? scheduling.reschedule(updated)
    : updated;
}
