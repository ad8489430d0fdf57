import type { Selectable } from 'kysely';
import type { Db } from '../index.ts';
import type { Tables } from '../schema.ts';
import type { Regression } from '#views/model/monitoring.ts';
import { parseList } from './json-list.ts';

export type RunTrigger = Tables['monitor_runs']['trigger'];
export type RunStatus = Tables['monitor_runs']['status'];

export interface RunRow {
  id: string;
  monitorId: string;
  slot: string;
  trigger: RunTrigger;
  auditId: string | null;
  status: RunStatus;
  score: number | null;
  /** As compareAudits made them (stored as JSON). */
  regressions: Regression[];
  fixed: unknown[];
  fixedCount: number;
  alertedAt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Runs kept per monitor (the manage page lists up to 50); older runs and their audits' hold go. */
export const RUNS_KEPT = 50;

function toRun(row: Selectable<Tables['monitor_runs']>): RunRow {
  return {
    id: row.id,
    monitorId: row.monitor_id,
    slot: row.slot,
    trigger: row.trigger,
    auditId: row.audit_id,
    status: row.status,
    score: row.score === null ? null : Number(row.score),
    regressions: parseList(row.regressions) as Regression[],
    fixed: parseList(row.fixed),
    fixedCount: Number(row.fixed_count),
    alertedAt: row.alerted_at,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export interface NewRun {
  id: string;
  monitorId: string;
  slot: string;
  trigger: RunTrigger;
  auditId: string | null;
  createdAt: string;
}

/** Records a run for its slot; false when the slot already has one (UNIQUE(monitor_id, slot)). */
export async function insertRun(db: Db, run: NewRun): Promise<boolean> {
  const inserted = await db
    .insertInto('monitor_runs')
    .values({
      id: run.id,
      monitor_id: run.monitorId,
      slot: run.slot,
      trigger: run.trigger,
      audit_id: run.auditId,
      status: 'running',
      created_at: run.createdAt,
      finished_at: null,
      score: null,
      alerted_at: null,
    })
    .onConflict((oc) => oc.columns(['monitor_id', 'slot']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function getRun(db: Db, id: string): Promise<RunRow | undefined> {
  const row = await db.selectFrom('monitor_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRun(row);
}

export async function getRunOfAudit(db: Db, auditId: string): Promise<RunRow | undefined> {
  const row = await db.selectFrom('monitor_runs').selectAll().where('audit_id', '=', auditId).executeTakeFirst();
  return row && toRun(row);
}

/** A monitor's runs, newest first. */
export async function listRuns(db: Db, monitorId: string, limit = RUNS_KEPT): Promise<RunRow[]> {
  const rows = await db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}

/** A monitor's finished runs created at or after `since`, oldest first (the digest's trend). */
export async function runsSince(db: Db, monitorId: string, since: string): Promise<RunRow[]> {
  const rows = await db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('status', '!=', 'running')
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRun);
}

/** Runs still running, started before `before` (their job may have died with its process). */
export async function runningRunsBefore(db: Db, before: string): Promise<RunRow[]> {
  const rows = await db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('status', '=', 'running')
    .where('created_at', '<', before)
    .execute();
  return rows.map(toRun);
}

/**
 * The audit a run compares against: the newest audit of an earlier run of the same monitor that
 * finished (`done`), or undefined on the first run (and when every earlier run failed).
 */
export async function baselineAuditOf(db: Db, run: Pick<RunRow, 'id' | 'monitorId' | 'createdAt'>) {
  const row = await db
    .selectFrom('monitor_runs as r')
    .innerJoin('site_audits as a', 'a.id', 'r.audit_id')
    .select('a.id')
    .where('r.monitor_id', '=', run.monitorId)
    .where('r.id', '!=', run.id)
    .where('r.created_at', '<=', run.createdAt)
    .where('a.status', '=', 'done')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface RunOutcome {
  status: 'done' | 'failed';
  score: number | null;
  /** As compareAudits made them (stored as JSON). */
  regressions: Regression[];
  fixed: unknown[];
  finishedAt: string;
}

/** Stores a run's end, once: false when it had already ended. */
export async function finishRun(db: Db, id: string, outcome: RunOutcome): Promise<boolean> {
  const result = await db
    .updateTable('monitor_runs')
    .set({
      status: outcome.status,
      score: outcome.score,
      regressions: JSON.stringify(outcome.regressions),
      fixed: JSON.stringify(outcome.fixed),
      fixed_count: outcome.fixed.length,
      finished_at: outcome.finishedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRunAlerted(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('monitor_runs').set({ alerted_at: at }).where('id', '=', id).execute();
}

/** Keeps a monitor's newest `keep` runs; answers how many older ones were deleted. */
export async function pruneRuns(db: Db, monitorId: string, keep = RUNS_KEPT): Promise<number> {
  const newest = db
    .selectFrom('monitor_runs')
    .select('id')
    .where('monitor_id', '=', monitorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  const result = await db
    .deleteFrom('monitor_runs')
    .where('monitor_id', '=', monitorId)
    .where('id', 'not in', newest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
