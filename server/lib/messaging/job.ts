import { hasDueMessages } from '#db/messages.ts';
import type { Config } from '#server/config/index.ts';
import { defineJob, type JobDeps } from '#server/lib/jobs/index.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { deliverDue } from './delivery.ts';
import { MESSAGE_DELIVERY_JOB } from './outbox.ts';
import { createSenders } from './senders.ts';
import type { OperatorMail } from './types.ts';

/**
 * How often the delivery runs besides the runs asked for when a message is stored: retries come due
 * on this beat, and it finds what a process stored when its ask was lost.
 */
export const DELIVERY_EVERY_MS = 15_000;

/** What the delivery's thread has (the app's job deps have it: server/jobs.ts). */
export interface MessagingJobDeps extends JobDeps {
  config: Config;
  fetcher: SafeFetcher;
}

/**
 * The one delivery of everything the site sends, a repeatable job: in a job thread of a process
 * that works, it sends every message that is due (until none is) and records each outcome.
 * `operatorMail` gives a mail to the operator its words (the leads feature's).
 */
export function messageDeliveryJob(operatorMail: OperatorMail) {
  return defineJob<null, never, { attempts: number }, MessagingJobDeps>({
    name: MESSAGE_DELIVERY_JOB,
    concurrency: 1,
    // A run that fails (the database away) is not retried: the next beat is the retry.
    attempts: 1,
    backoffMs: 0,
    repeat: { everyMs: DELIVERY_EVERY_MS, hasWork: ({ db }) => hasDueMessages(db, Date.now()) },
    // Thousands of runs a day: each is forgotten within the hour.
    retentionMs: 60 * 60_000,
    // Where anything is sent, its thread is ready before the first lead: it goes out within a second.
    warmWhen: (config) => config.leadDelivery.webhook !== null || config.leadDelivery.email !== null,
    async run(job, deps) {
      const { config } = deps;
      const senders = createSenders({
        settings: config.leadDelivery,
        siteUrl: config.siteUrl,
        businessEmail: config.siteProfile.business.email,
        fetcher: deps.fetcher,
        operatorMail,
      });
      try {
        return { attempts: await deliverDue({ db: deps.db, send: senders.send, log: deps.log, signal: job.signal }) };
      } finally {
        senders.close();
      }
    },
  });
}
