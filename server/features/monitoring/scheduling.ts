import { getMonitor, updateMonitor, type MonitorPatch, type MonitorRow } from '#db/monitoring/monitors.ts';
import { ConflictError } from '#server/lib/domain-errors.ts';
import { spendCheckNow } from './limits.ts';
import { nextSlot, startRun } from './runs.ts';
import type { ServiceContext } from './service-types.ts';

/** When a monitor is scheduled: active, its address confirmed and its site verified (clients skip both). */
export function schedulable(monitor: Pick<MonitorRow, 'kind' | 'status' | 'emailConfirmedAt' | 'verifiedAt'>): boolean {
  if (monitor.status !== 'active') return false;
  return monitor.kind === 'client' || (monitor.emailConfirmedAt !== null && monitor.verifiedAt !== null);
}

/** Why "Check now" cannot run a monitor that is not schedulable, in the visitor's next step. */
function notReady(monitor: MonitorRow): string {
  if (monitor.status === 'paused') return 'This monitor is paused: resume it first.';
  if (monitor.emailConfirmedAt === null)
    return 'Confirm your address first (the link in the email we sent); then the site can be checked.';
  return 'Verify the site first (the tag on the start page or the file at its root); then the site can be checked.';
}

/**
 * A monitor's runs as its changes move them: the first run is due the moment a monitor becomes
 * schedulable, a new schedule counts from now, and "Check now" starts a run at once.
 */
export function createScheduling(ctx: ServiceContext) {
  const { db, settings, options, now } = ctx;

  /** Schedules the monitor's first run at once when it has just become schedulable. */
  function activation(before: MonitorRow, after: MonitorRow): MonitorPatch {
    if (!schedulable(after)) return { nextRunAt: null };
    if (schedulable(before) && before.nextRunAt !== null) return {};
    return { nextRunAt: now().toISOString() };
  }

  /** Stores a patch with its effect on the schedule; the monitor as stored afterwards. */
  async function apply(monitor: MonitorRow, patch: MonitorPatch): Promise<MonitorRow> {
    const merged = {
      ...monitor,
      ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    } as MonitorRow;
    const schedule = activation(monitor, merged);
    await updateMonitor(db, monitor.id, { ...patch, ...schedule });
    // Due now: the scheduler looks at once rather than at its next minute's look.
    if (schedule.nextRunAt) options.scheduleLookNow();
    return (await getMonitor(db, monitor.id)) ?? merged;
  }

  /** A new schedule counts from now: the next slot is one new period away. */
  async function reschedule(monitor: MonitorRow): Promise<MonitorRow> {
    if (!schedulable(monitor)) return monitor;
    await updateMonitor(db, monitor.id, { nextRunAt: nextSlot(monitor.schedule, now()).toISOString() });
    return (await getMonitor(db, monitor.id)) ?? monitor;
  }

  /** "Check now": a run at once; the visitor's hourly share is spent first (`limited`), the operator has none. */
  async function runNow(monitor: MonitorRow, { limited }: { limited: boolean }) {
    if (!schedulable(monitor)) throw new ConflictError(notReady(monitor));
    if (limited) await spendCheckNow(db, settings, monitor.id, now().getTime());
    const at = now();
    const started = await startRun(options, monitor, 'manual', at.toISOString(), at);
    if (!started) throw new ConflictError('A check of this site has just started.');
    return started;
  }

  return { apply, reschedule, runNow };
}

export type Scheduling = ReturnType<typeof createScheduling>;
