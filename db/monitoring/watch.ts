import type { Db } from '../index.ts';

/**
 * A monitor's watch of its pages that matter (issue 35, migration 0026): which pages, their last
 * reading and when each is due again. The reading itself is JSON the feature defines
 * (server/features/monitoring/watch-fields.ts); times are ISO text like the rest of monitoring.
 */

export interface WatchedPage {
  url: string;
  /** The last reading as stored (JSON), null before the first. */
  snapshot: string | null;
  nextReadAt: string;
  muted: boolean;
}

export interface WatchRow {
  monitorId: string;
  pagesAt: string | null;
  site: string;
  alertFields: string | null;
  webhookFormat: 'json' | 'slack' | 'teams' | null;
  nextAlertAt: string | null;
}

/** Monitors the watch covers: active and scheduled (confirmed and verified, or the operator's). */
function watchedMonitors(db: Db) {
  return db
    .selectFrom('monitors')
    .where('monitors.status', '=', 'active')
    .where('monitors.next_run_at', 'is not', null);
}

/** Watched monitors whose pages were never chosen, or were chosen before `before`. */
export async function watchesToChoose(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await watchedMonitors(db)
    .leftJoin('monitor_watches', 'monitor_watches.monitor_id', 'monitors.id')
    .select('monitors.id')
    .where((eb) => eb.or([eb('monitor_watches.pages_at', 'is', null), eb('monitor_watches.pages_at', '<', before)]))
    .orderBy('monitors.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Watched monitors with a page due at `now`, the most overdue first. */
export async function dueWatches(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await watchedMonitors(db)
    .innerJoin('monitor_watch_pages', 'monitor_watch_pages.monitor_id', 'monitors.id')
    .select('monitors.id')
    .select((eb) => eb.fn.min('monitor_watch_pages.next_read_at').as('due'))
    .where('monitor_watch_pages.next_read_at', '<=', now)
    .groupBy('monitors.id')
    .orderBy('due')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Watches whose alert is due at `now` with changes not yet alerted. */
export async function dueAlerts(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('monitor_watches')
    .select('monitor_id')
    .where('next_alert_at', '<=', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('monitor_changes')
          .select('monitor_changes.id')
          .whereRef('monitor_changes.monitor_id', '=', 'monitor_watches.monitor_id')
          .where('monitor_changes.alerted_at', 'is', null),
      ),
    )
    .orderBy('next_alert_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.monitor_id);
}

/** Whether the watch has anything to do at `now` (the repeatable job's look before it starts a thread). */
export async function watchHasWork(db: Db, now: string, chooseBefore: string): Promise<boolean> {
  // The first due page of a watched monitor, by the due index: a look that stops at the first row.
  const due = await db
    .selectFrom('monitor_watch_pages')
    .innerJoin('monitors', 'monitors.id', 'monitor_watch_pages.monitor_id')
    .select('monitor_watch_pages.url')
    .where('monitor_watch_pages.next_read_at', '<=', now)
    .where('monitors.status', '=', 'active')
    .where('monitors.next_run_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return (
    due !== undefined ||
    (await watchesToChoose(db, chooseBefore, 1)).length > 0 ||
    (await dueAlerts(db, now, 1)).length > 0
  );
}

export async function getWatch(db: Db, monitorId: string): Promise<WatchRow | undefined> {
  const row = await db.selectFrom('monitor_watches').selectAll().where('monitor_id', '=', monitorId).executeTakeFirst();
  return (
    row && {
      monitorId: row.monitor_id,
      pagesAt: row.pages_at,
      site: row.site,
      alertFields: row.alert_fields,
      webhookFormat: row.webhook_format,
      nextAlertAt: row.next_alert_at,
    }
  );
}

/** The monitor's watch row, made if it is not there yet. */
export async function ensureWatch(db: Db, monitorId: string, now: string): Promise<void> {
  await db
    .insertInto('monitor_watches')
    .values({ monitor_id: monitorId, created_at: now })
    .onConflict((oc) => oc.column('monitor_id').doNothing())
    .execute();
}

/**
 * Takes the monitor's watch for one tick until `until` (made if it is not there): false while
 * another tick holds it, so two processes never read a site's pages twice at once.
 */
export async function leaseWatch(db: Db, monitorId: string, now: string, until: string): Promise<boolean> {
  await ensureWatch(db, monitorId, now);
  const updated = await db
    .updateTable('monitor_watches')
    .set({ lease_until: until })
    .where('monitor_id', '=', monitorId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function releaseWatch(db: Db, monitorId: string): Promise<void> {
  await db.updateTable('monitor_watches').set({ lease_until: null }).where('monitor_id', '=', monitorId).execute();
}

export async function updateWatch(
  db: Db,
  monitorId: string,
  patch: Partial<Pick<WatchRow, 'pagesAt' | 'site' | 'alertFields' | 'webhookFormat' | 'nextAlertAt'>>,
): Promise<void> {
  const values = {
    ...(patch.pagesAt !== undefined && { pages_at: patch.pagesAt }),
    ...(patch.site !== undefined && { site: patch.site }),
    ...(patch.alertFields !== undefined && { alert_fields: patch.alertFields }),
    ...(patch.webhookFormat !== undefined && { webhook_format: patch.webhookFormat }),
    ...(patch.nextAlertAt !== undefined && { next_alert_at: patch.nextAlertAt }),
  };
  if (Object.keys(values).length === 0) return;
  await db.updateTable('monitor_watches').set(values).where('monitor_id', '=', monitorId).execute();
}

/**
 * The monitor's watched pages become `pages` (their first reading due at `firstRead(url)`): new ones
 * are added, kept ones keep their reading and mute, gone ones are dropped (their history stays).
 */
export async function setWatchedPages(
  db: Db,
  monitorId: string,
  pages: readonly string[],
  firstRead: (url: string) => string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const kept = new Set(pages);
    const stored = await trx
      .selectFrom('monitor_watch_pages')
      .select('url')
      .where('monitor_id', '=', monitorId)
      .execute();
    const gone = stored.map((row) => row.url).filter((url) => !kept.has(url));
    for (let start = 0; start < gone.length; start += 200)
      await trx
        .deleteFrom('monitor_watch_pages')
        .where('monitor_id', '=', monitorId)
        .where('url', 'in', gone.slice(start, start + 200))
        .execute();
    const had = new Set(stored.map((row) => row.url));
    const added = pages.filter((url) => !had.has(url));
    for (let start = 0; start < added.length; start += 200)
      await trx
        .insertInto('monitor_watch_pages')
        .values(
          added
            .slice(start, start + 200)
            .map((url) => ({ monitor_id: monitorId, url, snapshot: null, next_read_at: firstRead(url) })),
        )
        .onConflict((oc) => oc.columns(['monitor_id', 'url']).doNothing())
        .execute();
  });
}

function toPage(row: { url: string; snapshot: string | null; next_read_at: string; muted: number }): WatchedPage {
  return { url: row.url, snapshot: row.snapshot, nextReadAt: row.next_read_at, muted: Number(row.muted) === 1 };
}

export async function watchedPages(db: Db, monitorId: string): Promise<WatchedPage[]> {
  const rows = await db
    .selectFrom('monitor_watch_pages')
    .select(['url', 'snapshot', 'next_read_at', 'muted'])
    .where('monitor_id', '=', monitorId)
    .orderBy('url')
    .execute();
  return rows.map(toPage);
}

/** The monitor's pages due at `now`, the most overdue first. */
export async function duePagesOf(db: Db, monitorId: string, now: string, limit: number): Promise<WatchedPage[]> {
  const rows = await db
    .selectFrom('monitor_watch_pages')
    .select(['url', 'snapshot', 'next_read_at', 'muted'])
    .where('monitor_id', '=', monitorId)
    .where('next_read_at', '<=', now)
    .orderBy('next_read_at')
    .orderBy('url')
    .limit(limit)
    .execute();
  return rows.map(toPage);
}

export async function saveReading(
  db: Db,
  monitorId: string,
  url: string,
  reading: { snapshot: string | null; readAt: string; nextReadAt: string },
): Promise<void> {
  await db
    .updateTable('monitor_watch_pages')
    .set({ snapshot: reading.snapshot, read_at: reading.readAt, next_read_at: reading.nextReadAt })
    .where('monitor_id', '=', monitorId)
    .where('url', '=', url)
    .execute();
}

/** Mutes or unmutes a watched page; false when the monitor watches no such page. */
export async function setPageMuted(db: Db, monitorId: string, url: string, muted: boolean): Promise<boolean> {
  const updated = await db
    .updateTable('monitor_watch_pages')
    .set({ muted: muted ? 1 : 0 })
    .where('monitor_id', '=', monitorId)
    .where('url', '=', url)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * The monitor's last audited pages that answered 200, the most linked first (the audit's `inlinks`):
 * the pages that matter most after the start page.
 */
export async function mostLinkedPages(db: Db, monitorId: string, limit: number): Promise<string[]> {
  const run = await db
    .selectFrom('monitor_runs')
    .innerJoin('site_audits', 'site_audits.id', 'monitor_runs.audit_id')
    .select('monitor_runs.audit_id')
    .where('monitor_runs.monitor_id', '=', monitorId)
    .where('site_audits.status', '=', 'done')
    .orderBy('monitor_runs.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run?.audit_id) return [];
  const rows = await db
    .selectFrom('site_audit_pages')
    .select(['url', 'facts'])
    .where('audit_id', '=', run.audit_id)
    .where('kind', '=', 'page')
    .execute();
  const pages: Array<{ url: string; inlinks: number }> = [];
  for (const row of rows) {
    const facts = JSON.parse(row.facts) as { status?: unknown; inlinks?: unknown };
    if (facts.status === 200) pages.push({ url: row.url, inlinks: Number(facts.inlinks) || 0 });
  }
  pages.sort((a, b) => b.inlinks - a.inlinks || a.url.localeCompare(b.url));
  return pages.slice(0, limit).map((page) => page.url);
}
