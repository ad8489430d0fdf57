import { formatLocalTime } from '#views/model/local-time.ts';
import { ISSUE_TYPE_BY_ID } from '#views/model/site-audit.ts';
import type { Comparison, FixedIssue, Regression } from './regressions.ts';

/**
 * The words of the monitoring mails and the webhook's JSON: pure functions of what was found, so
 * the sender (mail.ts) only adds headers and transport. Every mail has a plain-text and an HTML
 * part saying the same thing; every value put into HTML is escaped.
 */
export interface AlertInput {
  /** Our site (SITE_URL): named at the foot of each mail. */
  siteUrl: string;
  /** The monitored start URL. */
  monitorUrl: string;
  comparison: Comparison;
  /** The audit report of the run that found the regressions. */
  reportUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
  /** The operator's name (the business profile), the sender the reader knows. */
  brandName: string;
  /** The profile's time zone: the times a mail shows are in it (decision 0060). */
  timeZone: string;
  /** The contact form with this report attached (a visitor's monitor; a client's alert has none). */
  helpUrl?: string;
}

export interface DigestRun {
  /** When the run happened (ISO). */
  at: string;
  score: number | null;
  regressions: number;
  fixed: number;
}

export interface DigestInput extends Omit<AlertInput, 'comparison' | 'reportUrl'> {
  /** The runs of the period, oldest first. */
  runs: DigestRun[];
  /** The latest run's report, when there is one. */
  reportUrl?: string;
  /** The problems fixed over the period, when the sender has them (listed, capped like alerts). */
  fixed?: FixedIssue[];
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Regressions (or fixed problems) written out in a mail; the rest are counted, with the report for all. */
export const MAIL_LIST_LIMIT = 50;
/** Regressions in one webhook body; `regressionCount` stays exact. */
export const WEBHOOK_LIST_LIMIT = 1000;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

const titleOf = (issueId: string) => ISSUE_TYPE_BY_ID.get(issueId)?.title ?? issueId;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The host a person recognises (www. kept: it is part of their address). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

type NewIssue = Extract<Regression, { kind: 'new-issue' }>;

/** New issues grouped by type, in the order the comparison lists them. */
function groupByType<T extends { issueId: string }>(items: readonly T[]): Array<{ issueId: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.issueId);
    if (list) list.push(item);
    else groups.set(item.issueId, [item]);
  }
  return [...groups].map(([issueId, list]) => ({ issueId, items: list }));
}

/** Where an issue is: its URL, or for a link the page and the link's target. */
function whereText(item: { url: string; source?: string; target?: string; anchor?: string }): string {
  if (item.source === undefined || item.target === undefined) return item.url;
  const anchor = item.anchor ? ` (link text "${item.anchor}")` : '';
  return `${item.source} → ${item.target}${anchor}`;
}

function startPageLine(down: Extract<Regression, { kind: 'start-page-down' }>): string {
  if (down.status !== null) return `The start page ${down.url} answered HTTP ${down.status}: visitors get an error.`;
  return `The start page ${down.url} could not be reached${down.error ? ` (${down.error.replace(/\.$/, '')})` : ''}.`;
}

const scoreLine = (drop: Extract<Regression, { kind: 'score-drop' }>) =>
  `The health score fell from ${drop.from} to ${drop.to} (down ${plural(drop.drop, 'point')}).`;

interface AlertParts {
  down?: Extract<Regression, { kind: 'start-page-down' }>;
  drop?: Extract<Regression, { kind: 'score-drop' }>;
  issues: NewIssue[];
}

function partsOf(comparison: Comparison): AlertParts {
  const parts: AlertParts = { issues: [] };
  for (const regression of comparison.regressions) {
    if (regression.kind === 'start-page-down') parts.down = regression;
    else if (regression.kind === 'score-drop') parts.drop = regression;
    else parts.issues.push(regression);
  }
  return parts;
}

function alertSubject(input: AlertInput, parts: AlertParts): string {
  const host = hostOf(input.monitorUrl);
  const findings: string[] = [];
  if (parts.down) findings.push('the start page is down');
  if (parts.issues.length) findings.push(plural(parts.issues.length, 'new problem'));
  if (parts.drop) findings.push(`score down from ${parts.drop.from} to ${parts.drop.to}`);
  return `${host}: ${findings.join(', ')}`;
}

/** The lead path of the audit report's "Want these fixed?", in a mail. */
const HELP_OFFER =
  'Send us this report: a consultant reads your site’s audit and replies with what to fix first and what it would take.';

