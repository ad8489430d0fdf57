import { setMaxListeners } from 'node:events';
import type { Db } from '#db/index.ts';
import { insertChanges, pruneChanges, type NewChange } from '#db/monitoring/changes.ts';
import { getMonitor, type MonitorRow } from '#db/monitoring/monitors.ts';
import {
  dueAlerts,
  dueWatches,
  duePagesOf,
  leaseWatch,
  mostLinkedPages,
  releaseWatch,
  saveReading,
  setWatchedPages,
  updateWatch,
  watchesToChoose,
  type WatchedPage,
} from '#db/monitoring/watch.ts';
import type { MonitoringSettings } from '#server/config/monitoring.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import type { RobotsPolicy } from '#server/lib/crawler/robots.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { BLIP_FIELD } from '#views/model/monitor-changes.ts';
import { compareSnapshots, isErrorSnapshot, type PageSnapshot } from './watch-fields.ts';
import { politely, readPage, realWait, type SitemapReader, type Wait } from './watch-read.ts';
import { checkSite } from './watch-site.ts';
import { flushWatchAlerts } from './watch-alerts.ts';
import type { AlertSettings } from './alerts.ts';

export type WatchSettings = MonitoringSettings['watch'];

export interface WatchOptions {
  db: Db;
  fetcher: SafeFetcher;
  settings: WatchSettings;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** The site audit's sitemap reader (absent: pages come from the start page and the last audit only). */
  sitemaps?: SitemapReader;
  wait?: Wait;
  signal?: AbortSignal;
  /** Who the alerts speak for (absent: changes are recorded, never alerted). */
  alerts?: AlertSettings;
  /** Asks for the outbox's delivery once a look queued an alert. */
  kick?: () => Promise<void>;
}

/** Watched pages are chosen again daily (the sitemap and the last audit move). */
export const CHOOSE_EVERY_MS = 24 * 3_600_000;
/** Monitors worked on per tick, and at once. */
const MONITORS_PER_TICK = 200;
const MONITORS_AT_ONCE = 8;
/**
 * Monitors whose pages are chosen per tick: a choice reads the site's sitemap and stores up to 500
 * pages, so 50 new monitors (or a day's choices) are spread over ten ticks instead of one burst.
 */
const CHOICES_PER_TICK = 5;
/** A tick's monitors start spread over this part of it, so the job thread's reading and parsing is flat. */
const TICK_SPREAD_MS = 10_000;
/** Pages of one monitor read per tick at most (the rest stay due for the next tick). */
const PAGES_PER_TICK = 500;

/**
 * How often the watch looks for due pages (the repeatable job's slot; the definitions are made
 * before the configuration is read, so it is fixed): a page is read at most this late.
 */
export const WATCH_TICK_MS = 15_000;

/** Where in the cycle a URL's reading falls (a stable hash): a monitor's pages spread over the cycle. */
export function cycleOffset(url: string, intervalMs: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < url.length; index += 1) hash = Math.imul(hash ^ url.charCodeAt(index), 0x01000193);
  return (hash >>> 0) % Math.max(1, intervalMs);
}

/**
 * The page's next reading: a cycle after this one less one look, since a page is read at the first
 * look at or after its due time (up to a look late): so no reading is older than a cycle. A cycle
 * after its last due time when this look came later than that; respread when the watch fell behind.
 */
function nextReadOf(page: WatchedPage, intervalMs: number, now: number): string {
  const next = Math.min(
    Date.parse(page.nextReadAt) + intervalMs,
    now + intervalMs - Math.min(WATCH_TICK_MS, intervalMs / 2),
  );
  return new Date(next > now ? next : now + cycleOffset(page.url, intervalMs)).toISOString();
}

