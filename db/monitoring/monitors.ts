import type { Selectable } from 'kysely';
import { mailboxKey } from '#views/model/email.ts';
import type { Db } from '../index.ts';
import type { Tables } from '../schema.ts';
import { parseList } from './json-list.ts';

export type MonitorKind = Tables['monitors']['kind'];
export type MonitorSchedule = Tables['monitors']['schedule'];
export type MonitorStatus = Tables['monitors']['status'];

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
  /** The address audited and its origin (where the verification tag or file is looked for), changed together. */
  url?: string;
  origin?: string;
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

export async function insertMonitor(db: Db, monitor: NewMonitor): Promise<void> {
  await db
    .insertInto('monitors')
    .values({
      id: monitor.id,
      kind: monitor.kind,
      url: monitor.url,
      origin: monitor.origin,
      email: monitor.email,
      email_key: mailboxKey(monitor.email),
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

/**
 * Visitor monitors of a mailbox whose address is confirmed (compared by mailboxKey, so spellings of
 * one inbox count together). Unconfirmed ones do not count: a stranger's requests cannot use them up.
 */
export async function countConfirmedMonitorsOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('monitors')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', 'visitor')
    .where('email_key', '=', mailboxKey(email))
    .where('email_confirmed_at', 'is not', null)
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

/**
 * Visitor monitors never confirmed, created before `before` (their link has expired): deleted,
 * paused ones too (the confirmation mail's manage link can pause a monitor before it is confirmed).
 */
export async function deleteUnconfirmedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('monitors')
    .where('kind', '=', 'visitor')
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Applies a patch; false when there is no such monitor. */
export async function updateMonitor(db: Db, id: string, patch: MonitorPatch): Promise<boolean> {
  const values: Partial<Record<keyof Tables['monitors'], string | number | null>> = {};
  if (patch.url !== undefined) values.url = patch.url;
  if (patch.origin !== undefined) values.origin = patch.origin;
  if (patch.schedule !== undefined) values.schedule = patch.schedule;
  if (patch.webhookUrl !== undefined) values.webhook_url = patch.webhookUrl;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.scoreDrop !== undefined) values.score_drop = patch.scoreDrop;
  if (patch.digest !== undefined) values.digest = patch.digest ? 1 : 0;
  if (patch.recipients !== undefined) values.recipients = JSON.stringify(patch.recipients);
  if (patch.email !== undefined) {
    values.email = patch.email;
    values.email_key = mailboxKey(patch.email);
  }
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
 * was already confirmed (a second click, or a second request at the same moment), or when its
 * mailbox already has `maxPerMailbox` confirmed monitors (checked in the same statement).
 */
export async function confirmEmail(db: Db, id: string, at: string, maxPerMailbox: number): Promise<boolean> {
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
    .where((eb) =>
      eb(
        eb
          .selectFrom('monitors as other')
          .select((sub) => sub.fn.countAll().as('n'))
          .where('other.kind', '=', 'visitor')
          .where('other.email_confirmed_at', 'is not', null)
          .whereRef('other.email_key', '=', 'monitors.email_key'),
        '<',
        maxPerMailbox,
      ),
    )
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
