import type { Db } from '../index.ts';
import type { ChangeField, ChangeRecord, ChangeSeverity, ChangeValue } from '#views/model/monitor-changes.ts';

/** What a monitor's watch found changed (issue 35, migration 0026): one row per field of a page or site. */

export interface NewChange {
  url: string;
  field: ChangeField;
  before: ChangeValue;
  after: ChangeValue;
  severity: ChangeSeverity;
}

export interface ChangeFilter {
  url?: string;
  field?: ChangeField;
  /** ISO times: detected at or after `since`, before `until`. */
  since?: string;
  until?: string;
  /** Rows older than this id (the page before: the last id of the previous page). */
  before?: number;
  limit: number;
}

type Row = {
  id: number;
  url: string;
  field: string;
  before: string;
  after: string;
  severity: string;
  detected_at: string;
};

function toChange(row: Row): ChangeRecord {
  return {
    id: Number(row.id),
    url: row.url,
    field: row.field as ChangeField,
    before: JSON.parse(row.before) as ChangeValue,
    after: JSON.parse(row.after) as ChangeValue,
    detectedAt: row.detected_at,
    severity: row.severity as ChangeSeverity,
  };
}

/** Stores a reading's changes, all detected at `at`. */
export async function insertChanges(
  db: Db,
  monitorId: string,
  changes: readonly NewChange[],
  at: string,
): Promise<void> {
  for (let start = 0; start < changes.length; start += 100)
    await db
      .insertInto('monitor_changes')
      .values(
        changes.slice(start, start + 100).map((change) => {
          const before = JSON.stringify(change.before);
          const after = JSON.stringify(change.after);
          return {
            monitor_id: monitorId,
            url: change.url,
            field: change.field,
            before,
            after,
            severity: change.severity,
            detected_at: at,
            alerted_at: null,
            size: Buffer.byteLength(change.url) + Buffer.byteLength(before) + Buffer.byteLength(after),
          };
        }),
      )
      .execute();
}

/** The monitor's changes, newest first, filtered and paged by id. */
export async function listChanges(db: Db, monitorId: string, filter: ChangeFilter): Promise<ChangeRecord[]> {
  let query = db
    .selectFrom('monitor_changes')
    .select(['id', 'url', 'field', 'before', 'after', 'severity', 'detected_at'])
    .where('monitor_id', '=', monitorId);
  if (filter.url !== undefined) query = query.where('url', '=', filter.url);
  if (filter.field !== undefined) query = query.where('field', '=', filter.field);
  if (filter.since !== undefined) query = query.where('detected_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('detected_at', '<', filter.until);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toChange);
}

/** Changes not yet alerted, oldest first. */
export async function unalertedChanges(db: Db, monitorId: string, limit: number): Promise<ChangeRecord[]> {
  const rows = await db
    .selectFrom('monitor_changes')
    .select(['id', 'url', 'field', 'before', 'after', 'severity', 'detected_at'])
    .where('monitor_id', '=', monitorId)
    .where('alerted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toChange);
}

/** Marks changes up to and including `lastId` alerted (or passed over: muted, a field that does not alert). */
export async function markAlerted(db: Db, monitorId: string, lastId: number, at: string): Promise<void> {
  await db
    .updateTable('monitor_changes')
    .set({ alerted_at: at })
    .where('monitor_id', '=', monitorId)
    .where('alerted_at', 'is', null)
    .where('id', '<=', lastId)
    .execute();
}

/**
 * Keeps a monitor's history within its limits: changes detected before `before` go, then the oldest
 * until what is left stores at most `maxBytes` (the rows' `size`). Returns the rows deleted.
 */
export async function pruneChanges(
  db: Db,
  monitorId: string,
  limits: { before: string; maxBytes: number },
): Promise<number> {
  const old = await db
    .deleteFrom('monitor_changes')
    .where('monitor_id', '=', monitorId)
    .where('detected_at', '<', limits.before)
    .executeTakeFirst();
  let deleted = Number(old.numDeletedRows);
  const sum = await db
    .selectFrom('monitor_changes')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('monitor_id', '=', monitorId)
    .executeTakeFirst();
  let over = Number(sum?.bytes ?? 0) - limits.maxBytes;
  while (over > 0) {
    const oldest = await db
      .selectFrom('monitor_changes')
      .select(['id', 'size'])
      .where('monitor_id', '=', monitorId)
      .orderBy('id')
      .limit(500)
      .execute();
    if (oldest.length === 0) break;
    let last = 0;
    for (const row of oldest) {
      if (over <= 0) break;
      over -= Number(row.size);
      last = Number(row.id);
    }
    const gone = await db
      .deleteFrom('monitor_changes')
      .where('monitor_id', '=', monitorId)
      .where('id', '<=', last)
      .executeTakeFirst();
    deleted += Number(gone.numDeletedRows);
  }
  return deleted;
}
