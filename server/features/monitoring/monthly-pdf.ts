import type { Db } from '#db/index.ts';
import { plural } from '#views/model/plural.ts';
import { getSiteAudit, type SiteAuditRow } from '#db/site-audits.ts';
import { brandHeading, drawLines, PDF_COLOURS, renderPdf } from '#server/lib/pdf/index.ts';
import type { PdfLine, ReportBrand } from '#server/lib/pdf/index.ts';
import { auditDomain, type IssueGroup } from '#views/model/site-audit-report.ts';
import { formatMonth } from '#views/model/dates.ts';
import { formatLocalDay, monthIn, monthStartIn } from '#views/model/local-time.ts';
import { compareAudits } from './regressions.ts';

/**
 * The operator's monthly client report: the existing audit report of the month's latest finished
 * check, titled with the month, with the month's trend (every check's score, what got worse and
 * what was fixed) right after the score. Words apart from drawing, as the audit PDF does.
 */
export interface MonthlyRun {
  /** When the check ran (ISO). */
  at: string;
  /** done: audited; failed: the audit could not finish (the start page was down, say). */
  status: 'done' | 'failed';
  score: number | null;
  regressions: number;
  fixed: number;
}

export interface MonthlyReport {
  /** `YYYY-MM`, in UTC. */
  month: string;
  runs: MonthlyRun[];
  /**
   * The month's latest finished audit and its issue groups as the PDF prints them (exact counts, the
   * first few URLs of each type: AuditPdf.groups); none when no check of the month finished.
   */
  latest?: { audit: SiteAuditRow; groups: IssueGroup[] };
  /** The monitored start URL. */
  url: string;
}

/**
 * The site audit's branded PDF, handed in by the composition point (index.ts): a feature's service
 * does not import another feature. `groups` reads an audit's issues as the PDF prints them, with
 * memory bounded by the number of issue types, not by the audit (a million-page audit's report).
 * `afterScore` lines go right after the score; `title` replaces the audit's own.
 */
export interface AuditPdf {
  groups(db: Db, auditId: string): Promise<IssueGroup[]>;
  lines(input: {
    audit: SiteAuditRow;
    groups: IssueGroup[];
    brand: ReportBrand;
    title?: string;
    afterScore?: PdfLine[];
  }): PdfLine[];
  render(input: {
    audit: SiteAuditRow;
    groups: IssueGroup[];
    brand: ReportBrand;
    fontPath?: string;
    title?: string;
    afterScore?: PdfLine[];
  }): Promise<Buffer>;
}

const { ink: INK, body: BODY, muted: MUTED } = PDF_COLOURS;
const UP = '#067647';
const DOWN = '#b42318';

/** "November 2026" for `2026-11`. */
export const monthName = formatMonth;

/** The `YYYY-MM` month (in the profile's zone) before the one `now` is in: the month a report sent on the 1st covers. */
export function previousMonth(now: Date, timeZone: string): string {
  const [year, index] = monthIn(now, timeZone).split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 2, 1)).toISOString().slice(0, 7);
}

/** The ISO bounds [from, to) of a `YYYY-MM` month in the profile's zone: a check is in the month its day is shown in. */
export function monthBounds(month: string, timeZone: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year!, index!, 1)).toISOString().slice(0, 7);
  return { from: monthStartIn(month, timeZone), to: monthStartIn(next, timeZone) };
}

/**
 * The month's trend as PDF lines: the score from first to last check, the counts, one line per check
 * (its day in the profile's zone).
 */
