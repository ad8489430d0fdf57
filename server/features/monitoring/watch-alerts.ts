import { randomUUID } from 'node:crypto';
import type { Db } from '#db/index.ts';
import { markAlerted, unalertedChanges } from '#db/monitoring/changes.ts';
import type { MonitorRow } from '#db/monitoring/monitors.ts';
import { getWatch, updateWatch, watchedPages } from '#db/monitoring/watch.ts';
import type { WebhookPayload } from '#server/lib/messaging/index.ts';
import { DEFAULT_ALERT_FIELDS, type ChangeField, type ChangeRecord } from '#views/model/monitor-changes.ts';
import { emailMessages, monitorLinks, unsubscribeHeaders, type AlertSettings } from './alerts.ts';
import { enqueueMessages, type NewMessage } from './messages.ts';
import { watchAlertEmail, watchAlertWebhookBody, webhookFormatOf } from './watch-alert-content.ts';

/** Changes one alert carries at most; the rest wait for the next cycle's. */
const ALERT_BATCH = 1000;

/** The fields a monitor's owner chose to be alerted of (stored JSON), or the defaults. */
export function alertFieldsOf(stored: string | null): ChangeField[] {
  if (stored === null) return [...DEFAULT_ALERT_FIELDS];
  const parsed = JSON.parse(stored) as unknown;
  return Array.isArray(parsed) ? (parsed as ChangeField[]) : [...DEFAULT_ALERT_FIELDS];
}

async function watchAlertMessages(
  db: Db,
  monitor: MonitorRow,
  changes: ChangeRecord[],
  format: Parameters<typeof webhookFormatOf>[1],
  settings: AlertSettings,
  at: Date,
): Promise<NewMessage[]> {
  const links = await monitorLinks(db, settings.siteUrl, monitor.id, at.getTime());
  const input = { ...settings, monitorId: monitor.id, monitorUrl: monitor.url, ...links, changes };
  const createdAt = at.toISOString();
  const headers = unsubscribeHeaders(links.oneClickUrl, settings.operatorEmails[0], monitor.id);
  const messages = emailMessages(monitor, null, 'changes', { ...watchAlertEmail(input), headers }, settings, createdAt);
  if (monitor.webhookUrl) {
    const body = watchAlertWebhookBody(input, webhookFormatOf(monitor.webhookUrl, format));
    messages.push({
      id: randomUUID(),
      monitorId: monitor.id,
      runId: null,
      channel: 'webhook',
      purpose: 'changes',
      payload: JSON.stringify({ url: monitor.webhookUrl, body } satisfies WebhookPayload),
      createdAt,
    });
  }
  return messages;
}

/** A stored reading holding a new error until its re-read (watch.ts): only a key can spell this in JSON. */
const HELD = '"held":{';

/**
 * At the end of a monitor's cycle, what the watch found since its last alert goes out together:
 * one mail (and one webhook call) of the changes of the fields its owner chose, on pages not muted.
 * The others are marked passed over. While a page holds an error for its re-read, the alert waits
 * for it (up to `holdMs` past due), so what changed at once goes out at once. Stored with the
 * outbox's messages in one transaction; true when a message was queued (the caller asks for a delivery).
 */
export async function flushWatchAlerts(
  deps: { db: Db; settings: AlertSettings; intervalMs: number; holdMs: number },
  monitor: MonitorRow,
  at: Date,
): Promise<boolean> {
  const { db } = deps;
  const watch = await getWatch(db, monitor.id);
  const now = at.getTime();
  if (!watch || (watch.nextAlertAt !== null && Date.parse(watch.nextAlertAt) > now)) return false;
  const due = watch.nextAlertAt === null ? now : Date.parse(watch.nextAlertAt);
  const pages = await watchedPages(db, monitor.id);
  if (now < due + deps.holdMs && pages.some((page) => page.snapshot?.includes(HELD))) return false;
  const nextAlertAt = new Date(
    due + deps.intervalMs > now ? due + deps.intervalMs : now + deps.intervalMs,
  ).toISOString();
  const pending = watch.nextAlertAt === null ? [] : await unalertedChanges(db, monitor.id, ALERT_BATCH);
  const fields = new Set(alertFieldsOf(watch.alertFields));
  const muted = new Set(pages.filter((page) => page.muted).map((page) => page.url));
  const alerting = pending.filter((change) => fields.has(change.field) && !muted.has(change.url));
  const messages = alerting.length
    ? await watchAlertMessages(db, monitor, alerting, watch.webhookFormat, deps.settings, at)
    : [];
  await db.transaction().execute(async (trx) => {
    if (messages.length) await enqueueMessages(trx, messages, now);
    if (pending.length) await markAlerted(trx, monitor.id, pending.at(-1)!.id, at.toISOString());
    await updateWatch(trx, monitor.id, { nextAlertAt });
  });
  return messages.length > 0;
}