/** The start page, then the last audit's most-linked pages, then the sitemap's, up to the setting. */
async function choosePages(options: WatchOptions, monitor: MonitorRow, sitemap: readonly string[]): Promise<string[]> {
  const { maxPages } = options.settings;
  const chosen = new Set<string>([normalizeUrl(monitor.url) ?? monitor.url]);
  for (const url of await mostLinkedPages(options.db, monitor.id, maxPages)) chosen.add(url);
  for (const url of sitemap) {
    if (chosen.size >= maxPages) break;
    chosen.add(url);
  }
  return [...chosen].slice(0, maxPages);
}

/** A reading as stored: the page's fields, and a new error held until the page's next read says whether it lasts. */
type StoredReading = PageSnapshot & { held?: PageSnapshot };

interface Reading {
  page: WatchedPage;
  before: StoredReading | null;
  after: PageSnapshot;
}

/**
 * What one reading adds to the history and keeps. Nothing for a first reading or an unchanged page.
 * A new error is held (kept beside the last reading, no record) and the page read again soon
 * (`hold`); at that read, back → one blip record (with any other field that changed meanwhile),
 * still failing → the change from the last good reading, recorded (and alerted) as usual.
 */
function outcomeOf(reading: Reading, wordChange: number) {
  const { before, after, page } = reading;
  if (!before) return { changes: [] as NewChange[], keep: after as StoredReading, hold: false };
  const { held, ...last } = before;
  if (!held && isErrorSnapshot(after) && after.status !== last.status)
    return { changes: [] as NewChange[], keep: { ...last, held: after } as StoredReading, hold: true };
  const { changes, keep } = compareSnapshots(last, after, wordChange);
  const found: NewChange[] = changes.map((change) => ({ url: page.url, ...change }));
  if (held && !isErrorSnapshot(after))
    found.unshift({ url: page.url, field: BLIP_FIELD, before: last.status, after: held.status, severity: 'info' });
  return { changes: found, keep: keep as StoredReading, hold: false };
}

/**
 * Reads the monitor's due pages politely, compares each with its last reading and stores what
 * changed with the new readings. A page whose new error is held is due again `recheckMs` later
 * (a later look of the job reads it), the others a cycle later.
 */
async function readDuePages(options: WatchOptions, monitor: MonitorRow, robots: RobotsPolicy, at: Date) {
  const { db, fetcher, settings } = options;
  const now = at.getTime();
  const perTick =
    robots.crawlDelayMs > 0 ? Math.max(1, Math.floor(WATCH_TICK_MS / robots.crawlDelayMs)) : PAGES_PER_TICK;
  const due = await duePagesOf(db, monitor.id, at.toISOString(), perTick);
  const readings: Reading[] = [];
  const polite = {
    concurrency: settings.hostConcurrency,
    spacingMs: robots.crawlDelayMs,
    wait: options.wait ?? realWait,
    signal: options.signal,
  };
  const readable = due.filter((page) => robots.isAllowed(page.url));
  await politely(readable, polite, async (page) => {
    const before = page.snapshot ? (JSON.parse(page.snapshot) as StoredReading) : null;
    readings.push({ page, before, after: await readPage(fetcher, page.url, options.signal) });
  });
  const results = readings.map((reading) => outcomeOf(reading, settings.wordChange));
  const changes = results.flatMap((result) => result.changes);
  await db.transaction().execute(async (trx) => {
    await insertChanges(trx, monitor.id, changes, at.toISOString());
    for (const [index, reading] of readings.entries()) {
      const { keep, hold } = results[index]!;
      await saveReading(trx, monitor.id, reading.page.url, {
        snapshot: JSON.stringify(keep),
        readAt: at.toISOString(),
        nextReadAt: hold
          ? new Date(now + settings.recheckMs).toISOString()
          : nextReadOf(reading.page, settings.intervalMs, now),
      });
    }
    // A page robots.txt now blocks is not read; it is looked at again next cycle.
    for (const page of due.filter((entry) => !robots.isAllowed(entry.url)))
      await saveReading(trx, monitor.id, page.url, {
        snapshot: page.snapshot,
        readAt: at.toISOString(),
        nextReadAt: nextReadOf(page, settings.intervalMs, now),
      });
  });
  return { read: readings.length, changes: changes.length };
}

