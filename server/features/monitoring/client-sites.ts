import type { Db } from '#db/index.ts';
import { listRuns, RUNS_KEPT } from '#db/monitoring/runs.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import type { ClientSiteItem, ClientSiteLogItem } from '#views/model/client-sites.ts';
import { canonicalEmail } from '#views/model/email.ts';
import { loadMonthlyReport, monthBounds, type AuditPdf, type MonthlyReport } from './monthly-pdf.ts';
import type { MonitorView } from './service.ts';

/**
 * The operator's client sites (issue 25, "For the operator"): monitors added from /admin/client-sites
 * without verification, their list with the last score and trend, and the monthly PDF report.
 */
export const CLIENT_SITE_LIMITS = {
  /** Addresses one client site sends its alerts and reports to. */
  recipients: 10,
  /** Characters of the recipients field as typed. */
  recipientsChars: 2000,
  urlChars: 2048,
  /** Finished checks drawn in the list's trend line. */
  trendPoints: 12,
  /** Months offered as PDF reports in the list. */
  reportMonths: 3,
  /** Monthly PDFs drawn at once in one web process (downloads from the admin page). */
  pdfsAtOnce: 1,
} as const;

/**
 * The recipients field as typed (commas, semicolons, spaces or lines between addresses): distinct
 * addresses in their canonical form (the site's one rule, views/model/email.ts), in order.
 */
export function parseRecipients(text: string): string[] {
  if (text.length > CLIENT_SITE_LIMITS.recipientsChars)
    throw new InvalidInputError(`recipients: at most ${CLIENT_SITE_LIMITS.recipientsChars} characters.`);
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const typed = part.trim();
    if (!typed) continue;
    const address = canonicalEmail(typed);
    if (!address) throw new InvalidInputError(`recipients: "${typed}" is not an email address.`);
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(address);
  }
  if (list.length === 0) throw new InvalidInputError('recipients: add at least one email address.');
  if (list.length > CLIENT_SITE_LIMITS.recipients)
    throw new InvalidInputError(`recipients: at most ${CLIENT_SITE_LIMITS.recipients} addresses per site.`);
  return list;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A `YYYY-MM` month from a query, or a clear refusal. */
export function parseMonth(value: unknown): string {
  if (typeof value !== 'string' || !MONTH.test(value))
    throw new InvalidInputError('month: a month such as 2026-11 (year, then month).');
  return value;
}

/** The list's row for a client monitor, from its view (runs newest first) and its attached logs. */
export function clientSiteItem(view: Awaited<MonitorView>, logs: ClientSiteLogItem[] = []): ClientSiteItem {
  const last = view.runs[0];
  const trend = view.runs
    .filter((run) => run.status === 'done' && run.score !== null)
    .slice(0, CLIENT_SITE_LIMITS.trendPoints)
    .map((run) => run.score as number)
    .reverse();
  const months: string[] = [];
  for (const run of view.runs) {
    const month = run.at.slice(0, 7);
    if (run.status !== 'running' && !months.includes(month)) months.push(month);
  }
  return {
    id: view.id,
    url: view.url,
    schedule: view.schedule,
    recipients: view.recipients,
    paused: view.status === 'paused',
    nextRunAt: view.nextRunAt,
    lastCheck: last
      ? {
          at: last.at,
          status: last.status,
          score: last.score,
          regressions: last.regressions.filter((regression) => (regression as { kind?: string }).kind === 'new-issue')
            .length,
          auditId: last.auditId,
        }
      : null,
    trend,
    months: months.slice(0, CLIENT_SITE_LIMITS.reportMonths),
    logs,
  };
}

/**
 * A client site's report for `month`: its checks of that month (oldest first), each compared with
 * the finished check before it, the one before the month counting for the first.
 */
export async function monthlyReportOf(
  db: Db,
  monitor: { id: string; url: string; scoreDrop: number },
  month: string,
  timeZone: string,
  groups: AuditPdf['groups'],
): Promise<MonthlyReport> {
  const { from, to } = monthBounds(month, timeZone);
  const runs = (await listRuns(db, monitor.id, RUNS_KEPT)).reverse();
  const ended = runs.filter((run) => run.status !== 'running' && run.auditId !== null);
  const baseline = ended.filter((run) => run.createdAt < from && run.status === 'done').at(-1);
  const inMonth = ended.filter((run) => run.createdAt >= from && run.createdAt < to);
  return loadMonthlyReport(
    db,
    {
      url: monitor.url,
      month,
      auditIds: inMonth.map((run) => run.auditId as string),
      ...(baseline?.auditId ? { baselineAuditId: baseline.auditId } : {}),
      scoreDrop: monitor.scoreDrop,
    },
    groups,
  );
}