/** The alert a regression sends: what got worse, each new problem with its URL (links: page → target). */
export function alertEmail(input: AlertInput): MailContent {
  const parts = partsOf(input.comparison);
  const host = hostOf(input.monitorUrl);
  const listed = parts.issues.slice(0, MAIL_LIST_LIMIT);
  const unlisted = parts.issues.length - listed.length;
  const fixedCount = input.comparison.fixed.length;
  const intro = `${input.brandName} checked ${input.monitorUrl} and found something that needs your attention.`;

  const text: string[] = [intro, ''];
  if (parts.down) text.push(startPageLine(parts.down));
  if (parts.drop) text.push(scoreLine(parts.drop));
  if (parts.down || parts.drop) text.push('');
  if (parts.issues.length) {
    text.push(`New problems (${parts.issues.length}):`, '');
    for (const group of groupByType(listed)) {
      text.push(`${group.items[0].title} (${group.items.length}):`);
      for (const item of group.items) text.push(`- ${whereText(item)}`);
      text.push('');
    }
    if (unlisted > 0) text.push(`And ${plural(unlisted, 'more problem')}: the report lists every one.`, '');
  }
  if (fixedCount > 0) text.push(`Also fixed since the check before: ${plural(fixedCount, 'problem')}.`, '');
  if (input.helpUrl) text.push(`Want these fixed? ${HELP_OFFER}`, `Ask for help with this audit: ${input.helpUrl}`, '');
  text.push(
    `The full report: ${input.reportUrl}`,
    `Change the schedule, pause or delete this monitor: ${input.manageUrl}`,
    `Stop these emails: ${input.unsubscribeUrl}`,
    '',
    '--',
    `${input.brandName} · ${input.siteUrl}`,
    `You get this email because ${host} is monitored with this address.`,
  );

  const html: string[] = [];
  if (parts.down) html.push(paragraph(startPageLine(parts.down), true));
  if (parts.drop) html.push(paragraph(scoreLine(parts.drop), true));
  if (parts.issues.length) {
    html.push(heading(`New problems (${parts.issues.length})`));
    for (const group of groupByType(listed)) {
      html.push(
        `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(group.items[0].title)} (${group.items.length})</p>`,
        `<ul style="margin:0;padding-left:20px">${group.items.map((item) => `<li style="margin:2px 0;word-break:break-all">${whereHtml(item)}</li>`).join('')}</ul>`,
      );
    }
    if (unlisted > 0) html.push(paragraph(`And ${plural(unlisted, 'more problem')}: the report lists every one.`));
  }
  if (fixedCount > 0) html.push(paragraph(`Also fixed since the check before: ${plural(fixedCount, 'problem')}.`));
  html.push(button('See the full report', input.reportUrl));
  if (input.helpUrl)
    html.push(
      heading('Want these fixed?'),
      paragraph(HELP_OFFER),
      button('Ask for help with this audit', input.helpUrl),
    );

  return {
    subject: alertSubject(input, parts),
    text: `${text.join('\n')}\n`,
    html: layout({
      brandName: input.brandName,
      siteUrl: input.siteUrl,
      title: `${host}: what got worse`,
      intro,
      body: html.join('\n'),
      manageUrl: input.manageUrl,
      unsubscribeUrl: input.unsubscribeUrl,
      reason: `You get this email because ${host} is monitored with this address.`,
    }),
  };
}

/**
 * The JSON POSTed to the visitor's webhook (decision 0044 documents it). It carries no signed
 * link: a webhook often lands in a shared channel, and the manage link would let anyone there
 * delete the monitor.
 */
export function alertWebhookBody(input: AlertInput): {
  event: 'monitor.regression';
  site: string;
  score: number | null;
  previousScore: number | null;
  regressionCount: number;
  regressions: Regression[];
  fixedCount: number;
  reportUrl: string;
  from: { name: string; url: string };
} {
  const { comparison } = input;
  return {
    event: 'monitor.regression',
    site: input.monitorUrl,
    score: comparison.score,
    previousScore: comparison.previousScore,
    regressionCount: comparison.regressions.length,
    regressions: comparison.regressions.slice(0, WEBHOOK_LIST_LIMIT),
    fixedCount: comparison.fixed.length,
    reportUrl: input.reportUrl,
    from: { name: input.brandName, url: input.siteUrl },
  };
}

