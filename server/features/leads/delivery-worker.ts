import type { Db } from '#db/index.ts';
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
 * Sends queued lead events, one at a time, in the server process. Each attempt is recorded before
 * it is made (claimAttempt), so a crash mid-delivery leaves the row due again: at least once.
 */
export function createDeliveryWorker({ db, senders, log, now = Date.now }: WorkerOptions): DeliveryWorker {
  const byChannel = new Map<Channel, Sender>(senders.map((sender) => [sender.channel, sender]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let ignoreSchedule = false;

  async function deliver(row: OutboxRow): Promise<void> {
    const started = now();
    claimAttempt(db, row.eventId, row.channel, started + retryDelay(row.attempts + 1));
    const sender = byChannel.get(row.channel);
    try {
      if (!sender) throw new DeliveryError(`${row.channel}: not configured any more`);
      await sender.send({ ...(JSON.parse(row.payload) as LeadEvent), body: row.payload });
      // Shut down meanwhile: the claimed attempt is simply made again on the next start.
      if (!db.open) return;
      markDelivered(db, row.eventId, row.channel, new Date(now()).toISOString());
      log.info({ eventId: row.eventId, channel: row.channel, attempt: row.attempts + 1 }, 'lead delivered');
    } catch (error) {
      if (!db.open) return;
      const message = error instanceof Error ? error.message : String(error);
      const expired = now() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
      markAttemptFailed(db, row.eventId, row.channel, message, expired ? new Date(now()).toISOString() : null);
      log.warn(
        { eventId: row.eventId, channel: row.channel, attempt: row.attempts + 1, error: message },
        expired ? 'lead delivery given up' : 'lead delivery failed; will retry',
      );
    }
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      const all = ignoreSchedule;
      ignoreSchedule = false;
      const rows = dueEvents(db, now(), BATCH, all);
      for (const row of rows) {
        if (stopped) return;
        await deliver(row);
      }
      if (rows.length === BATCH) again = true;
    } while (again && !stopped);
  }

  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    const next = nextDueAt(db);
    if (next === null) return;
    // Capped so a clock change cannot park a lead for long.
    timer = setTimeout(run, Math.min(Math.max(0, next - now()), MAX_RETRY_MS));
    timer.unref?.();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'lead delivery pass failed'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start() {
      ignoreSchedule = true;
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
