import type { Db } from '#db/index.ts';
import { finishSiteAudit, getSiteAudit, type SiteAuditRow, type SiteAuditStatus } from '#db/site-audits.ts';
import { JOB_REASONS, type JobState, type Jobs } from '#server/lib/jobs/index.ts';
import { SITE_AUDIT_JOB, storeJobFailure } from './job.ts';
import { CANCELLED, UNEXPECTED_FAILURE } from './run.ts';

// An audit's row is the truth every process reads (docs/decisions/0034); these settle it once its job has ended.

const CANCEL_REASONS: readonly string[] = [JOB_REASONS.cancelledQueued, JOB_REASONS.cancelledActive];

export const isUnfinished = (status: SiteAuditStatus) => status === 'queued' || status === 'running';
export const jobEnded = (state: JobState | undefined): state is JobState =>
  state !== undefined && state.status !== 'queued' && state.status !== 'active';

/** What reading and settling an audit's row needs. */
export interface AuditRows {
  db: Db;
  jobs: Pick<Jobs, 'state'>;
  log: { error(obj: object, msg?: string): void };
  now: () => Date;
}

/**
 * The row once its job has ended. The job's try stores every end it expects; an end it could
 * not store (its thread or process died, a cancel reached a job nobody ran) is stored here, so no
 * audit waits forever. A row whose job still waits or runs is answered as it is.
 */
export async function settled(deps: AuditRows, row: SiteAuditRow): Promise<SiteAuditRow> {
  const { db, jobs, log } = deps;
  if (!isUnfinished(row.status)) return row;
  const state = await jobs.state(SITE_AUDIT_JOB, row.id);
  if (!jobEnded(state)) return row;
  const finishedAt = deps.now().toISOString();
  if (state.status === 'cancelled' || CANCEL_REASONS.includes(state.error ?? ''))
    await finishSiteAudit(db, row.id, { status: 'cancelled', error: CANCELLED, finishedAt });
  else if (state.status === 'failed') await storeJobFailure({ db, log }, row.id, state.error ?? '');
  else await finishSiteAudit(db, row.id, { status: 'failed', error: UNEXPECTED_FAILURE, finishedAt });
  return (await getSiteAudit(db, row.id)) ?? row;
}
