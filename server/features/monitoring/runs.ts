import type { Db } from '#db/index.ts';
import { finishRun, insertRun, type RunTrigger } from '#db/monitoring/runs.ts';
import { type MonitorRow, type MonitorSchedule } from '#db/monitoring/monitors.ts';
import { finishSiteAudit, insertSiteAudit } from '#db/site-audits.ts';
import { newId } from '#views/model/ids.ts';

const DAY_MS = 86_400_000;

/**
 * The slot after `from`: a day, a week or a calendar month later (the 31st of a short month is the
 * 1st of the next, as Date counts). A schedule always moves on from the time it is computed at, so
 * slots missed while the server was down make one run, not one per missed slot.
 */
export function nextSlot(schedule: MonitorSchedule, from: Date): Date {
  if (schedule === 'daily') return new Date(from.getTime() + DAY_MS);
  if (schedule === 'weekly') return new Date(from.getTime() + 7 * DAY_MS);
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A weekly digest is due a week after it is switched on, then every week. */
export const DIGEST_INTERVAL_MS = 7 * DAY_MS;

/** Whose audits these are in site_audits: a monitor's runs diff against its own earlier runs. */
export function monitorVisitor(monitorId: string): string {
  return `monitor:${monitorId}`;
}

/** What a monitored audit's `site-audit` job carries (its AuditInput, as index.ts hands it over). */
export interface MonitoredAuditInput {
  visitor: string;
  url: string;
  httpFallback: false;
  createdAt: string;
  maxPages: number;
  monitorRun: string;
}

export interface RunStarter {
  db: Db;
  /** Queues the audit's ordinary `site-audit` job with this id (index.ts composes it). */
  enqueueAudit: (input: MonitoredAuditInput, auditId: string) => Promise<unknown>;
  /** What a monitored audit whose job could not be queued says (the site audit's own words). */
  auditFailure: string;
  /** Pages per monitored audit: MONITOR_MAX_PAGES (the audit also keeps SITE_AUDIT_MAX_PAGES). */
  maxPages: number;
}

/**
 * Starts a run of `monitor` for `slot`: the run row (one per slot: of two schedulers only one
 * insert wins), the audit's row, and the ordinary `site-audit` job, which any process that runs
 * jobs takes. Its thread compares and alerts once the audit ends (job.ts). Undefined when the slot
 * already has its run.
 */
export async function startRun(
  deps: RunStarter,
  monitor: Pick<MonitorRow, 'id' | 'url'>,
  trigger: RunTrigger,
  slot: string,
  now: Date,
): Promise<{ runId: string; auditId: string } | undefined> {
  const runId = newId();
  const auditId = newId();
  const createdAt = now.toISOString();
  const inserted = await deps.db.transaction().execute(async (trx) => {
    if (!(await insertRun(trx, { id: runId, monitorId: monitor.id, slot, trigger, auditId, createdAt }))) return false;
    await insertSiteAudit(trx, { id: auditId, visitor: monitorVisitor(monitor.id), url: monitor.url, createdAt });
    return true;
  });
  if (!inserted) return undefined;
  const input: MonitoredAuditInput = {
    visitor: monitorVisitor(monitor.id),
    url: monitor.url,
    httpFallback: false,
    createdAt,
    maxPages: deps.maxPages,
    monitorRun: runId,
  };
  try {
    await deps.enqueueAudit(input, auditId);
  } catch (error) {
    await finishSiteAudit(deps.db, auditId, { status: 'failed', error: deps.auditFailure, finishedAt: createdAt });
    await finishRun(deps.db, runId, {
      status: 'failed',
      score: null,
      regressions: [],
      fixed: [],
      finishedAt: createdAt,
    });
    throw error;
  }
  return { runId, auditId };
}
