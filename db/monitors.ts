import type { Selectable } from 'kysely';
import type { Db } from './index.ts';
import type { Tables } from './schema.ts';
import type { Regression } from '#views/model/monitoring.ts';

export type MonitorKind = Tables['monitors']['kind'];
export type MonitorSchedule = Tables['monitors']['schedule'];
export type MonitorStatus = Tables['monitors']['status'];
export type RunTrigger = Tables['monitor_runs']['trigger'];
export type RunStatus = Tables['monitor_runs']['status'];
export type MessageChannel = Tables['monitor_messages']['channel'];
export type MessagePurpose = Tables['monitor_messages']['purpose'];

export interface MonitorRow {
  id: string;
  kind: MonitorKind;
  url: string;
  origin: string;
  email: string;
  recipients: string[];
  schedule: MonitorSchedule;
  webhookUrl: string | null;
  status: MonitorStatus;
  emailConfirmedAt: string | null;
  verifiedAt: string | null;
  verificationToken: string;
  scoreDrop: number;
  digest: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  nextDigestAt: string | null;
  auditId: string | null;
  createdAt: string;
  ipHash: string | null;
}

export interface NewMonitor {
  id: string;
  kind: MonitorKind;
  url: string;
  origin: string;
  email: string;
  recipients?: string[];
  schedule: MonitorSchedule;
  webhookUrl: string | null;
  status: MonitorStatus;
  emailConfirmedAt?: string | null;
  verifiedAt?: string | null;
  verificationToken: string;
  scoreDrop: number;
  digest: boolean;
  nextRunAt?: string | null;
  nextDigestAt?: string | null;
  auditId?: string | null;
  createdAt: string;
  ipHash: string | null;
}

/** The columns a monitor's owner (or the operator) may change. */
export interface MonitorPatch {
  schedule?: MonitorSchedule;
  webhookUrl?: string | null;
  status?: MonitorStatus;
  scoreDrop?: number;
  digest?: boolean;
  recipients?: string[];
  email?: string;
  emailConfirmedAt?: string | null;
  verifiedAt?: string | null;
  nextRunAt?: string | null;
  nextDigestAt?: string | null;
  lastRunAt?: string | null;
}

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

function parseList(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function toMonitor(row: Selectable<Tables['monitors']>): MonitorRow {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    origin: row.origin,
    email: row.email,
    recipients: parseList(row.recipients).map(String),
    schedule: row.schedule,
    webhookUrl: row.webhook_url,
    status: row.status,
    emailConfirmedAt: row.email_confirmed_at,
    verifiedAt: row.verified_at,
    verificationToken: row.verification_token,
    scoreDrop: Number(row.score_drop),
    digest: Number(row.digest) === 1,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    nextDigestAt: row.next_digest_at,
    auditId: row.audit_id,
    createdAt: row.created_at,
    ipHash: row.ip_hash,
  };
}

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

export async function insertMonitor(db: Db, monitor: NewMonitor): Promise<void> {
  await db
    .insertInto('monitors')
    .values({
      id: monitor.id,
      kind: monitor.kind,
      url: monitor.url,
      origin: monitor.origin,
      email: monitor.email,
      recipients: JSON.stringify(monitor.recipients ?? []),
      schedule: monitor.schedule,
      webhook_url: monitor.webhookUrl,
      status: monitor.status,
      email_confirmed_at: monitor.emailConfirmedAt ?? null,
      verified_at: monitor.verifiedAt ?? null,
      verification_token: monitor.verificationToken,
      score_drop: monitor.scoreDrop,
      digest: monitor.digest ? 1 : 0,
      next_run_at: monitor.nextRunAt ?? null,
      last_run_at: null,
      next_digest_at: monitor.nextDigestAt ?? null,
      audit_id: monitor.auditId ?? null,
      created_at: monitor.createdAt,
      ip_hash: monitor.ipHash,
    })
    .execute();
}

export async function getMonitor(db: Db, id: string): Promise<MonitorRow | undefined> {
  const row = await db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMonitor(row);
}

/** Monitors of a kind (or all), newest first. */
export async function listMonitors(db: Db, kind?: MonitorKind): Promise<MonitorRow[]> {
  const rows = await db
    .selectFrom('monitors')
    .selectAll()
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toMonitor);
}