/** The weekly digest: the runs of the week with their scores (the trend), and what was fixed. */
export function digestEmail(input: DigestInput): MailContent {
  const host = hostOf(input.monitorUrl);
  const runs = input.runs;
  const scored = runs.filter((run): run is DigestRun & { score: number } => run.score !== null);
  const first = scored[0];
  const last = scored.at(-1);
  const regressions = runs.reduce((sum, run) => sum + run.regressions, 0);
  const fixedTotal = runs.reduce((sum, run) => sum + run.fixed, 0);
  const failed = runs.length - scored.length;

  let trend: string;
  if (!last || !first)
    trend = runs.length ? 'No check finished this week, so there is no score.' : 'No check ran this week.';
  else if (scored.length === 1 || first.score === last.score)
    trend = `The health score is ${last.score}, unchanged over the week.`;
  else
    trend = `The health score went ${last.score > first.score ? 'up' : 'down'} from ${first.score} to ${last.score} over the week.`;
  const summary = [
    `${plural(runs.length, 'check')}`,
    `${plural(regressions, 'new problem')} found`,
    `${plural(fixedTotal, 'problem')} fixed`,
    ...(failed ? [`${plural(failed, 'check')} that could not finish`] : []),
  ].join(', ');
  const intro = `A weekly summary of ${input.monitorUrl}, from ${input.brandName}.`;
  const subject = last
    ? `${host}: weekly summary, score ${last.score}${first && first.score !== last.score ? ` (${last.score > first.score ? 'up' : 'down'} from ${first.score})` : ''}`
    : `${host}: weekly summary`;

  const fixed = input.fixed ?? [];
  const fixedListed = fixed.slice(0, MAIL_LIST_LIMIT);
  const runCells = (run: DigestRun) => [
    formatLocalTime(run.at, input.timeZone),
    run.score === null ? 'did not finish' : String(run.score),
    String(run.regressions),
    String(run.fixed),
  ];

  const text: string[] = [intro, '', trend, `This week: ${summary}.`, ''];
  if (runs.length) {
    text.push('Checks (time, score, new problems, fixed):');
    for (const run of runs) text.push(`- ${runCells(run).join(' · ')}`);
    text.push('');
  }
  if (fixedListed.length) {
    text.push(`Fixed (${fixed.length}):`);
    for (const item of fixedListed) text.push(`- ${titleOf(item.issueId)}: ${whereText(item)}`);
    if (fixed.length > fixedListed.length) text.push(`And ${plural(fixed.length - fixedListed.length, 'more')}.`);
    text.push('');
  }
  if (input.reportUrl) text.push(`The latest report: ${input.reportUrl}`);
  text.push(
    `Change the schedule, pause or delete this monitor, or turn off this summary: ${input.manageUrl}`,
    `Stop these emails: ${input.unsubscribeUrl}`,
    '',
    '--',
    `${input.brandName} · ${input.siteUrl}`,
    `You get this weekly summary because ${host} is monitored with this address.`,
  );

  const html: string[] = [paragraph(trend, true), paragraph(`This week: ${summary}.`)];
  if (runs.length) {
    const th = (label: string, align = 'left') =>
      `<th style="text-align:${align};padding:6px 8px;border-bottom:1px solid #d0d7de">${label}</th>`;
    const td = (value: string, align = 'left') =>
      `<td style="text-align:${align};padding:6px 8px;border-bottom:1px solid #eaeef2">${escapeHtml(value)}</td>`;
    html.push(
      heading('Checks'),
      `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr>${th('When')}${th('Score', 'right')}${th('New problems', 'right')}${th('Fixed', 'right')}</tr></thead><tbody>${runs
        .map((run) => {
          const [when, score, found, mended] = runCells(run);
          return `<tr>${td(when)}${td(score, 'right')}${td(found, 'right')}${td(mended, 'right')}</tr>`;
        })
        .join('')}</tbody></table>`,
    );
  }
  if (fixedListed.length) {
    html.push(
      heading(`Fixed (${fixed.length})`),
      `<ul style="margin:0;padding-left:20px">${fixedListed.map((item) => `<li style="margin:2px 0;word-break:break-all">${escapeHtml(titleOf(item.issueId))}: ${whereHtml(item)}</li>`).join('')}</ul>`,
    );
    if (fixed.length > fixedListed.length)
      html.push(paragraph(`And ${plural(fixed.length - fixedListed.length, 'more')}.`));
  }
  if (input.reportUrl) html.push(button('See the latest report', input.reportUrl));

  return {
    subject,
    text: `${text.join('\n')}\n`,
    html: layout({
      brandName: input.brandName,
      siteUrl: input.siteUrl,
      title: `${host}: weekly summary`,
      intro,
      body: html.join('\n'),
      manageUrl: input.manageUrl,
      unsubscribeUrl: input.unsubscribeUrl,
      reason: `You get this weekly summary because ${host} is monitored with this address.`,
    }),
  };
}

function whereHtml(item: { url: string; source?: string; target?: string; anchor?: string }): string {
  if (item.source === undefined || item.target === undefined) return escapeHtml(item.url);
  const anchor = item.anchor ? ` <span style="color:#57606a">(link text “${escapeHtml(item.anchor)}”)</span>` : '';
  return `${escapeHtml(item.source)} → ${escapeHtml(item.target)}${anchor}`;
}

const paragraph = (text: string, strong = false) =>
  `<p style="margin:12px 0;${strong ? 'font-weight:bold;' : ''}">${escapeHtml(text)}</p>`;
