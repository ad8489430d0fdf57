import { listChanges, type ChangeFilter } from '#db/monitoring/changes.ts';
import { deleteMonitor, listMonitors, type MonitorKind, type MonitorRow } from '#db/monitoring/monitors.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { createConfirmation } from './confirmation.ts';
import { createOwnership } from './ownership.ts';
import { createRequests } from './requests.ts';
import { createScheduling } from './scheduling.ts';
import type { MonitorChanges, MonitoringServiceOptions, ServiceContext } from './service-types.ts';
import { changeSettings } from './settings.ts';
import type { VerifyResult } from './verify.ts';
import { monitorView } from './view.ts';
import { changeWatchSettings, watchFormOf, watchSettingsOf, type WatchSettingsChanges } from './watch-settings.ts';

export type {
  MonitorChanges,
  MonitoringServiceOptions,
  NewClientMonitor,
  NewVisitorMonitor,
  RequestOrigin,
} from './service-types.ts';
export { MonitorDeletedError } from './ownership.ts';
export type { MonitorView } from './view.ts';

/**
 * Site monitors (issue 25): visitors' monitors with double opt-in (a confirmed address and a
 * verified site), the operator's client monitors, signed links instead of accounts, "Check now".
 * Framework-free; throws domain errors for the API to map. Its parts follow the seams of the work:
 * requests (create, confirm), ownership (links, verification), scheduling (runs, "Check now") and
 * settings (alerts, schedule, pause). The schedule's timer itself is scheduler.ts's.
 */
export function createMonitoringService(options: MonitoringServiceOptions) {
  const ctx: ServiceContext = {
    db: options.db,
    settings: options.settings,
    options,
    now: options.now ?? (() => new Date()),
  };
  const { db } = ctx;
  const ownership = createOwnership(ctx);
  const scheduling = createScheduling(ctx);
  const requests = createRequests(ctx, ownership);
  const confirm = createConfirmation(ctx, ownership, scheduling);
  const view = (monitor: MonitorRow) => monitorView(db, options.brandName, monitor);
  const manageable = (id: string, token: string) => ownership.authorized(id, token, 'manage');

  return {
    tokens: ownership.tokens,
    create: requests.create,
    confirm,

    async get(id: string, token: string) {
      return view(await manageable(id, token));
    },

    async update(id: string, token: string, changes: MonitorChanges) {
      const monitor = await manageable(id, token);
      if (changes.recipients !== undefined) throw new InvalidInputError('Unexpected field: recipients');
      return view(await changeSettings(ctx, scheduling, monitor, changes));
    },

    /** Looks for the meta tag or the file now; a verified, confirmed monitor is scheduled at once. */
    async verify(id: string, token: string): Promise<VerifyResult> {
      const monitor = await manageable(id, token);
      if (monitor.kind === 'client' || monitor.verifiedAt !== null)
        return { verified: true, detail: 'This site is already verified.' };
      const result = await ownership.checkOwnership(monitor);
      if (result.verified) await scheduling.apply(monitor, { verifiedAt: ctx.now().toISOString() });
      return result;
    },

    /** The watch's history (issue 35), newest first; `next` continues it (the `before` of the next page). */
    async changes(id: string, token: string, filter: ChangeFilter) {
      await manageable(id, token);
      const rows = await listChanges(db, id, filter);
      return {
        changes: rows.map(({ id: _id, ...change }) => change),
        next: rows.length === filter.limit ? String(rows.at(-1)!.id) : null,
      };
    },

    /** The watch's alert choices: the fields that alert, the webhook's format, the pages muted. */
    async watchSettings(id: string, token: string) {
      await manageable(id, token);
      return watchSettingsOf(db, id);
    },

    /** The settings and the watched pages, for the manage page's "Change alerts" form. */
    async watchForm(id: string, token: string) {
      await manageable(id, token);
      return watchFormOf(db, id);
    },

    async updateWatchSettings(id: string, token: string, changes: WatchSettingsChanges) {
      await manageable(id, token);
      return changeWatchSettings(db, id, changes, ctx.now());
    },

    async runNow(id: string, token: string) {
      return scheduling.runNow(await manageable(id, token), { limited: true });
    },

    async remove(id: string, token: string): Promise<void> {
      await manageable(id, token);
      await deleteMonitor(db, id);
    },

    /** One-click unsubscribe (RFC 8058): the monitor's mail stops (it is paused); resuming is the manage page's. */
    async unsubscribe(id: string, token: string) {
      const monitor = await ownership.authorized(id, token, 'unsubscribe');
      const updated = monitor.status === 'paused' ? monitor : await scheduling.apply(monitor, { status: 'paused' });
      return { id: updated.id, status: updated.status };
    },

    // ---- The operator's client monitors (the admin Client sites page calls these; no token: behind the sign-in).

    async createClientMonitor(input: Parameters<typeof requests.createClientMonitor>[0]) {
      return view(await requests.createClientMonitor(input));
    },

    /** Monitors of a kind (or all), newest first, as views with their runs. */
    async listMonitors(kind?: MonitorKind) {
      return Promise.all((await listMonitors(db, kind)).map((monitor) => view(monitor)));
    },

    async getMonitor(id: string) {
      return view(await ownership.stored(id));
    },

    async updateMonitor(id: string, changes: MonitorChanges) {
      return view(await changeSettings(ctx, scheduling, await ownership.stored(id), changes));
    },

    async deleteMonitor(id: string): Promise<void> {
      await ownership.stored(id);
      await deleteMonitor(db, id);
    },

    /** "Check now" from the operator's page: the same run, without the visitor's hourly limit. */
    async runMonitorNow(id: string) {
      return scheduling.runNow(await ownership.stored(id), { limited: false });
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
