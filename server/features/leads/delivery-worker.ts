import { dialectOf, type Db } from '#db/index.ts';
import {
  claimAttempt,
  dueEvents,
  markAttemptFailed,
  markDelivered,
  nextDueAt,
  type Channel,
  type OutboxRow,
} from '#db/outbox.ts';
import type { Logger } from '#server/lib/logger.ts';
import { DeliveryError, type LeadEvent, type Sender } from './delivery-types.ts';

/** First retry after 15 s, then doubling up to an hour between attempts. */
export const FIRST_RETRY_MS = 15_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** Attempts stop once an event is this old: well over a day of retries (then the admin inbox shows it). */
export const GIVE_UP_AFTER_MS = 72 * 60 * 60_000;
/**
 * How long a claimed attempt keeps its row from every other pass and process: far longer than an
 * attempt can take (the webhook gives up after 10 s, SMTP after 15 s without progress). When the
 * process dies mid-attempt, the row is due again once this has passed (or at once on a restart of
 * the one process that owns a SQLite file).
 */
export const ATTEMPT_LEASE_MS = 5 * 60_000;
/**
 * With a shared outbox (several processes on one PostgreSQL) a lead may be stored, or its attempt
 * cut off, by another process: a worker looks at least this often even when nothing it knows of is
 * due, so every process that drains (ROLE all or worker) finds such rows without a restart.
 */
export const SHARED_POLL_MS = 15_000;
/** Rows taken per pass; the rest wait for the next pass, a moment later. */
const BATCH = 20;

/** Delay before attempt n+1 after n attempts (n ≥ 1). */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface WorkerOptions {
  db: Db;
  senders: Sender[];
  log: Logger;
  /** Injected for tests; Date.now otherwise (vi.useFakeTimers controls both it and setTimeout). */
  now?: () => number;
  /**
   * Other processes may deliver from the same outbox (several servers on one PostgreSQL), so at
   * start a row claimed by one of them is left to its lease. Default: on PostgreSQL, yes; on
   * SQLite, no (one server owns the file, so at its start nothing can be in flight).
   */
  sharedOutbox?: boolean;
}

export interface DeliveryWorker {
  /** Delivers everything still pending once (a restart retries at once), then follows the schedule. */
  start(): void;
  /** A new event was queued: deliver it now rather than at the next scheduled pass. */
  kick(): void;
  /** Resolves when the current pass (if any) has finished; for shutdown and tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends queued lead events, one at a time, in the server process. Each attempt is claimed before it
 * is made (claimAttempt): the claim is atomic, so of several processes polling one database only
 * one makes a given attempt, and a crash mid-delivery leaves the row due again: at least once.
 */
export function createDeliveryWorker({
  db,
  senders,
  log,
  now = Date.now,
  sharedOutbox = dialectOf(db) === 'postgres',
}: WorkerOptions): DeliveryWorker {
  const byChannel = new Map<Channel, Sender>(senders.map((sender) => [sender.channel, sender]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let ignoreSchedule = false;

  async function deliver(row: OutboxRow): Promise<void> {
    const started = now();
    const leaseUntil = started + ATTEMPT_LEASE_MS;
    // Another pass or process got there first (or it was delivered meanwhile): theirs to make.
    if (!(await claimAttempt(db, row.eventId, row.channel, row.nextAttemptAt, leaseUntil))) return;
    const attempt = row.attempts + 1;
    const sender = byChannel.get(row.channel);
    let failure: string | undefined;
    try {
      if (!sender) throw new DeliveryError(`${row.channel}: not configured any more`);
      await sender.send({ ...(JSON.parse(row.payload) as LeadEvent), body: row.payload });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    try {
      if (failure === undefined) {
        await markDelivered(db, row.eventId, row.channel, new Date(now()).toISOString());
        log.info({ eventId: row.eventId, channel: row.channel, attempt }, 'lead delivered');
        return;
      }
      const expired = now() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
      await markAttemptFailed(db, row.eventId, row.channel, {
        error: failure,
        leaseUntil,
        retryAt: started + retryDelay(attempt),
        giveUpAt: expired ? new Date(now()).toISOString() : null,
      });
      log.warn(
        { eventId: row.eventId, channel: row.channel, attempt, error: failure },
        expired ? 'lead delivery given up' : 'lead delivery failed; will retry',
      );
    } catch (error) {
      // Shut down meanwhile (the database is closed): the claimed attempt is simply made again later.
      if (stopped) return;
      throw error;
    }
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      const all = ignoreSchedule;
      ignoreSchedule = false;
      const rows = await dueEvents(db, now(), BATCH, all);
      for (const row of rows) {
        if (stopped) return;
        await deliver(row);
      }
      if (rows.length === BATCH) again = true;
      // A kick while the timer is being set makes one more pass.
      else await schedule();
    } while (again && !stopped);
  }

  async function schedule(): Promise<void> {
    clearTimeout(timer);
    if (stopped) return;
    const next = await nextDueAt(db);
    clearTimeout(timer);
    if (stopped || (next === null && !sharedOutbox)) return;
    // Capped so a clock change cannot park a lead for long, and shorter on a shared outbox.
    const cap = sharedOutbox ? SHARED_POLL_MS : MAX_RETRY_MS;
    timer = setTimeout(run, Math.min(next === null ? cap : Math.max(0, next - now()), cap));
    timer.unref?.();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        if (stopped) return;
        log.error({ err: error }, 'lead delivery pass failed');
        // The database may be back in a moment: try again then rather than wait for the next lead.
        clearTimeout(timer);
        timer = setTimeout(run, FIRST_RETRY_MS);
        timer.unref?.();
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      ignoreSchedule = !sharedOutbox;
      run();
    },
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const sender of senders) sender.close?.();
    },
  };
}
