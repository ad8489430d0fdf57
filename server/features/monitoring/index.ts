import type { AppDeps, Feature } from '#server/deps.ts';
import { defaultSender, type LeadDelivery } from '#server/features/leads/delivery.ts';
import { groupIssues, SITE_AUDIT_JOB, UNEXPECTED_FAILURE, type AuditInput } from '#server/features/site-audit/index.ts';
import { createMessageDelivery, type MessageDelivery } from './delivery.ts';
import { alertSettingsOf } from './job.ts';
import { monitorLead } from './lead.ts';
import { createMailer } from './mail.ts';
import { monitoringRouter } from './router.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import { createMonitoringService, type MonitoringService } from './service.ts';

/**
 * Site monitoring (issue 25, docs/decisions/0043): visitors' and the operator's monitors, each run
 * an ordinary site audit (the `site-audit` job, capped at MONITOR_MAX_PAGES) whose thread compares it
 * with the previous run and queues the alerts. The outbox of mails and webhooks is delivered by the
 * processes that run jobs (`start`), as the lead delivery is.
 */
export function monitoringFeature(
  { config, db, jobs, fetcher, log }: AppDeps,
  leads: LeadDelivery,
): Feature & { service: MonitoringService; delivery: MessageDelivery; scheduler: Scheduler } {
  const email = config.leadDelivery.email;
  const mailer = email
    ? createMailer({
        smtpUrl: email.smtpUrl,
        from: email.from ?? defaultSender(email.smtpUrl, config.siteProfile.business.email),
        siteUrl: config.siteUrl,
      })
    : undefined;
  const delivery = createMessageDelivery({
    db,
    mailer,
    fetcher,
    userAgent: `SiteMonitor/1.0 (+${config.siteUrl})`,
    log,
  });
  let delivering = false;
  const runs = {
    db,
    // A monitored run is an ordinary audit: the `site-audit` job, its thread comparing and alerting at the end.
    enqueueAudit: (input: AuditInput, auditId: string) => jobs.enqueue(SITE_AUDIT_JOB, input, { id: auditId }),
    auditFailure: UNEXPECTED_FAILURE,
    maxPages: Math.min(config.monitoring.maxPages, config.siteAudit.limits.maxPages),
  };
  const scheduler = createScheduler({
    ...runs,
    settings: alertSettingsOf(config),
    log,
    kick: () => (delivering ? delivery.kick() : undefined),
  });
  const service = createMonitoringService({
    ...runs,
    fetcher,
    settings: config.monitoring,
    siteUrl: config.siteUrl,
    brandName: config.siteProfile.business.name,
    mailEnabled: mailer !== undefined,
    // Where this process delivers (ROLE all), a confirmation goes out at once; elsewhere at the next poll.
    kick: () => (delivering ? delivery.kick() : undefined),
    storeLead: async (monitor) => {
      await leads.storeMonitor(await monitorLead(db, monitor, config.siteUrl, new Date().toISOString(), groupIssues));
    },
  });
  return {
    api: monitoringRouter({ service, db }),
    service,
    delivery,
    scheduler,
    // Only processes that run jobs (ROLE all or worker) start these: the schedule and the outbox.
    start: () => {
      delivering = true;
      delivery.start();
      scheduler.start();
    },
    stop: async () => {
      await scheduler.stop();
      await delivery.stop();
    },
  };
}
