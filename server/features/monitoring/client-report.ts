import type { Db } from '#db/index.ts';
import { hasMessage } from '#db/messages.ts';
import { getMonitor, listMonitors } from '#db/monitoring/monitors.ts';
import { listRuns } from '#db/monitoring/runs.ts';
import type { Config } from '#server/config/index.ts';
import { defineJob, type JobDeps, type JobStarter } from '#server/lib/jobs/index.ts';
import { deliverSoon, type MailPayload } from '#server/lib/messaging/index.ts';
import { pickPdfFont, reportBrand, type ReportBrand } from '#server/lib/pdf/index.ts';
import { profileTimeZone } from '#views/model/local-time.ts';
import { monthlyReportEmail } from './alert-content.ts';
import { monitorLinks } from './alerts.ts';
import { monthlyReportOf } from './client-sites.ts';
import { enqueueMessages } from './messages.ts';
import {
  monthBounds,
  monthlyTrendLines,
  monthName,
  previousMonth,
  renderMonthlyPdf,
  type AuditPdf,
} from './monthly-pdf.ts';

/*
 * The monthly client report (issue 25, "For the operator"): on the 1st of each month (UTC) every
 * active client site that was checked in the month before gets its branded PDF by email, once.
 * A look (`queueMonthlyReports`: an hourly repeatable job, and one at every start) enqueues one job
 * per site and month; the job draws the PDF in a job thread and puts the mail in the outbox under
 * an id made of the site and the month, so however many processes look, and however often the job
 * is tried, one mail goes out.
 */

export const CLIENT_REPORT_JOB = 'monitor-client-report';
export const CLIENT_REPORT_LOOK_JOB = 'monitor-client-report-look';
/** How often the look runs (the 1st passes while it runs). */
export const CLIENT_REPORT_LOOK_MS = 60 * 60_000;

type MonitoringJobDeps = JobDeps & { config: Config };

export interface ClientReportInput {
  monitorId: string;
  /** `YYYY-MM`. */
  month: string;
}

/** The outbox id of a site's report for a month: the same in every process, so it is stored once. */
export const reportMessageId = (monitorId: string, month: string) => `report-${monitorId}-${month}`;

export type ClientReportOutcome = 'queued' | 'already-sent' | 'no-check' | 'not-active' | 'no-mail';

