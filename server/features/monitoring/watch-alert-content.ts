import { FIELD_LABELS, type ChangeRecord, type ChangeValue } from '#views/model/monitor-changes.ts';
import { escapeHtml } from './alert-content.ts';

/**
 * The words and shapes of a watch alert (issue 35): one mail, and one webhook body as plain JSON,
 * as a Slack incoming-webhook message (text plus Block Kit blocks) or as a Microsoft Teams message
 * (an Adaptive Card attachment, the shape both the Office 365 connector and Workflows take).
 */
export interface WatchAlertInput {
  brandName: string;
  siteUrl: string;
  monitorId: string;
  monitorUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
  changes: ChangeRecord[];
}

export type WebhookFormat = 'json' | 'slack' | 'teams';

/** Lines listed in a mail or a chat message; past it the manage page's timeline has the rest. */
const LISTED = 50;

/** A value as one line of text. */
export function valueText(value: ChangeValue): string {
  if (value === null) return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

/** One change as a line: "[critical] https://x/team · Indexability: indexable → noindex". */
export function changeLine(change: ChangeRecord): string {
  const text = `${FIELD_LABELS[change.field]}: ${valueText(change.before)} → ${valueText(change.after)}`;
  return `[${change.severity}] ${change.url} · ${text.length > 300 ? `${text.slice(0, 299)}…` : text}`;
}

function subjectOf(input: WatchAlertInput): string {
  const host = new URL(input.monitorUrl).host;
  const count = input.changes.length;
  return `${count} change${count === 1 ? '' : 's'} on ${host}`;
}

export function watchAlertEmail(input: WatchAlertInput): { subject: string; text: string; html: string } {
  const listed = input.changes.slice(0, LISTED);
  const more = input.changes.length - listed.length;
  const intro = `${input.brandName} watches ${input.monitorUrl} and saw these changes:`;
  const text = [
    intro,
    '',
    ...listed.map((change) => `- ${changeLine(change)}`),
    ...(more > 0 ? [`And ${more} more: the monitor's page lists every one.`] : []),
    '',
    `Every change, page by page: ${input.manageUrl}`,
    `Stop these emails: ${input.unsubscribeUrl}`,
    '',
    '--',
    `${input.brandName} · ${input.siteUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p><ul>`,
    ...listed.map((change) => `<li>${escapeHtml(changeLine(change))}</li>`),
    '</ul>',
    more > 0 ? `<p>And ${more} more: the monitor's page lists every one.</p>` : '',
    `<p><a href="${escapeHtml(input.manageUrl)}">Every change, page by page</a> · <a href="${escapeHtml(input.unsubscribeUrl)}">Stop these emails</a></p>`,
  ].join('');
  return { subject: subjectOf(input), text, html };
}

/** Slack reads `&`, `<` and `>` as markup (`<!channel>` pings everyone): page content is escaped. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack's limits: a section's text 3,000 characters, a header's 150, 50 blocks a message. */
function slackBody(input: WatchAlertInput): unknown {
  const lines = input.changes.slice(0, LISTED).map((change) => `• ${slackEscape(changeLine(change))}`);
  const sections: string[] = [];
  for (const line of lines) {
    const last = sections.at(-1);
    if (last !== undefined && last.length + line.length + 1 <= 3000) sections[sections.length - 1] = `${last}\n${line}`;
    else sections.push(line.slice(0, 3000));
  }
  return {
    text: subjectOf(input),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: subjectOf(input).slice(0, 150) } },
      ...sections.slice(0, 47).map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } })),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `<${input.manageUrl}|Every change, page by page>` }] },
    ],
  };
}

function teamsBody(input: WatchAlertInput): unknown {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: subjectOf(input), weight: 'Bolder', size: 'Medium', wrap: true },
            ...input.changes
              .slice(0, LISTED)
              .map((change) => ({ type: 'TextBlock', text: changeLine(change), wrap: true })),
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Every change, page by page', url: input.manageUrl }],
        },
      },
    ],
  };
}

/** The webhook's body in the receiver's format. */
export function watchAlertWebhookBody(input: WatchAlertInput, format: WebhookFormat): string {
  if (format === 'slack') return JSON.stringify(slackBody(input));
  if (format === 'teams') return JSON.stringify(teamsBody(input));
  return JSON.stringify({
    event: 'monitor.changes',
    monitor: { id: input.monitorId, url: input.monitorUrl, manageUrl: input.manageUrl },
    changes: input.changes.map(({ id: _id, ...change }) => change),
  });
}

/** The format a webhook URL speaks when its owner did not choose: Slack's and Teams' hosts are known. */
export function webhookFormatOf(url: string, chosen: WebhookFormat | null): WebhookFormat {
  if (chosen) return chosen;
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'hooks.slack.com') return 'slack';
  if (/(^|\.)webhook\.office\.com$|^outlook\.office(365)?\.com$|\.logic\.azure\.com$|\.powerplatform\.com$/.test(host))
    return 'teams';
  return 'json';
}
