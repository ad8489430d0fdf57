import type { Db } from '#db/index.ts';
import type { MonitorRow } from '#db/monitoring/monitors.ts';
import { listRuns } from '#db/monitoring/runs.ts';
import { siteHistory } from '#db/site-audit-history.ts';
import { verificationFor } from './verify.ts';

/** A monitor as the manage page and the operator's page read it: its settings, state, proof of ownership and runs. */
export async function monitorView(db: Db, brandName: string, monitor: MonitorRow) {
  const runs = await listRuns(db, monitor.id);
  // The score trend follows the site, not only this monitor (decision 0058, "History across devices"): it is
  // the newest finished check's report's trend (the owner's audits of the address and their monitors' runs up
  // to it), or before any check the trend of the report the monitor was made from.
  const newestReport = runs.find((run) => run.status === 'done' && run.auditId)?.auditId ?? monitor.auditId;
  const history = newestReport ? ((await siteHistory(db, newestReport)) ?? []) : [];
  return {
    id: monitor.id,
    kind: monitor.kind,
    url: monitor.url,
    email: monitor.email,
    recipients: monitor.recipients,
    schedule: monitor.schedule,
    status: monitor.status,
    emailConfirmed: monitor.emailConfirmedAt !== null,
    verified: monitor.kind === 'client' || monitor.verifiedAt !== null,
    webhookUrl: monitor.webhookUrl,
    digest: monitor.digest,
    scoreDrop: monitor.scoreDrop,
    verification: verificationFor(brandName, monitor.verificationToken),
    nextRunAt: monitor.nextRunAt,
    lastRunAt: monitor.lastRunAt,
    createdAt: monitor.createdAt,
    runs: runs.map((run) => ({
      id: run.id,
      at: run.createdAt,
      trigger: run.trigger,
      status: run.status,
      auditId: run.auditId,
      score: run.score,
      regressions: run.regressions,
      fixedCount: run.fixedCount,
      alerted: run.alertedAt !== null,
    })),
    history,
  };
}

export type MonitorView = Awaited<ReturnType<typeof monitorView>>;
