import {
  claimMessage,
  dueMessages,
  markMessageDelivered,
  markMessageFailed,
  type MessageRow,
} from '#db/monitoring/messages.ts';
import type { Db } from '#db/index.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { Mailer, MailPayload, WebhookPayload } from './mail.ts';

/** First retry a minute later, then doubling up to an hour between attempts. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** A monitor's message not delivered within a day is given up: an alert that late is no alert. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** A claimed attempt keeps its row from every other process this long (a dead process's row is due again after). */
export const ATTEMPT_LEASE_MS = 5 * 60_000;
/**
 * How often each process that delivers looks for due messages. Alerts are queued by job threads
 * (and confirmations by web processes) that cannot wake it, so this bounds how late one goes out;
 * well within the five minutes an alert may take.
 */
export const POLL_MS = 15_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH = 20;

export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface MessageDelivery {
  start(): void;
  /** Something was queued in this process: deliver now rather than at the next poll. */
  kick(): void;
  /** One pass over what is due (tests drive it with an injected clock). */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Delivers the monitors' outbox (monitor_messages): mail through SMTP_URL, webhooks through the
 * guarded fetcher (the visitor's URL: every address checked, no redirect followed). Each attempt is
 * claimed first, so of several processes only one makes it, and a crash leaves it due again.
 */
export function createMessageDelivery(options: {
  db: Db;
  mailer: Mailer | undefined;
  fetcher: SafeFetcher;
  userAgent: string;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  now?: () => number;
}): MessageDelivery {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function send(row: MessageRow): Promise<void> {
    if (row.channel === 'email') {
      if (!options.mailer) throw new Error('email: SMTP_URL is not set');
      await options.mailer.send(JSON.parse(row.payload) as MailPayload, row.id);
      return;
    }
    const hook = JSON.parse(row.payload) as WebhookPayload;
    const res = await options.fetcher.fetch(hook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': options.userAgent,
        'X-Event-Id': row.id,
        'X-Monitor-Id': row.monitorId,
      },
      body: hook.body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      onTooLarge: 'truncate',
    });
    if (res.status < 200 || res.status > 299) {
      const redirect = res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : '';
      throw new Error(`webhook: answered HTTP ${res.status}${redirect}`);
    }
  }

  async function deliver(row: MessageRow): Promise<void> {
    const started = now();
    const leaseUntil = started + ATTEMPT_LEASE_MS;
    if (!(await claimMessage(db, row.id, row.nextAttemptAt, leaseUntil))) return;
    const attempt = row.attempts + 1;
    try {
      await send(row);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      const expired = now() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
      await markMessageFailed(db, row.id, {
        error: failure,
        leaseUntil,
        retryAt: started + retryDelay(attempt),
        giveUpAt: expired ? new Date(now()).toISOString() : null,
      });
      log.warn(
        { message: row.id, monitor: row.monitorId, channel: row.channel, attempt, error: failure },
        expired ? 'monitor message given up' : 'monitor message not delivered; will retry',
      );
      return;
    }
    await markMessageDelivered(db, row.id, new Date(now()).toISOString());
    log.info(
      { message: row.id, monitor: row.monitorId, channel: row.channel, purpose: row.purpose, attempt },
      'monitor message delivered',
    );
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      const rows = await dueMessages(db, now(), BATCH);
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
    timer = setTimeout(run, POLL_MS);
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
        if (!stopped) log.error({ err: error }, 'monitor message pass failed');
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start: run,
    kick: run,
    async pass() {
      while (running) await running;
      await pass();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.mailer?.close();
    },
  };
}
