import { randomUUID } from 'node:crypto';
import type { Db } from '#db/index.ts';
import { keepMonitorSigningKey } from '#db/monitoring/signing-key.ts';
import { type MonitorRow } from '#db/monitoring/monitors.ts';
import { type RunRow } from '#db/monitoring/runs.ts';
import { randomBytes } from 'node:crypto';
import { alertEmail, alertWebhookBody, digestEmail, type AlertInput, type DigestRun } from './alert-content.ts';
import type { MailPayload, WebhookPayload } from '#server/lib/messaging/index.ts';
import type { NewMessage } from './messages.ts';
import type { Comparison, FixedIssue } from './regressions.ts';
import { createTokens } from './tokens.ts';
import { contactPath } from '#views/model/site-audit-report.ts';

/** Who the monitors' mail speaks for, and who else hears of a client's regressions. */
export interface AlertSettings {
  siteUrl: string;
  brandName: string;
  /** The profile's time zone (decision 0060). */
  timeZone: string;
  /** The operator's addresses (NOTIFY_EMAIL_TO): copied on client monitors' alerts; empty: no mail at all. */
  operatorEmails: string[];
}

/** A monitor's signed links as its mails carry them (the key read from the database, as every process does). */
export async function monitorLinks(db: Db, siteUrl: string, monitorId: string, now: number) {
  const tokens = createTokens(await keepMonitorSigningKey(db, randomBytes(32).toString('base64url')));
  const manage = encodeURIComponent(tokens.issue(monitorId, 'manage', now));
  const unsubscribe = encodeURIComponent(tokens.issue(monitorId, 'unsubscribe', now));
  return {
    manageUrl: `${siteUrl}/monitor/${monitorId}?token=${manage}`,
    unsubscribeUrl: `${siteUrl}/monitor/unsubscribe?id=${monitorId}&token=${unsubscribe}`,
    /** What RFC 8058 mail clients POST to: the API itself. */
    oneClickUrl: `${siteUrl}/api/monitors/${monitorId}/unsubscribe?token=${unsubscribe}`,
  };
}

/** RFC 2369 and RFC 8058: one-click unsubscribe over HTTPS, and a mailto the operator answers by hand. */
export function unsubscribeHeaders(
  oneClickUrl: string,
  mailto: string | undefined,
  monitorId: string,
): Record<string, string> {
  const mail = mailto ? `, <mailto:${mailto}?subject=${encodeURIComponent(`Unsubscribe monitor ${monitorId}`)}>` : '';
  return {
    'List-Unsubscribe': `<${oneClickUrl}>${mail}`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The monitor's own recipients (the visitor, or the client's list). */
function recipientsOf(monitor: MonitorRow): string[] {
  return monitor.kind === 'client' && monitor.recipients.length > 0 ? monitor.recipients : [monitor.email];
}

export function emailMessages(
  monitor: MonitorRow,
  runId: string | null,
  purpose: 'alert' | 'digest' | 'changes',
  mail: Omit<MailPayload, 'to'>,
  settings: AlertSettings,
  createdAt: string,
): NewMessage[] {
  if (settings.operatorEmails.length === 0) return [];
  const message = (to: string[]): NewMessage => ({
    id: randomUUID(),
    monitorId: monitor.id,
    runId,
    channel: 'email',
    purpose,
    payload: JSON.stringify({ ...mail, to } satisfies MailPayload),
    createdAt,
  });
  const messages = [message(recipientsOf(monitor))];
  // A client site's regressions reach the operator too, in a mail of their own.
  if (monitor.kind === 'client' && purpose === 'alert') {
    const operator = settings.operatorEmails.filter((address) => !recipientsOf(monitor).includes(address));
    if (operator.length) messages.push(message(operator));
  }
  return messages;
}

/**
 * The alert of a run that found regressions: an email per audience and, when the monitor has one,
 * its webhook; rendered now and stored (the outbox delivers them with retries).
 */
export async function alertMessages(
  db: Db,
  monitor: MonitorRow,
  run: Pick<RunRow, 'id' | 'auditId'>,
  comparison: Comparison,
  settings: AlertSettings,
  now: Date,
): Promise<NewMessage[]> {
  const links = await monitorLinks(db, settings.siteUrl, monitor.id, now.getTime());
  const input: AlertInput = {
    siteUrl: settings.siteUrl,
    monitorUrl: monitor.url,
    comparison,
    reportUrl: `${settings.siteUrl}/site-audit/${run.auditId}`,
    manageUrl: links.manageUrl,
    unsubscribeUrl: links.unsubscribeUrl,
    brandName: settings.brandName,
    timeZone: settings.timeZone,
    // A visitor's monitor offers help; a client's alert goes to someone the operator already works for.
    ...(monitor.kind === 'client' || !run.auditId
      ? {}
      : { helpUrl: `${settings.siteUrl}${contactPath({ id: run.auditId, url: monitor.url }, comparison.score)}` }),
  };
  const createdAt = now.toISOString();
  const headers = unsubscribeHeaders(links.oneClickUrl, settings.operatorEmails[0], monitor.id);
  const messages = emailMessages(monitor, run.id, 'alert', { ...alertEmail(input), headers }, settings, createdAt);
  if (monitor.webhookUrl)
    messages.push({
      id: randomUUID(),
      monitorId: monitor.id,
      runId: run.id,
      channel: 'webhook',
      purpose: 'alert',
      payload: JSON.stringify({
        url: monitor.webhookUrl,
        body: JSON.stringify(alertWebhookBody(input)),
      } satisfies WebhookPayload),
      createdAt,
    });
  return messages;
}

/** The weekly digest of a monitor's finished runs (oldest first): the trend and what was fixed. */
export async function digestMessages(
  db: Db,
  monitor: MonitorRow,
  runs: RunRow[],
  settings: AlertSettings,
  now: Date,
): Promise<NewMessage[]> {
  const links = await monitorLinks(db, settings.siteUrl, monitor.id, now.getTime());
  const latest = [...runs].reverse().find((run) => run.status === 'done' && run.auditId);
  const digestRuns: DigestRun[] = runs.map((run) => ({
    at: run.createdAt,
    score: run.score,
    regressions: run.regressions.length,
    fixed: run.fixedCount,
  }));
  const content = digestEmail({
    siteUrl: settings.siteUrl,
    monitorUrl: monitor.url,
    manageUrl: links.manageUrl,
    unsubscribeUrl: links.unsubscribeUrl,
    brandName: settings.brandName,
    timeZone: settings.timeZone,
    runs: digestRuns,
    ...(latest ? { reportUrl: `${settings.siteUrl}/site-audit/${latest.auditId}` } : {}),
    fixed: runs.flatMap((run) => run.fixed as FixedIssue[]),
  });
  const headers = unsubscribeHeaders(links.oneClickUrl, settings.operatorEmails[0], monitor.id);
  return emailMessages(monitor, null, 'digest', { ...content, headers }, settings, now.toISOString());
}