/** One monitor's turn in a tick, under its lease: pages chosen when due, due pages read. */
async function watchMonitor(options: WatchOptions, monitorId: string, at: Date, choose: boolean) {
  const { db, settings } = options;
  const now = at.toISOString();
  const leaseMs = Math.max(5 * 60_000, 2 * WATCH_TICK_MS);
  if (!(await leaseWatch(db, monitorId, now, new Date(at.getTime() + leaseMs).toISOString())))
    return { read: 0, changes: 0, alerted: false };
  try {
    const monitor = await getMonitor(db, monitorId);
    if (!monitor) return { read: 0, changes: 0, alerted: false };
    const site = await checkSite({ ...options, intervalMs: settings.intervalMs }, monitor.id, monitor.origin, at);
    if (choose) {
      const pages = await choosePages(options, monitor, site.sitemap);
      await setWatchedPages(db, monitor.id, pages, (url) =>
        new Date(at.getTime() + cycleOffset(url, settings.intervalMs)).toISOString(),
      );
      await updateWatch(db, monitor.id, { pagesAt: now });
    }
    const pages = await readDuePages(options, monitor, site.robots.policy, at);
    // Once a cycle, the history is kept within its days and bytes.
    if (site.cycled)
      await pruneChanges(db, monitor.id, {
        before: new Date(at.getTime() - settings.historyDays * 86_400_000).toISOString(),
        maxBytes: settings.historyBytes,
      });
    const alerted = options.alerts
      ? await flushWatchAlerts(
          { db, settings: options.alerts, intervalMs: settings.intervalMs, holdMs: settings.recheckMs + WATCH_TICK_MS },
          monitor,
          at,
        )
      : false;
    return { read: pages.read, changes: pages.changes + site.changes, alerted };
  } finally {
    await releaseWatch(db, monitorId);
  }
}

export interface WatchTickResult {
  monitors: number;
  read: number;
  changes: number;
  /** Monitors whose alert this look queued. */
  alerts: number;
}

/**
 * One look of the watch at `at` (the repeatable job's run): monitors whose pages are to be chosen
 * get them, and every monitor with pages due has them read. Several looks at once (processes, a
 * look still running) share the monitors by lease.
 */
export async function watchTick(options: WatchOptions, at: Date): Promise<WatchTickResult> {
  const result: WatchTickResult = { monitors: 0, read: 0, changes: 0, alerts: 0 };
  if (options.settings.intervalMs <= 0) return result;
  // Every read of the look listens to its signal: many at once are expected, not a leak.
  if (options.signal) setMaxListeners(0, options.signal);
  const toChoose = await watchesToChoose(
    options.db,
    new Date(at.getTime() - CHOOSE_EVERY_MS).toISOString(),
    CHOICES_PER_TICK,
  );
  const due = await dueWatches(options.db, at.toISOString(), MONITORS_PER_TICK);
  const alerts = await dueAlerts(options.db, at.toISOString(), MONITORS_PER_TICK);
  const ids = [...new Set([...toChoose, ...due, ...alerts])];
  const choose = new Set(toChoose);
  await politely(
    ids,
    {
      concurrency: MONITORS_AT_ONCE,
      spacingMs: 0,
      paceMs: TICK_SPREAD_MS / ids.length,
      wait: options.wait ?? realWait,
      signal: options.signal,
    },
    async (id) => {
      try {
        const done = await watchMonitor(options, id, at, choose.has(id));
        result.monitors += 1;
        result.read += done.read;
        result.changes += done.changes;
        if (done.alerted) result.alerts += 1;
      } catch (error) {
        options.log.warn({ err: error, monitor: id }, 'monitor watch failed this tick');
      }
    },
  );
  // The alerts are stored: a failed ask leaves them to the delivery's next beat.
  if (result.alerts > 0)
    await options
      .kick?.()
      .catch((error: unknown) => options.log.warn({ err: error }, 'watch alerts wait for the next delivery'));
  return result;
}
