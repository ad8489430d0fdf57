import { claimMessage, dueMessages, markMessageDelivered, markMessageFailed, type MessageRow } from '#db/messages.ts';
import type { Logger } from '#server/lib/logger.ts';

/*
 * The one delivery loop (docs/decisions/0049): every due message, each attempt claimed before it is
 * made (so of several processes exactly one makes it, and one that dies mid-attempt leaves it due
 * again after the lease), one retry schedule for everything, and the give-up time each row carries.
 */

/** First retry 15 s after a failure, then doubling up to an hour between attempts. */
export const FIRST_RETRY_MS = 15_000;
export const MAX_RETRY_MS = 60 * 60_000;
/**
 * How long a claimed attempt keeps its row from every other process: far longer than an attempt can
 * take (a webhook gives up after 10 s, SMTP after 15 s without progress).
 */
export const ATTEMPT_LEASE_MS = 5 * 60_000;
/** Rows read per query; the loop reads again until none is due. */
const BATCH = 20;

/** Delay before attempt n+1 after n attempts (n ≥ 1). */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryOptions {
  db: Parameters<typeof dueMessages>[0];
  /** Sends one message; throws when it was not taken (senders.ts). */
  send(row: MessageRow): Promise<void>;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Injected by tests; Date.now otherwise. */
  now?: () => number;
  /** Stops between messages (the job's abort). */
  signal?: AbortSignal;
}

/** One attempt at one row, if this process wins its claim. */
async function attempt(row: MessageRow, options: DeliveryOptions, now: () => number): Promise<boolean> {
  const { db, log } = options;
  const started = now();
  const leaseUntil = started + ATTEMPT_LEASE_MS;
  // Another process got there first (or it was delivered meanwhile): theirs to make.
  if (!(await claimMessage(db, row, leaseUntil))) return false;
  const made = row.attempts + 1;
  const about = { id: row.id, kind: row.kind, channel: row.channel, attempt: made };
  try {
    await options.send(row);
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    const expired = now() >= row.giveUpAt;
    await markMessageFailed(db, row, {
      error: failure,
      leaseUntil,
      retryAt: started + retryDelay(made),
      giveUpAt: expired ? new Date(now()).toISOString() : null,
    });
    log.warn({ ...about, error: failure }, expired ? 'message given up' : 'message not delivered; will retry');
    return true;
  }
  await markMessageDelivered(db, row, new Date(now()).toISOString());
  log.info(about, 'message delivered');
  return true;
}

/** Delivers every message due, batch after batch, until none is; answers how many attempts it made. */
export async function deliverDue(options: DeliveryOptions): Promise<number> {
  const now = options.now ?? Date.now;
  let attempts = 0;
  for (;;) {
    const rows = await dueMessages(options.db, now(), BATCH);
    for (const row of rows) {
      if (options.signal?.aborted) return attempts;
      if (await attempt(row, options, now)) attempts += 1;
    }
    if (rows.length < BATCH) return attempts;
  }
}