export function monthlyTrendLines(month: string, runs: readonly MonthlyRun[], timeZone: string): PdfLine[] {
  const lines: PdfLine[] = [];
  const add = (text: string, size: number, colour: string, extra: Partial<PdfLine> = {}) =>
    lines.push({ text, size, colour, ...extra });
  const name = monthName(month);
  add(`${name} at a glance`, 13, INK, { gap: 1 });
  const scored = runs.filter((run): run is MonthlyRun & { score: number } => run.score !== null);
  const first = scored[0];
  const last = scored.at(-1);
  if (!first || !last) {
    add(runs.length ? `No check finished in ${name}.` : `No check ran in ${name}.`, 10, BODY);
  } else if (first === last || first.score === last.score) {
    add(`The health score stayed at ${last.score} through ${name}.`, 10, BODY);
  } else {
    const up = last.score > first.score;
    add(
      `The health score went ${up ? 'up' : 'down'} from ${first.score} to ${last.score} in ${name} (${up ? '+' : '-'}${Math.abs(last.score - first.score)}).`,
      10,
      up ? UP : DOWN,
    );
  }
  const regressions = runs.reduce((sum, run) => sum + run.regressions, 0);
  const fixed = runs.reduce((sum, run) => sum + run.fixed, 0);
  const failed = runs.filter((run) => run.status === 'failed').length;
  if (runs.length)
    add(
      [
        plural(runs.length, 'check'),
        `${plural(regressions, 'new problem')} found`,
        `${plural(fixed, 'problem')} fixed`,
        ...(failed ? [`${plural(failed, 'check')} could not finish`] : []),
      ].join(' · '),
      9,
      MUTED,
    );
  for (const run of runs) {
    const score = run.score === null ? 'did not finish' : `${run.score}/100`;
    const changes = run.status === 'done' ? ` · ${plural(run.regressions, 'new problem')} · ${run.fixed} fixed` : '';
    add(`• ${formatLocalDay(run.at, timeZone, 'short')}: ${score}${changes}`, 9, run.status === 'failed' ? DOWN : INK, {
      gap: 0.1,
    });
  }
  return lines;
}

/** The month's title, e.g. "Monthly report for shop.example.in, November 2026". */
export const monthlyTitle = (report: Pick<MonthlyReport, 'url' | 'month'>) =>
  `Monthly report for ${auditDomain(report.url)}, ${monthName(report.month)}`;

/** Every line of the monthly PDF, or only the title and the trend when no check of the month finished. */
export function monthlyReportLines(report: MonthlyReport, brand: ReportBrand, pdf: Pick<AuditPdf, 'lines'>): PdfLine[] {
  const title = monthlyTitle(report);
  const trend = monthlyTrendLines(report.month, report.runs, brand.timeZone);
  if (report.latest) return pdf.lines({ ...report.latest, brand, title, afterScore: trend });
  return [
    ...brandHeading(brand),
    { text: title, size: 16, colour: INK, gap: 1.2 },
    { text: report.url, size: 10, colour: MUTED },
    ...trend,
  ];
}

/** The monthly PDF; a month without a finished check is a one-page report of its failed checks. */
export function renderMonthlyPdf(
  report: MonthlyReport,
  brand: ReportBrand,
  pdf: AuditPdf,
  fontPath?: string,
): Promise<Buffer> {
  const title = monthlyTitle(report);
  const trend = monthlyTrendLines(report.month, report.runs, brand.timeZone);
  if (report.latest) return pdf.render({ ...report.latest, brand, fontPath, title, afterScore: trend });
  const lines = monthlyReportLines(report, brand, pdf);
  return renderPdf({ title, author: brand.name, fontPath, header: `${brand.name} · ${title}` }, (doc) =>
    drawLines(doc, lines),
  );
}

/**
 * The month's report from stored audits: `audits` are the month's checks in the order they ran
 * (ids of finished or failed audits; others are skipped). Each finished check's new problems and
 * fixes are counted against the finished check before it (the previous month's last one for the
 * first, `baselineAuditId`), with the alert rule (compareAudits).
 */
export async function loadMonthlyReport(
  db: Db,
  input: { url: string; month: string; auditIds: readonly string[]; baselineAuditId?: string; scoreDrop: number },
  groups: AuditPdf['groups'],
): Promise<MonthlyReport> {
  const runs: MonthlyRun[] = [];
  let previous = input.baselineAuditId;
  let latest: SiteAuditRow | undefined;
  for (const id of input.auditIds) {
    const audit = await getSiteAudit(db, id);
    if (!audit || (audit.status !== 'done' && audit.status !== 'failed')) continue;
    const comparison = await compareAudits(db, previous, id, { scoreDrop: input.scoreDrop });
    runs.push({
      at: audit.finishedAt ?? audit.createdAt,
      status: audit.status,
      score: comparison.score,
      regressions: comparison.regressions.filter((regression) => regression.kind === 'new-issue').length,
      fixed: comparison.fixed.length,
    });
    if (audit.status === 'done') {
      previous = id;
      latest = audit;
    }
  }
  return {
    url: input.url,
    month: input.month,
    runs,
    ...(latest ? { latest: { audit: latest, groups: await groups(db, latest.id) } } : {}),
  };
}
