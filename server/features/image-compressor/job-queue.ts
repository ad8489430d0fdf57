import { ImageCompressorError } from './errors.ts';

export interface JobQueueOptions {
  /** Jobs running at once (one encoder worker each). */
  concurrency: number;
  /** Jobs allowed to wait; beyond this callers are refused at once instead of piling up uploads. */
  maxQueued: number;
  /** Estimated bytes of all running jobs together (docs/decisions/0017). */
  memoryBudgetBytes: number;
  /** Jobs one client may have waiting or running; more are refused so one visitor cannot fill the queue. */
  maxPerClient: number;
  /** Seconds a refused caller is told to wait before retrying. */
  retryAfterSeconds: number;
  now?: () => number;
}

export interface Admission {
  /** Estimated bytes the job holds while it runs. */
  cost: number;
  /** Estimated encode time; with a deadline, a job that could not finish in time behind the others is refused at once. */
  expectedMs?: number;
  /** Who asked (an IP hash or address); absent = no per-client cap. */
  client?: string;
  /** Epoch ms by which the job must have started and finished; a job still waiting then is dropped. */
  deadline?: number;
  /** Aborting drops a waiting job (a running one is stopped by whoever runs it). */
  signal?: AbortSignal;
}

export interface JobQueue {
  run<T>(admission: Admission, job: () => Promise<T>): Promise<T>;
  stats(): { running: number; queued: number; bytesInFlight: number };
}

interface Waiter {
  admission: Admission;
  start: () => void;
  drop: (error: ImageCompressorError) => void;
}

/**
 * A bounded FIFO with a memory budget: a job starts when a slot is free AND its estimated memory fits
 * beside the running ones. Waiting jobs leave the line when their client goes away or their deadline
 * passes, so an abandoned request never runs.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const now = options.now ?? Date.now;
  let running = 0;
  let bytesInFlight = 0;
  let expectedRunningMs = 0;
  const waiting: Waiter[] = [];
  const perClient = new Map<string, number>();

  function fits(admission: Admission): boolean {
    // A job bigger than the whole budget still runs alone (callers keep such jobs out; this avoids a stall).
    return (
      running < options.concurrency && (running === 0 || bytesInFlight + admission.cost <= options.memoryBudgetBytes)
    );
  }

  function countClient(client: string | undefined, delta: number): void {
    if (!client) return;
    const next = (perClient.get(client) ?? 0) + delta;
    if (next <= 0) perClient.delete(client);
    else perClient.set(client, next);
  }

  /**
   * Why a job cannot even wait (its client left, or already holds its share, or the line is full,
   * or the work ahead could not leave it time), or null. Better a 503 now than after the deadline.
   */
  function refusalOf(admission: Admission, queued: boolean): ImageCompressorError | null {
    const retry = options.retryAfterSeconds;
    if (admission.signal?.aborted) return new ImageCompressorError('cancelled', 'The request was cancelled.');
    if (admission.client && (perClient.get(admission.client) ?? 0) >= options.maxPerClient) {
      return new ImageCompressorError(
        'client-limit',
        `You already have ${options.maxPerClient} images being compressed. Please wait for them to finish.`,
        retry,
      );
    }
    if (!queued) return null;
    if (waiting.length >= options.maxQueued)
      return new ImageCompressorError(
        'busy',
        'The image compressor is busy. Please try again in a few seconds.',
        retry,
      );
    // The work ahead, spread over the slots, plus this job.
    const aheadMs =
      (expectedRunningMs + waiting.reduce((sum, waiter) => sum + (waiter.admission.expectedMs ?? 0), 0)) /
      options.concurrency;
    if (admission.deadline === undefined || now() + aheadMs + (admission.expectedMs ?? 0) <= admission.deadline)
      return null;
    return new ImageCompressorError(
      'busy',
      'The image compressor is busy and could not finish your image in time. Please try again in a few seconds.',
      Math.max(retry, Math.ceil(aheadMs / 1000)),
    );
  }

  /** Takes a slot and the job's share of the budget. Synchronous, so `fits` sees it before the next waiter. */
  function take(admission: Admission): void {
    running += 1;
    bytesInFlight += admission.cost;
    expectedRunningMs += admission.expectedMs ?? 0;
  }

  function pump(): void {
    while (waiting.length > 0 && fits(waiting[0].admission)) {
      const next = waiting.shift()!;
      take(next.admission);
      next.start();
    }
  }

  async function run<T>(admission: Admission, job: () => Promise<T>): Promise<T> {
    const queued = waiting.length > 0 || !fits(admission);
    const refusal = refusalOf(admission, queued);
    if (refusal) throw refusal;
    if (queued) {
      countClient(admission.client, 1);
      try {
        await waitInLine(waiting, admission, { now, retryAfterSeconds: options.retryAfterSeconds, pump });
      } catch (error) {
        countClient(admission.client, -1);
        throw error;
      }
    } else {
      countClient(admission.client, 1);
      take(admission);
    }
    try {
      return await job();
    } finally {
      running -= 1;
      bytesInFlight -= admission.cost;
      expectedRunningMs -= admission.expectedMs ?? 0;
      countClient(admission.client, -1);
      pump();
    }
  }

  return { run, stats: () => ({ running, queued: waiting.length, bytesInFlight }) };
}

/**
 * Puts a job in line until `start` (called by the queue's pump) or until it is dropped: its client
 * went away, or its deadline passed while it waited. A dropped job leaves the line and lets the
 * pump look again (it may have been the head blocking smaller jobs behind it).
 */
function waitInLine(
  waiting: Waiter[],
  admission: Admission,
  queue: { now: () => number; retryAfterSeconds: number; pump: () => void },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cleanup = () => {
      clearTimeout(timer);
      admission.signal?.removeEventListener('abort', onAbort);
    };
    const waiter: Waiter = {
      admission,
      start: () => {
        cleanup();
        resolve();
      },
      drop: (error) => {
        cleanup();
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        reject(error);
        queue.pump();
      },
    };
    const onAbort = () => waiter.drop(new ImageCompressorError('cancelled', 'The request was cancelled.'));
    admission.signal?.addEventListener('abort', onAbort, { once: true });
    if (admission.deadline !== undefined) {
      timer = setTimeout(
        () =>
          waiter.drop(
            new ImageCompressorError(
              'deadline',
              'The image compressor is busy and could not start your image in time. Please try again in a few seconds.',
              queue.retryAfterSeconds,
            ),
          ),
        Math.max(0, admission.deadline - queue.now()),
      );
    }
    waiting.push(waiter);
  });
}
