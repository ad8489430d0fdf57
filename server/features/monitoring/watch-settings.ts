import type { Db } from '#db/index.ts';
import { ensureWatch, getWatch, setPageMuted, updateWatch, watchedPages } from '#db/monitoring/watch.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import type { ChangeField } from '#views/model/monitor-changes.ts';
import { alertFieldsOf } from './watch-alerts.ts';
import type { WebhookFormat } from './watch-alert-content.ts';

/** What the owner of a watch chooses: the fields that alert, the webhook's format, the pages muted. */
export interface WatchSettingsView {
  alertFields: ChangeField[];
  /** 'auto': told by the webhook URL's host (Slack's, Teams'), else plain JSON. */
  webhookFormat: WebhookFormat | 'auto';
  muted: string[];
}

export interface WatchSettingsChanges {
  alertFields?: ChangeField[];
  webhookFormat?: WebhookFormat | 'auto';
  mute?: string[];
  unmute?: string[];
}

/** The settings with every page the watch reads (the manage page's form lists them to mute). */
export interface WatchFormView extends WatchSettingsView {
  pages: string[];
}

export async function watchFormOf(db: Db, monitorId: string): Promise<WatchFormView> {
  const pages = (await watchedPages(db, monitorId)).map((page) => page.url);
  return { ...(await watchSettingsOf(db, monitorId)), pages };
}

export async function watchSettingsOf(db: Db, monitorId: string): Promise<WatchSettingsView> {
  const watch = await getWatch(db, monitorId);
  return {
    alertFields: alertFieldsOf(watch?.alertFields ?? null),
    webhookFormat: watch?.webhookFormat ?? 'auto',
    muted: (await watchedPages(db, monitorId)).filter((page) => page.muted).map((page) => page.url),
  };
}

/** Applies the owner's choices; a page to mute must be one the monitor watches (400 otherwise). */
export async function changeWatchSettings(
  db: Db,
  monitorId: string,
  changes: WatchSettingsChanges,
  now: Date,
): Promise<WatchSettingsView> {
  // The watch's row: made by its first look, or here.
  await ensureWatch(db, monitorId, now.toISOString());
  const watched = new Set((await watchedPages(db, monitorId)).map((page) => page.url));
  const unknown = [...(changes.mute ?? []), ...(changes.unmute ?? [])].find((url) => !watched.has(url));
  if (unknown !== undefined) throw new InvalidInputError(`Not a watched page of this monitor: ${unknown}`);
  await db.transaction().execute(async (trx) => {
    await updateWatch(trx, monitorId, {
      ...(changes.alertFields && { alertFields: JSON.stringify([...new Set(changes.alertFields)]) }),
      ...(changes.webhookFormat && { webhookFormat: changes.webhookFormat === 'auto' ? null : changes.webhookFormat }),
    });
    for (const url of changes.mute ?? []) await setPageMuted(trx, monitorId, url, true);
    for (const url of changes.unmute ?? []) await setPageMuted(trx, monitorId, url, false);
  });
  return watchSettingsOf(db, monitorId);
}