const heading = (text: string) => `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(text)}</h2>`;
const button = (label: string, href: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** One HTML mail: the operator's name on top, the content, then the manage and unsubscribe links. */
function layout(parts: {
  brandName: string;
  siteUrl: string;
  title: string;
  intro: string;
  body: string;
  manageUrl: string;
  unsubscribeUrl: string;
  reason: string;
}): string {
  const link = (label: string, href: string) =>
    `<a href="${escapeHtml(href)}" style="color:#0b5cad">${escapeHtml(label)}</a>`;
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f8fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328;line-height:1.5">',
    '<div style="max-width:640px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 16px;font-size:15px;font-weight:bold;color:#0b5cad">${escapeHtml(parts.brandName)}</p>`,
    '<div style="background:#ffffff;border:1px solid #d0d7de;border-radius:8px;padding:20px 24px">',
    `<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(parts.title)}</h1>`,
    `<p style="margin:0 0 8px;color:#57606a">${escapeHtml(parts.intro)}</p>`,
    parts.body,
    '</div>',
    `<p style="margin:16px 0 4px;font-size:13px;color:#57606a">${link('Change the schedule, pause or delete this monitor', parts.manageUrl)} · ${link('Unsubscribe', parts.unsubscribeUrl)}</p>`,
    `<p style="margin:0;font-size:13px;color:#57606a">${escapeHtml(parts.reason)} ${escapeHtml(parts.brandName)} · ${link(parts.siteUrl, parts.siteUrl)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

export interface MonthlyReportMailInput {
  /** Our site (SITE_URL). */
  siteUrl: string;
  monitorUrl: string;
  /** `YYYY-MM`. */
  month: string;
  /** "November 2026". */
  monthName: string;
  /** The month's trend in one sentence and its counts (monthly-pdf.ts's first two trend lines). */
  trend: string;
  counts: string;
  /** Who the report is from: the operator's name and how to reach them. */
  brand: { name: string; email: string; phone: string; website: string };
  /** The client's way out, when the sender has one. */
  unsubscribeUrl?: string;
}

/** The mail that carries the monthly client report (the PDF goes with it as an attachment). */
export function monthlyReportEmail(input: MonthlyReportMailInput): MailContent {
  const host = hostOf(input.monitorUrl);
  const contact = [input.brand.email, input.brand.phone, input.brand.website].filter(Boolean).join(' · ');
  const intro = `Attached is the monthly report for ${input.monitorUrl} for ${input.monthName}, from ${input.brand.name}.`;
  const about =
    'The report lists every problem found at the month’s latest check, with how to fix each one, and the score of every check of the month.';
  const reason = `You get this report because ${input.brand.name} monitors ${host} for you.`;
  const text = [
    intro,
    '',
    input.trend,
    input.counts,
    '',
    about,
    '',
    `Questions? Reply to this email or contact ${input.brand.name}: ${contact}`,
    ...(input.unsubscribeUrl ? [`Stop these emails: ${input.unsubscribeUrl}`] : []),
    '',
    '--',
    `${input.brand.name} · ${input.siteUrl}`,
    reason,
  ];
  const link = (label: string, href: string) =>
    `<a href="${escapeHtml(href)}" style="color:#0b5cad">${escapeHtml(label)}</a>`;
  const body = [
    paragraph(input.trend, true),
    paragraph(input.counts),
    paragraph(about),
    `<p style="margin:12px 0">Questions? Reply to this email or contact ${escapeHtml(input.brand.name)}: ${escapeHtml(contact)}</p>`,
  ].join('\n');
  const htmlText = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${host}: ${input.monthName}`)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f8fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328;line-height:1.5">',
    '<div style="max-width:640px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 16px;font-size:15px;font-weight:bold;color:#0b5cad">${escapeHtml(input.brand.name)}</p>`,
    '<div style="background:#ffffff;border:1px solid #d0d7de;border-radius:8px;padding:20px 24px">',
    `<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(`Monthly report for ${host}, ${input.monthName}`)}</h1>`,
    `<p style="margin:0 0 8px;color:#57606a">${escapeHtml(intro)}</p>`,
    body,
    '</div>',
    input.unsubscribeUrl
      ? `<p style="margin:16px 0 4px;font-size:13px;color:#57606a">${link('Unsubscribe', input.unsubscribeUrl)}</p>`
      : '',
    `<p style="margin:${input.unsubscribeUrl ? '0' : '16px 0 0'};font-size:13px;color:#57606a">${escapeHtml(reason)} ${escapeHtml(input.brand.name)} · ${link(input.siteUrl, input.siteUrl)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return {
    subject: `Monthly report for ${host}, ${input.monthName}`,
    text: `${text.join('\n')}\n`,
    html: htmlText,
  };
}
