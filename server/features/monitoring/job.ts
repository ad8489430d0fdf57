import type { Db } from '#db/index.ts';
import { baselineAuditOf, finishRun, getRun, markRunAlerted, pruneRuns } from '#db/monitoring/runs.ts';
import { getMonitor, updateMonitor } from '#db/monitoring/monitors.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import type { Config } from '#server/config/index.ts';
import type { JobDefinition, JobDeps, JobStarter } from '#server/lib/jobs/index.ts';
import { deliverSoon } from '#server/lib/messaging/index.ts';
import { alertMessages, type AlertSettings } from './alerts.ts';
import { enqueueMessages } from './messages.ts';
import { compareAudits } from './regressions.ts';
import { profileTimeZone } from '#views/model/local-time.ts';

/** What the monitored run's audit job carries besides the audit's own input. */
interface MonitoredInput {
  monitorRun?: string;
}

/** Pages per monitored audit: MONITOR_MAX_PAGES, never more than the audit's own SITE_AUDIT_MAX_PAGES. */
export function monitoredPagesOf(config: Config): number {
  return Math.min(config.monitoring.maxPages, config.siteAudit.limits.maxPages);
}

export function alertSettingsOf(config: Config): AlertSettings {
  return {
    siteUrl: config.siteUrl,
    brandName: config.siteProfile.business.name,
    timeZone: profileTimeZone(config.siteProfile.business),
    operatorEmails: config.leadDelivery.email?.to ?? [],
  };
}

/**
 * The end of a monitored run, in the audit job's thread: compare the audit with the monitor's
 * previous finished one, store the run with its regressions and, if there are any, queue the alert
 * in the same transaction and ask for its delivery (it goes out at once). Safe to call again: a run
 * ends once.
 */
export async function finishMonitoredRun(
  deps: { db: Db; log: JobDeps['log']; settings: AlertSettings; jobs?: JobStarter },
  runId: string,
  auditId: string,
  now: () => Date = () => new Date(),
): Promise<void> {
  const { db } = deps;
  const run = await getRun(db, runId);
  if (!run || run.status !== 'running') return;
  const monitor = await getMonitor(db, run.monitorId);
  if (!monitor) return;
  const audit = await getSiteAudit(db, auditId);
  const previous = await baselineAuditOf(db, run);
  const comparison = await compareAudits(db, previous, auditId, { scoreDrop: monitor.scoreDrop });
  const at = now();
  const messages = comparison.regressions.length
    ? await alertMessages(db, monitor, run, comparison, deps.settings, at)
    : [];
  const alerted = await db.transaction().execute(async (trx) => {
    const ended = await finishRun(trx, run.id, {
      status: audit?.status === 'done' || comparison.regressions.length ? 'done' : 'failed',
      score: comparison.score,
      regressions: comparison.regressions,
      fixed: comparison.fixed,
      finishedAt: at.toISOString(),
    });
    if (!ended) return false;
    await updateMonitor(trx, monitor.id, { lastRunAt: at.toISOString() });
    if (messages.length) {
      await enqueueMessages(trx, messages, at.getTime());
      await markRunAlerted(trx, run.id, at.toISOString());
    }
    await pruneRuns(trx, monitor.id);
    return messages.length > 0;
  });
  // The alert is stored: a failed ask leaves it to the delivery's next beat.
  if (alerted && deps.jobs)
    await deliverSoon(deps.jobs).catch((error: unknown) =>
      deps.log.warn({ err: error, monitor: monitor.id }, 'the alert waits for the next delivery'),
    );
  deps.log.info(
    { monitor: monitor.id, run: run.id, audit: auditId, regressions: comparison.regressions.length },
    'monitored run finished',
  );
}

/** A progress without the report's "stored" mark (site-audit/watch.ts ends a watch on it). */
function withoutStored<P>(progress: P): P {
  if (typeof progress !== 'object' || progress === null || !('stored' in progress)) return progress;
  const { stored: _stored, ...rest } = progress;
  return rest as P;
}

/**
 * The site audit's job definition, with the monitored run's end added: after the audit's try (done,
 * failed, or skipped because an earlier try had stored it), its thread finishes the run. A throw
 * here fails the try, so the job system tries again and the run is finished then.
 */
export function withMonitoredRuns<I extends MonitoredInput, P, R, D extends JobDeps & { config: Config }>(
  definition: JobDefinition<I, P, R, D>,
): JobDefinition<I, P, R, D> {
  return {
    ...definition,
    async run(job, deps) {
      // An audit's watchers end when its report is stored, before its try ends; a monitored run is finished
      // after that (below), so its audit's watchers wait for the try's end, when the run is there to read.
      const watched: typeof job = job.input.monitorRun
        ? { ...job, progress: (progress) => job.progress(withoutStored(progress)) }
        : job;
      const result = await definition.run(watched, deps);
      if (job.input.monitorRun)
        await finishMonitoredRun(
          { db: deps.db, log: deps.log, settings: alertSettingsOf(deps.config), jobs: deps.jobs },
          job.input.monitorRun,
          job.id,
        );
      return result;
    },
    async onFailed(input, id, reason, deps) {
      await definition.onFailed?.(input, id, reason, deps);
      // The audit's job died for good (its process or thread): the run says so, with nothing to compare.
      if (input.monitorRun)
        await finishRun(deps.db, input.monitorRun, {
          status: 'failed',
          score: null,
          regressions: [],
          fixed: [],
          finishedAt: new Date().toISOString(),
        });
    },
  };
}