/** Visitor monitors of an address (compared lower-cased), whatever their status. */
export async function countMonitorsOfEmail(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('monitors')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', 'visitor')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Distinct sites (start URLs) monitored, of every kind and status. */
export async function countMonitoredSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('monitors')
    .select((eb) => eb.fn.count('url').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isMonitoredUrl(db: Db, url: string): Promise<boolean> {
  const row = await db.selectFrom('monitors').select('id').where('url', '=', url).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Visitor monitors never confirmed, created before `before` (their link has expired): deleted. */
export async function deleteUnconfirmedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('monitors')
    .where('status', '=', 'unconfirmed')
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Applies a patch; false when there is no such monitor. */
export async function updateMonitor(db: Db, id: string, patch: MonitorPatch): Promise<boolean> {
  const values: Partial<Record<keyof Tables['monitors'], string | number | null>> = {};
  if (patch.schedule !== undefined) values.schedule = patch.schedule;
  if (patch.webhookUrl !== undefined) values.webhook_url = patch.webhookUrl;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.scoreDrop !== undefined) values.score_drop = patch.scoreDrop;
  if (patch.digest !== undefined) values.digest = patch.digest ? 1 : 0;
  if (patch.recipients !== undefined) values.recipients = JSON.stringify(patch.recipients);
  if (patch.email !== undefined) values.email = patch.email;
  if (patch.emailConfirmedAt !== undefined) values.email_confirmed_at = patch.emailConfirmedAt;
  if (patch.verifiedAt !== undefined) values.verified_at = patch.verifiedAt;
  if (patch.nextRunAt !== undefined) values.next_run_at = patch.nextRunAt;
  if (patch.nextDigestAt !== undefined) values.next_digest_at = patch.nextDigestAt;
  if (patch.lastRunAt !== undefined) values.last_run_at = patch.lastRunAt;
  if (Object.keys(values).length === 0) return (await getMonitor(db, id)) !== undefined;
  const result = await db
    .updateTable('monitors')
    .set(values as never)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the address's confirmation once: an unconfirmed monitor becomes active. False when it
 * was already confirmed (a second click, or a second request at the same moment).
 */
export async function confirmEmail(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('monitors')
    .set((eb) => ({
      email_confirmed_at: at,
      status: eb
        .case()
        .when('status', '=', 'unconfirmed')
        .then(eb.val<MonitorStatus>('active'))
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a monitor with its runs and queued messages; false when absent. */
export async function deleteMonitor(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('monitors').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active monitors whose slot has come (`next_run_at` ≤ now), the most overdue first. */
export async function dueMonitors(db: Db, now: string, limit: number): Promise<MonitorRow[]> {
  const rows = await db
    .selectFrom('monitors')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMonitor);
}

/** When the next slot of any active monitor is due, if any. */
export async function nextSlotAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('monitors')
    .select((eb) => eb.fn.min('next_run_at').as('next'))
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.next ?? null;
}

/**
 * Moves a monitor's schedule from the slot it was read at (`seen`) to `next`, only if no one else
 * has: of several schedulers reading the same due slot, exactly one gets true and runs it.
 */
export async function claimSlot(db: Db, id: string, seen: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('monitors')
    .set({ next_run_at: next })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_run_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active monitors whose weekly digest is due. */
export async function dueDigests(db: Db, now: string, limit: number): Promise<MonitorRow[]> {
  const rows = await db
    .selectFrom('monitors')
    .selectAll()
    .where('status', '=', 'active')
    .where('digest', '=', 1)
    .where('next_digest_at', 'is not', null)
    .where('next_digest_at', '<=', now)
    .orderBy('next_digest_at')
    .limit(limit)
    .execute();
  return rows.map(toMonitor);
}

/** The digest's compare-and-set twin of claimSlot. */
export async function claimDigest(db: Db, id: string, seen: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('monitors')
    .set({ next_digest_at: next })
    .where('id', '=', id)
    .where('next_digest_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

// ---- The monitors' outbox (mails and webhooks), delivered with retries.

export interface MessageRow {
  id: string;
  monitorId: string;
  runId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  payload: string;
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: string | null;
  failedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface NewMessage {
  id: string;
  monitorId: string;
  runId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  payload: string;
  createdAt: string;
}

const MESSAGE_COLUMNS = [
  'id',
  'monitor_id as monitorId',
  'run_id as runId',
  'channel',
  'purpose',
  'payload',
  'attempts',
  'next_attempt_at as nextAttemptAt',
  'delivered_at as deliveredAt',
  'failed_at as failedAt',
  'last_error as lastError',
  'created_at as createdAt',
] as const;

function toMessage(row: MessageRow): MessageRow {
  return { ...row, attempts: Number(row.attempts), nextAttemptAt: Number(row.nextAttemptAt) };
}

export async function enqueueMessages(db: Db, messages: NewMessage[], now: number): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('monitor_messages')
    .values(
      messages.map((message) => ({
        id: message.id,
        monitor_id: message.monitorId,
        run_id: message.runId,
        channel: message.channel,
        purpose: message.purpose,
        payload: message.payload,
        next_attempt_at: now,
        delivered_at: null,
        failed_at: null,
        last_error: null,
        created_at: message.createdAt,
      })),
    )
    .execute();
}

export async function dueMessages(db: Db, now: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('monitor_messages')
    .select(MESSAGE_COLUMNS)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

export async function nextMessageDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('monitor_messages')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** Claims the next attempt (as db/outbox.ts claimAttempt): exactly one of several processes wins. */
export async function claimMessage(db: Db, id: string, seenNextAttemptAt: number, leaseUntil: number) {
  const result = await db
    .updateTable('monitor_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', id)
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMessageDelivered(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('monitor_messages').set({ delivered_at: at, last_error: null }).where('id', '=', id).execute();
}

export async function markMessageFailed(
  db: Db,
  id: string,
  failure: { error: string; leaseUntil: number; retryAt: number; giveUpAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('monitor_messages')
    .set({ last_error: failure.error.slice(0, 500), failed_at: failure.giveUpAt, next_attempt_at: failure.retryAt })
    .where('id', '=', id)
    .where('next_attempt_at', '=', failure.leaseUntil)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listMessages(db: Db, monitorId?: string): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('monitor_messages')
    .select(MESSAGE_COLUMNS)
    .$if(monitorId !== undefined, (qb) => qb.where('monitor_id', '=', monitorId!))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}

/** Whether a message with this id was ever queued (the monthly client report's once-per-month id). */
export async function hasMessage(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('monitor_messages').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// ---- Leads and the signing key.

export interface NewMonitorLead {
  monitorId: string;
  email: string;
  site: string;
  schedule: string;
  score: number | null;
  topIssues: string;
  reportUrl: string | null;
  ipHash: string | null;
  createdAt: string;
}

export interface MonitorLead extends NewMonitorLead {
  id: number;
  handledAt: string | null;
}

export async function insertMonitorLead(db: Db, lead: NewMonitorLead): Promise<number> {
  const row = await db
    .insertInto('monitor_leads')
    .values({
      monitor_id: lead.monitorId,
      email: lead.email,
      site: lead.site,
      schedule: lead.schedule,
      score: lead.score,
      top_issues: lead.topIssues,
      report_url: lead.reportUrl,
      ip_hash: lead.ipHash,
      created_at: lead.createdAt,
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getMonitorLead(db: Db, id: number): Promise<MonitorLead | undefined> {
  const row = await db.selectFrom('monitor_leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    monitorId: row.monitor_id,
    email: row.email,
    site: row.site,
    schedule: row.schedule,
    score: row.score === null ? null : Number(row.score),
    topIssues: row.top_issues,
    reportUrl: row.report_url,
    ipHash: row.ip_hash,
    createdAt: row.created_at,
    handledAt: row.handled_at,
  };
}

/** The app_meta row of the HMAC key that signs monitor links (confirm, manage, unsubscribe). */
export const MONITOR_SIGNING_KEY_ROW = 'monitor_signing_key';

/** Stores `candidate` unless a key is stored already, and answers the stored key (one winner across processes). */
export async function keepMonitorSigningKey(db: Db, candidate: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: MONITOR_SIGNING_KEY_ROW, value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', MONITOR_SIGNING_KEY_ROW)
    .executeTakeFirstOrThrow();
  return row.value;
}
