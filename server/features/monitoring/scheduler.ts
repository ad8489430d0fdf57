import type { Db } from '#db/index.ts';
import { claimDigest, claimSlot, dueDigests, dueMonitors, type MonitorRow } from '#db/monitoring/monitors.ts';
import { runsSince } from '#db/monitoring/runs.ts';
import type { Config } from '#server/config/index.ts';
import { defineJob, type JobDeps } from '#server/lib/jobs/index.ts';
import { deliverSoon } from '#server/lib/messaging/index.ts';
import { digestMessages, type AlertSettings } from './alerts.ts';
import { alertSettingsOf, monitoredPagesOf } from './job.ts';
import { enqueueMessages } from './messages.ts';
import { DIGEST_INTERVAL_MS, nextSlot, startRun, type RunStarter } from './runs.ts';

/**
 * How often the schedule is looked at: a repeatable job (server/lib/jobs) that runs in one process
 * of those that work. Schedules are daily at the finest, and a monitor made schedulable in a web
 * process is seen at the next look: a minute at most.
 */
export const SCHEDULE_EVERY_MS = 60_000;
export const MONITOR_SCHEDULE_JOB = 'monitor-schedule';
/** Monitors started per look; the rest wait a look (a burst of slots at one hour spreads over minutes). */
const BATCH = 50;

export interface ScheduleOptions extends RunStarter {
  settings: AlertSettings;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

async function runSlot(options: ScheduleOptions, monitor: MonitorRow, at: Date): Promise<boolean> {
  const slot = monitor.nextRunAt!;
  if (!(await claimSlot(options.db, monitor.id, slot, nextSlot(monitor.schedule, at).toISOString()))) return false;
  return (await startRun(options, monitor, 'schedule', slot, at)) !== undefined;
}

async function queueDigest(options: ScheduleOptions, monitor: MonitorRow, at: Date): Promise<boolean> {
  const { db } = options;
  const next = new Date(at.getTime() + DIGEST_INTERVAL_MS).toISOString();
  if (!(await claimDigest(db, monitor.id, monitor.nextDigestAt!, next))) return false;
  const since = new Date(at.getTime() - DIGEST_INTERVAL_MS).toISOString();
  const messages = await digestMessages(db, monitor, await runsSince(db, monitor.id, since), options.settings, at);
  await enqueueMessages(db, messages, at.getTime());
  return messages.length > 0;
}

/** Whether a slot or a digest is due at `at` (two indexed reads; the job's look before it starts a thread). */
export async function scheduleIsDue(db: Db, at: Date): Promise<boolean> {
  const now = at.toISOString();
  return (await dueMonitors(db, now, 1)).length > 0 || (await dueDigests(db, now, 1)).length > 0;
}

/**
 * One look at the schedule, on the database: starts every due slot this look wins and queues every
 * due digest it wins. Several looks at once (processes, a look still running) share the slots by
 * compare-and-set (claimSlot, claimDigest), so a slot runs once. The next slot is computed from now,
 * so slots missed while no process ran make one run.
 */
export async function lookAtSchedule(
  options: ScheduleOptions,
  at: Date,
): Promise<{ started: string[]; digests: string[] }> {
  const { db, log } = options;
  const started: string[] = [];
  const digests: string[] = [];
  for (const monitor of await dueMonitors(db, at.toISOString(), BATCH)) {
    try {
      if (await runSlot(options, monitor, at)) started.push(monitor.id);
    } catch (error) {
      log.error({ err: error, monitor: monitor.id }, 'monitored run not started');
    }
  }
  for (const monitor of await dueDigests(db, at.toISOString(), BATCH)) {
    try {
      if (await queueDigest(options, monitor, at)) digests.push(monitor.id);
    } catch (error) {
      log.error({ err: error, monitor: monitor.id }, 'monitor digest not queued');
    }
  }
  if (started.length) log.info({ monitors: started }, 'monitored runs started');
  return { started, digests };
}

/**
 * The monitors' schedule as a repeatable job: each look runs in a job thread, its audits are queued
 * through the job system (`audit`: the site audit's job and its failure words, handed over by
 * server/jobs.ts) and its digests delivered at once.
 */
export function monitorScheduleJob(audit: { job: string; failure: string }) {
  return defineJob<null, never, { started: number; digests: number }, JobDeps & { config: Config }>({
    name: MONITOR_SCHEDULE_JOB,
    concurrency: 1,
    attempts: 1,
    backoffMs: 0,
    repeat: { everyMs: SCHEDULE_EVERY_MS, hasWork: ({ db }) => scheduleIsDue(db, new Date()) },
    retentionMs: 60 * 60_000,
    async run(_job, deps) {
      const { started, digests } = await lookAtSchedule(
        {
          db: deps.db,
          enqueueAudit: (input, auditId) => deps.jobs.enqueue(audit.job, input, { id: auditId }),
          auditFailure: audit.failure,
          maxPages: monitoredPagesOf(deps.config),
          settings: alertSettingsOf(deps.config),
          log: deps.log,
        },
        new Date(),
      );
      if (digests.length) await deliverSoon(deps.jobs);
      return { started: started.length, digests: digests.length };
    },
  });
}
