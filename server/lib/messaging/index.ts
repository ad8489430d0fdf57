import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '#db/index.ts';
import { makePendingDue } from '#db/messages.ts';
import { waitForOutcome, type Jobs } from '#server/lib/jobs/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { deliverSoon, MESSAGE_DELIVERY_JOB } from './outbox.ts';

/*
 * Messaging (docs/decisions/0049): one outbox for everything the site sends (db/messages.ts), one
 * delivery (a repeatable job, job.ts) with one retry schedule (delivery.ts), one mail sender
 * (mail.ts) and one webhook sender (webhook.ts). Features build messages and queue them
 * (outbox.ts); this is the process's side: a delivery asked for, and the start-up rule.
 */

export { deliverSoon, forOperator, giveUpAt, queueMessages, MESSAGE_DELIVERY_JOB, type About } from './outbox.ts';
export type { EventBody, MailPayload, OperatorMail, WebhookPayload } from './types.ts';
export { DeliveryError } from './types.ts';

export interface Messaging {
  /** A delivery starts now in whichever process works; failures to ask are logged (the next beat delivers). */
  deliverSoon(): void;
  /** A delivery that starts after this call, awaited: everything due now has had its attempt (tests). */
  deliverNow(): Promise<void>;
  /**
   * Before the first request: on SQLite, where one process owns the file, every message still
   * waiting is due at once (a restart retries them, and a claim left by a killed process waits out
   * no lease).
   */
  prepare(): Promise<void>;
}

export function createMessaging({ db, jobs, log }: { db: Db; jobs: Jobs; log: Logger }): Messaging {
  return {
    deliverSoon() {
      deliverSoon(jobs).catch((error: unknown) => log.error({ err: error }, 'a message delivery could not be queued'));
    },
    async deliverNow() {
      // Watched before it is queued, so its end cannot be missed.
      const id = randomUUID();
      const waiter = waitForOutcome(jobs, MESSAGE_DELIVERY_JOB, id, { timeoutMs: 120_000, recheckMs: 1_000 });
      try {
        await jobs.enqueue(MESSAGE_DELIVERY_JOB, null, { id });
        const end = await waiter.end;
        if (end.type === 'failed') throw new Error(`The message delivery failed: ${end.error}`);
      } finally {
        waiter.stop();
      }
    },
    async prepare() {
      if (dialectOf(db) !== 'sqlite') return;
      const due = await makePendingDue(db, Date.now());
      if (due > 0) log.info({ messages: due }, 'messages waiting since the last run are due now');
    },
  };
}
