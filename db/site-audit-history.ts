import type { Db } from './index.ts';

const MONITOR_PREFIX = 'monitor:';

/** One finished audit of a site's history: when it ran, its score, and whether a monitor ran it. */
export interface SiteHistoryPoint {
  id: string;
  score: number;
  createdAt: string;
  monitored: boolean;
}

/**
 * Whose audits make up the history of `audit`'s site: its owner's (a visitor's cookie hash, or a monitor's
 * `monitor:<id>`), the visitor a monitor was made from (the owner of the audit behind its "Monitor this
 * site"), and the monitors that visitor made from their audits of this address. Nobody else's.
 */
async function owners(db: Db, audit: { visitor: string; url: string }): Promise<string[]> {
  let person: string | undefined = audit.visitor;
  if (audit.visitor.startsWith(MONITOR_PREFIX)) {
    const made = await db
      .selectFrom('monitors')
      .innerJoin('site_audits', 'site_audits.id', 'monitors.audit_id')
      .select('site_audits.visitor')
      .where('monitors.id', '=', audit.visitor.slice(MONITOR_PREFIX.length))
      .executeTakeFirst();
    person = made && !made.visitor.startsWith(MONITOR_PREFIX) ? made.visitor : undefined;
  }
  if (!person) return [audit.visitor];
  const monitors = await db
    .selectFrom('monitors')
    .innerJoin('site_audits', 'site_audits.id', 'monitors.audit_id')
    .select('monitors.id')
    .where('site_audits.visitor', '=', person)
    .where('site_audits.url', '=', audit.url)
    .execute();
  return [...new Set([audit.visitor, person, ...monitors.map((monitor) => MONITOR_PREFIX + monitor.id)])];
}

/** The finished audits of `audit`'s history (its address, its owners), up to its time, newest first. */
async function historyOf(db: Db, audit: { visitor: string; url: string; createdAt: string }) {
  return db
    .selectFrom('site_audits')
    .where('visitor', 'in', await owners(db, audit))
    .where('url', '=', audit.url)
    .where('status', '=', 'done')
    .where('created_at', '<=', audit.createdAt)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

/**
 * The score history of the site `id` audited, as far as that audit reaches (decision 0058, "History across
 * devices"): the finished audits of the same address by its owners (see `owners`) up to and including it,
 * the newest `max`, oldest first. Undefined when there is no such audit.
 */
export async function siteHistory(db: Db, id: string, max = 10): Promise<SiteHistoryPoint[] | undefined> {
  const audit = await db
    .selectFrom('site_audits')
    .select(['visitor', 'url', 'created_at as createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!audit) return undefined;
  const rows = await (
    await historyOf(db, audit)
  )
    .select(['id', 'visitor', 'summary', 'created_at'])
    .limit(max)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      score: (JSON.parse(row.summary ?? '{}') as { score?: unknown }).score,
      createdAt: row.created_at,
      monitored: row.visitor.startsWith(MONITOR_PREFIX),
    }))
    .filter((point): point is SiteHistoryPoint => typeof point.score === 'number')
    .reverse();
}

/**
 * What `current` (an audit being stored as done, filed under `url`) is diffed against: the newest finished
 * audit of its history before it, so the diff and the trend agree (a monitor's first run compares with the
 * report it was made from; the owner's next audit with the monitor's last run).
 */
export async function previousInHistory(
  db: Db,
  current: { id: string; visitor: string; url: string; createdAt: string },
): Promise<string | undefined> {
  const row = await (
    await historyOf(db, current)
  )
    .select('id')
    .where('id', '!=', current.id)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