/** Draws one site's report for `month` and queues its mail with the PDF attached, unless it already is. */
export async function queueClientReport(
  db: Db,
  input: ClientReportInput,
  context: {
    brand: ReportBrand;
    siteUrl: string;
    pdf: AuditPdf;
    fontPath?: string;
    now: () => Date;
    /** The operator's addresses (NOTIFY_EMAIL_TO): without them the server sends no mail at all. */
    operatorEmails: string[];
    /** Asks for the mail's delivery once it is queued. */
    jobs?: JobStarter;
  },
): Promise<ClientReportOutcome> {
  if (context.operatorEmails.length === 0) return 'no-mail';
  const monitor = await getMonitor(db, input.monitorId);
  if (!monitor || monitor.kind !== 'client' || monitor.status !== 'active') return 'not-active';
  const id = reportMessageId(monitor.id, input.month);
  if (await hasMessage(db, id)) return 'already-sent';
  const report = await monthlyReportOf(db, monitor, input.month, context.brand.timeZone, context.pdf.groups);
  if (report.runs.length === 0) return 'no-check';
  const file = await renderMonthlyPdf(report, context.brand, context.pdf, context.fontPath);
  const [, trend, counts] = monthlyTrendLines(input.month, report.runs, context.brand.timeZone);
  const at = context.now();
  const links = await monitorLinks(db, context.siteUrl, monitor.id, at.getTime());
  const mailto = `mailto:${context.operatorEmails[0]}?subject=${encodeURIComponent(`Unsubscribe monitor ${monitor.id}`)}`;
  const mail = monthlyReportEmail({
    siteUrl: context.siteUrl,
    monitorUrl: monitor.url,
    month: input.month,
    monthName: monthName(input.month),
    trend: trend.text,
    counts: counts.text,
    brand: context.brand,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  const host = new URL(monitor.url).hostname;
  const payload: MailPayload = {
    to: monitor.recipients.length ? monitor.recipients : [monitor.email],
    ...mail,
    // RFC 2369 and RFC 8058, as the alerts: one click pauses the site's mail.
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: [
      {
        filename: `report-${host}-${input.month}.pdf`,
        contentType: 'application/pdf',
        contentBase64: file.toString('base64'),
      },
    ],
  };
  try {
    await enqueueMessages(
      db,
      [
        {
          id,
          monitorId: monitor.id,
          runId: null,
          channel: 'email',
          purpose: 'report',
          payload: JSON.stringify(payload),
          createdAt: at.toISOString(),
        },
      ],
      at.getTime(),
    );
  } catch (error) {
    // Another try (or process) stored it first: the one mail is queued.
    if (await hasMessage(db, id)) return 'already-sent';
    throw error;
  }
  if (context.jobs) await deliverSoon(context.jobs);
  return 'queued';
}

/** The report job: the work in a job thread, tried again a few times if the database hiccups. */
export function clientReportJob(pdf: AuditPdf) {
  return defineJob<ClientReportInput, never, ClientReportOutcome, MonitoringJobDeps>({
    name: CLIENT_REPORT_JOB,
    concurrency: 1,
    attempts: 3,
    backoffMs: 5 * 60_000,
    async run(job, deps) {
      const { config } = deps;
      return queueClientReport(deps.db, job.input, {
        brand: reportBrand(config),
        siteUrl: config.siteUrl,
        pdf,
        fontPath: pickPdfFont(config.pdf.fontPath),
        now: () => new Date(),
        operatorEmails: config.leadDelivery.email?.to ?? [],
        jobs: deps.jobs,
      });
    },
  });
}

/**
 * Enqueues the report job of every active client site checked in the month before `now` whose
 * report is not queued yet (a site without a check that month gets none). The job id joins a job already waiting, so processes looking at the
 * same moment add one job; the outbox id keeps a job that runs twice to one mail.
 */
export async function queueMonthlyReports(
  db: Db,
  jobs: Pick<JobStarter, 'enqueue'>,
  now: Date,
  timeZone: string,
): Promise<number> {
  const month = previousMonth(now, timeZone);
  const { from, to } = monthBounds(month, timeZone);
  let queued = 0;
  for (const monitor of await listMonitors(db, 'client')) {
    if (monitor.status !== 'active' || monitor.createdAt >= to) continue;
    if (await hasMessage(db, reportMessageId(monitor.id, month))) continue;
    const runs = await listRuns(db, monitor.id);
    if (!runs.some((run) => run.status !== 'running' && run.createdAt >= from && run.createdAt < to)) continue;
    const input: ClientReportInput = { monitorId: monitor.id, month };
    await jobs.enqueue(CLIENT_REPORT_JOB, input, { id: `client-report-${monitor.id}-${month}` });
    queued += 1;
  }
  return queued;
}

/**
 * The hourly look for reports to send, as a repeatable job: without mail (SMTP_URL with
 * NOTIFY_EMAIL_TO) there is nobody to send them to, and it does nothing.
 */
export const clientReportLookJob = defineJob<null, never, { queued: number }, MonitoringJobDeps>({
  name: CLIENT_REPORT_LOOK_JOB,
  concurrency: 1,
  attempts: 1,
  backoffMs: 0,
  repeat: { everyMs: CLIENT_REPORT_LOOK_MS, hasWork: async ({ config }) => config.leadDelivery.email !== null },
  async run(_job, deps) {
    if (!deps.config.leadDelivery.email) return { queued: 0 };
    const timeZone = profileTimeZone(deps.config.siteProfile.business);
    return { queued: await queueMonthlyReports(deps.db, deps.jobs, new Date(), timeZone) };
  },
});
