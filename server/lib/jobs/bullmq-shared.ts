import { setTimeout as delay } from 'node:timers/promises';
import type {
  Job,
  JobState as BullState,
  PostgresConnectionOptions,
  PostgresQueueBackend,
  QueueEvents,
  QueueEventsListener,
  QueueEventsProducer,
} from 'bullmq';
import { randomJobId } from './context.ts';
import { JOB_REASONS, type JobStatus } from './types.ts';

/** What a BullMQ job's data holds: the input, who added it (joining), and a cancel mark. */
export interface Envelope {
  input: unknown;
  nonce: string;
  /** Set by `cancel`: the job never runs again; 'queued' was cancelled before it started. */
  cancelled?: 'queued' | 'active';
  /** Takes by a closing worker, given back untouched: BullMQ counted them as started, we do not. */
  returned?: number;
}

/** Tries started, as we count them (a closing worker's untouched takes left out). */
export function triesOf(job: Job): number {
  return job.attemptsStarted - ((job.data as Envelope | undefined)?.returned ?? 0);
}

/** Our custom events on each queue's event stream (QueueEventsProducer → every QueueEvents). */
export const CANCEL_EVENT = 'jobs:cancel';
export const READY_EVENT = 'jobs:ready';

export type PgQueueEvents = QueueEvents<unknown, PostgresQueueBackend, PostgresConnectionOptions>;
export type PgEventsProducer = QueueEventsProducer<PostgresQueueBackend, PostgresConnectionOptions>;

export interface OurEvents extends QueueEventsListener<unknown> {
  [CANCEL_EVENT]: (args: { jobId: string; was: string }, id: string) => void;
  [READY_EVENT]: (args: { token: string }, id: string) => void;
}

/**
 * The lock and stalled-check timings for JOB_STALL_SECONDS = S. A worker renews its jobs' locks
 * every lockDuration/2 (BullMQ's default), so a dead worker's lock expires at most lockDuration
 * after it died. The stalled check marks every active job on one pass and takes back, on a later
 * pass, those still marked whose lock has expired; passes run every stalledInterval. So the job is
 * back in the queue at most lockDuration + stalledInterval after the worker died (plus timer
 * jitter): with lockDuration = 2S/3 and stalledInterval = S/3 that is S, at most 60 s.
 */
export function stallTimings(stallSeconds: number): { lockDuration: number; stalledInterval: number } {
  return {
    lockDuration: Math.round((stallSeconds * 2000) / 3),
    stalledInterval: Math.round((stallSeconds * 1000) / 3),
  };
}

/**
 * BullMQ refuses ids that are integers or contain ':' (a crawl's id is its URL), so our ids travel
 * base64url-encoded behind a letter.
 */
export function toBullId(id: string): string {
  return `j${Buffer.from(id, 'utf8').toString('base64url')}`;
}

export function fromBullId(bullId: string): string {
  return bullId.startsWith('j') ? Buffer.from(bullId.slice(1), 'base64url').toString('utf8') : bullId;
}

const STALL_MESSAGES = new Set(['job stalled more than allowable limit', 'job started more than allowable limit']);

/** A failure reason in our words: BullMQ's own stall wording becomes "the worker stopped". */
export function publicReason(reason: string): string {
  return STALL_MESSAGES.has(reason) ? JOB_REASONS.workerStopped : reason;
}

export function isCancelReason(reason: string | undefined): boolean {
  return reason === JOB_REASONS.cancelledQueued || reason === JOB_REASONS.cancelledActive;
}

export function statusFrom(job: Job, state: BullState | 'unknown'): JobStatus | undefined {
  const cancelled = (job.data as Envelope | undefined)?.cancelled;
  switch (state) {
    case 'completed':
      return 'completed';
    case 'failed':
      return isCancelReason(job.failedReason) ? 'cancelled' : 'failed';
    case 'active':
      // A job cancelled while queued may be claimed by a worker that is about to drop it.
      return cancelled === 'queued' ? 'cancelled' : 'active';
    case 'waiting':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return cancelled ? 'cancelled' : 'queued';
    default:
      return undefined;
  }
}

/** The reason a state shows: a failure's, a cancel's, or a queued job's last failed try. */
export function errorFrom(job: Job, status: JobStatus): string | undefined {
  const cancelled = (job.data as Envelope | undefined)?.cancelled;
  if (status === 'cancelled' && !job.failedReason)
    return cancelled === 'queued' ? JOB_REASONS.cancelledQueued : JOB_REASONS.cancelledActive;
  if (status === 'completed' || !job.failedReason) return undefined;
  return publicReason(job.failedReason);
}

export function progressFrom(job: Job): unknown {
  const progress = job.progress as unknown;
  return typeof progress === 'object' && progress !== null && 'value' in progress ? progress.value : undefined;
}

/**
 * Resolves once `events` reads the stream: a QueueEvents starts from the events after its first
 * read, which may come after `waitUntilReady`, so a token is published (again, until seen).
 */
export async function eventsReading(events: PgQueueEvents, producer: PgEventsProducer): Promise<void> {
  const token = randomJobId();
  let seen!: () => void;
  const ready = new Promise<boolean>((resolve) => (seen = () => resolve(true)));
  const listener = (args: { token: string }) => {
    if (args.token === token) seen();
  };
  events.on<OurEvents, typeof READY_EVENT>(READY_EVENT, listener);
  try {
    for (let round = 0; round < 100; round++) {
      await producer.publishEvent({ eventName: READY_EVENT, token });
      // A first token published before the QueueEvents fixed its starting point is missed: published again soon.
      if (await Promise.race([ready, delay(25 + round * 50).then(() => false)])) return;
    }
    throw new Error('The job queue events never arrived.');
  } finally {
    events.off<OurEvents, typeof READY_EVENT>(READY_EVENT, listener);
  }
}
