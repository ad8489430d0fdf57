import type { AppDeps, Feature } from '#server/deps.ts';
import type { LeadDelivery } from '#server/features/leads/delivery.ts';
import {
  issueSummary,
  SITE_AUDIT_JOB,
  UNEXPECTED_FAILURE,
  type AuditInput,
} from '#server/features/site-audit/index.ts';
import { monitoredPagesOf } from './job.ts';
import { monitorLead } from './lead.ts';
import { MONITOR_SCHEDULE_JOB } from './scheduler.ts';
import { monitoringRouter } from './router.ts';
import { createMonitoringService, type MonitoringService } from './service.ts';
import { watchFormRouter } from './watch-form-router.ts';

/**
 * Site monitoring (issue 25, docs/decisions/0043): visitors' and the operator's monitors, each run
 * an ordinary site audit (the `site-audit` job, capped at MONITOR_MAX_PAGES) whose thread compares it
 * with the previous run and queues the alerts. The schedule is a repeatable job (scheduler.ts) and
 * the mails and webhooks go out through the one outbox (server/lib/messaging), in the processes
 * that run jobs.
 */
export function monitoringFeature(
  { config, db, jobs, fetcher, messaging, log }: AppDeps,
  leads: LeadDelivery,
): Feature & { service: MonitoringService } {
  const service = createMonitoringService({
    db,
    // A monitored run is an ordinary audit: the `site-audit` job, its thread comparing and alerting at the end.
    enqueueAudit: (input: AuditInput, auditId: string) => jobs.enqueue(SITE_AUDIT_JOB, input, { id: auditId }),
    auditFailure: UNEXPECTED_FAILURE,
    maxPages: monitoredPagesOf(config),
    fetcher,
    settings: config.monitoring,
    siteUrl: config.siteUrl,
    brandName: config.siteProfile.business.name,
    mailEnabled: config.leadDelivery.email !== null,
    // A confirmation goes out at once, whichever process delivers.
    kick: () => messaging.deliverSoon(),
    scheduleLookNow: () => {
      jobs
        .runNow(MONITOR_SCHEDULE_JOB)
        .catch((error: unknown) => log.error({ err: error }, 'the schedule was not looked at'));
    },
    storeLead: async (monitor) => {
      await leads.storeMonitor(await monitorLead(db, monitor, config.siteUrl, new Date().toISOString(), issueSummary));
    },
  });
  return {
    api: monitoringRouter({ service, db }),
    // The manage page's "Change alerts" form, posted without JavaScript (issue 35).
    mounts: [{ path: '/monitor', router: watchFormRouter({ service, siteUrl: config.siteUrl }) }],
    service,
  };
}
